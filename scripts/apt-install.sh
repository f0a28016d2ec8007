#!/usr/bin/env bash
# Installs Debian packages "$@" (their own dependencies only, no recommended extras). Tries the package lists the
# machine already has first, and runs `apt-get update` only when that fails (no lists, or stale ones), so that
# several installers in one CI run pay for at most one update each, and usually none.
set -euo pipefail

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install: $* missing and apt-get is not available; install them by hand." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
apt_install() { $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
if ! apt_install "$@" 2>/dev/null; then
  $SUDO apt-get update -qq
  apt_install "$@"
fi
