#!/bin/sh
echo other > m.txt; git -c user.name=a -c user.email=a@a commit -qam x; git -c user.name=a -c user.email=a@a merge -q feature -m m >/dev/null 2>&1
cat >/dev/null
echo hi
