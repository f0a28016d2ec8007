#!/bin/sh
echo x > c.txt; git add c.txt; git -c user.name=a -c user.email=a@a commit -qm c 2>/dev/null
cat >/dev/null
echo hi
