#!/bin/sh
true
cat >/dev/null
echo hi
