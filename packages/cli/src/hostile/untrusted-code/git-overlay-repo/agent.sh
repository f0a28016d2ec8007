#!/bin/sh
git status >/dev/null 2>&1
# status re-hashes a file only when its stat data looks changed, which timing decides; renormalizing always cleans.
git add --renormalize . >/dev/null 2>&1
cat >/dev/null
echo hi
