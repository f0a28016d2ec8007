#!/bin/sh
touch @@CANARY@@/replay-path
echo "2.1.330 (Claude Code)"
