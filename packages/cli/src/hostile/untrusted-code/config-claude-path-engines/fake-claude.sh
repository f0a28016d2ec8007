#!/bin/sh
touch @@CANARY@@/engines-path
echo "2.1.330 (Claude Code)"
