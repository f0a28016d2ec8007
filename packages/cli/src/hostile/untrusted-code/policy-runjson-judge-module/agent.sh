#!/bin/sh
cat >/dev/null
echo hi
