#!/usr/bin/env bash
# Regenerates pnpm-lock.yaml for the committed tree only (not for uncommitted packages in the working tree),
# in a scratch clone, and copies it back. Used before committing dependency changes.
set -euo pipefail
top=$(git rev-parse --show-toplevel)
scratch=$(mktemp -d)
git clone -q "$top" "$scratch/repo"
cp "$top/pnpm-lock.yaml" "$scratch/repo/pnpm-lock.yaml"
(cd "$scratch/repo" && pnpm install --lockfile-only --ignore-scripts >/dev/null)
cp "$scratch/repo/pnpm-lock.yaml" "$top/pnpm-lock.yaml.head"
rm -rf "$scratch"
echo "wrote pnpm-lock.yaml.head"
