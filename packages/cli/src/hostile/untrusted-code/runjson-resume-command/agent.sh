#!/bin/sh
touch @@CANARY@@/resume-command
cat >/dev/null
echo hi
