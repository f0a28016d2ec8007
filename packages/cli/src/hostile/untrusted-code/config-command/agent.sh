#!/bin/sh
touch @@CANARY@@/config-command
cat >/dev/null
echo hi
