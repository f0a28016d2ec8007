#!/bin/sh
echo x >> a.txt; git diff >/dev/null 2>&1
cat >/dev/null
echo hi
