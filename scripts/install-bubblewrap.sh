#!/usr/bin/env bash
# Installs Debian's bubblewrap, which codex then starts every command of the agent through (/usr/bin/bwrap), as on
# most Linux desktops: the codex tests run the real binary that way. Does nothing when /usr/bin/bwrap is already there.
set -euo pipefail
bash "$(dirname "$0")/install-debian-package.sh" /usr/bin/bwrap bubblewrap
