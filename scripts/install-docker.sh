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
packages=$(printf '%s\n' "${missing[@]}" | sort -u)
# No recommended extras: the daemon, its runtime and the CLI are dependencies of docker.io.
bash "$(dirname "$0")/apt-install.sh" $packages
echo "install-docker: installed" $packages
