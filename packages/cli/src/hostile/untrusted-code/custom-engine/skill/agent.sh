#!/bin/sh
touch @@CANARY@@/custom-engine
cat >/dev/null
echo hi
