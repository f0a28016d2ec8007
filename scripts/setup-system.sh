#!/usr/bin/env bash
# Installs the system programs some tests need, each only when missing, in one apt-get call (apt holds a lock):
# - chromium: the HTML report's browser test (playwright-core drives Debian's /usr/bin/chromium; it downloads none);
# - bubblewrap: codex starts every command of the agent through /usr/bin/bwrap, as on most Linux desktops;
# - ripgrep: opencode's skill, grep and glob tools run `rg` from PATH (else it downloads one, which fails offline);
# - docker.io and busybox-static: the container tests start a Docker daemon of their own (scripts/test-docker.sh,
#   @skill-eval/testing/docker) and build their image from busybox with `docker import`; nothing is pulled;
# - python3-yaml: the differential test runs Skillet's own eval loader (Python, PyYAML's safe_load) beside skill-eval's.
# Without them `pnpm test` still passes: those tests skip, naming this script. CI (.ci/run) runs it. Needs root or
# sudo, and apt-get (Debian, Ubuntu).
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/bwrap ] || missing+=(bubblewrap)
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
{ command -v dockerd && command -v docker; } >/dev/null 2>&1 || missing+=(docker.io)
# The image needs a static busybox: the dynamic one of Debian's busybox package would not run there.
{ [ -x /usr/bin/busybox ] && ! ldd /usr/bin/busybox >/dev/null 2>&1; } || missing+=(busybox-static)
python3 -c 'import yaml' >/dev/null 2>&1 || missing+=(python3-yaml)
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-system: chromium, bubblewrap, ripgrep, docker.io, busybox-static and python3-yaml are there"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-system: ${missing[*]} missing and apt-get is not available; install them by hand (or go without: their tests skip)." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# Their own dependencies only, no recommended extras. The package lists the machine has are tried first, and
# `apt-get update` runs only when that fails (no lists, or stale ones).
apt_install() { $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
if ! apt_install "${missing[@]}" 2>/dev/null; then
  $SUDO apt-get update -qq
  apt_install "${missing[@]}"
fi
echo "setup-system: installed ${missing[*]}"
