#!/usr/bin/env bash
# Installs what the container tests need when it is missing: Debian's docker.io (dockerd, containerd, runc and the
# docker CLI) and busybox-static (the test image's programs). Nothing is pulled from an image registry: the tests
# build their image locally with `docker import`.
set -euo pipefail

missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v docker >/dev/null 2>&1 || missing+=(docker.io)
[ -x /usr/bin/busybox ] && ! ldd /usr/bin/busybox >/dev/null 2>&1 || missing+=(busybox-static)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-docker: ${missing[*]} missing and apt-get is not available; install them by hand." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# No recommended extras: the daemon, its runtime and the CLI are dependencies of docker.io.
$SUDO apt-get install -y -qq --no-install-recommends $(printf '%s\n' "${missing[@]}" | sort -u) >/dev/null
echo "install-docker: installed $(printf '%s ' "${missing[@]}" | tr ' ' '\n' | sort -u | tr '\n' ' ')"
