#!/bin/sh
touch @@CANARY@@/mcp-script
