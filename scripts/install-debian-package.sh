#!/usr/bin/env bash
# Installs Debian package $2 (its own dependencies only, no recommended extras) unless program $1 is already there.
set -euo pipefail

program="$1"
package="$2"
if [ -x "$program" ]; then
  exit 0
fi
bash "$(dirname "$0")/apt-install.sh" "$package"
echo "install: installed $("$program" --version 2>/dev/null || echo "$package")"
