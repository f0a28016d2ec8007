#!/usr/bin/env bash
# Installs Debian's bubblewrap, which codex then starts every command of the agent through (/usr/bin/bwrap), as on
# most Linux desktops: the codex tests run the real binary that way. Does nothing when /usr/bin/bwrap is already there.
set -euo pipefail

if [ -x /usr/bin/bwrap ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-bubblewrap: /usr/bin/bwrap is missing and apt-get is not available; install bubblewrap by hand." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends bubblewrap >/dev/null
echo "install-bubblewrap: installed $(/usr/bin/bwrap --version 2>/dev/null || echo bubblewrap)"
