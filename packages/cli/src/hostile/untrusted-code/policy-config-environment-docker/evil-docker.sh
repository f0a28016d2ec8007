#!/bin/sh
touch @@CANARY@@/docker-program
echo 'Docker version 99'
exit 1
