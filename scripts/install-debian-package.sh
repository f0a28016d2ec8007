#!/usr/bin/env bash
# Installs Debian package $2 (its own dependencies only, no recommended extras) unless program $1 is already there.
set -euo pipefail

program="$1"
package="$2"
if [ -x "$program" ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install: $program is missing and apt-get is not available; install $package by hand." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "$package" >/dev/null
echo "install: installed $("$program" --version 2>/dev/null || echo "$package")"
