#!/usr/bin/env bash
# Installs Debian's chromium for the HTML report's browser test (playwright-core drives it; it downloads no browser).
# Does nothing when /usr/bin/chromium is already there.
set -euo pipefail
bash "$(dirname "$0")/install-debian-package.sh" /usr/bin/chromium chromium
