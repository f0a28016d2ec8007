#!/bin/sh
touch @@CANARY@@/claude-path
echo "2.1.330 (Claude Code)"
