#!/bin/sh
# Rebuilds ../load-tests.mjs from AgentV's source: sh build/build.sh <a clone of EntityProcess/agentv>
# Needs git, node and npm (the registry: the dependency versions AgentV's bun.lock pins at this commit, esbuild 0.28.2).
set -eu
COMMIT=58f316ca24e3abcdd253efafbc240882f39dc5b0
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
git -C "$1" archive "$COMMIT" packages/core/src LICENSE | tar -x -C "$WORK"
cp "$HERE/entry.ts" "$HERE/not-for-loading.cjs" "$WORK/"
cd "$WORK"
echo '{"name":"agentv-5-loader","private":true,"type":"module"}' >package.json
npm install --no-save --no-package-lock --no-audit --no-fund --ignore-scripts \
  esbuild@0.28.2 fast-glob@3.3.3 json5@2.2.3 micromatch@4.0.8 nunjucks@3.2.4 yaml@2.8.3 zod@3.25.76 >/dev/null
STUB=./not-for-loading.cjs
npx --no-install esbuild entry.ts --bundle --platform=node --format=esm --target=node20 --legal-comments=inline \
  --alias:p-limit=$STUB --alias:@agentclientprotocol/sdk=$STUB --alias:@earendil-works/pi-ai=$STUB \
  '--banner:js=// AgentV (EntityProcess/agentv) packages/core loadTests at '"$COMMIT"', MIT: see LICENSE beside this file.
import { createRequire as __agentvCreateRequire } from "node:module";
const require = __agentvCreateRequire(import.meta.url);' \
  --outfile="$HERE/../load-tests.mjs" --log-level=warning
# The licence of every package bundled (each names itself in a `// node_modules/<package>/…` comment of the bundle).
OUT="$HERE/../THIRD-PARTY-LICENSES.txt"
: >"$OUT"
for pkg in $(grep -o '^// node_modules/\(@[^/]*/\)\?[^/]*' "$HERE/../load-tests.mjs" | sed 's#^// node_modules/##' | sort -u); do
  licence=$(ls node_modules/"$pkg"/LICEN[CS]E* node_modules/"$pkg"/license* 2>/dev/null | head -1)
  printf '%s %s\n\n' "$pkg" "$(node -p "require('./node_modules/$pkg/package.json').version")" >>"$OUT"
  if [ -n "$licence" ]; then cat "$licence" >>"$OUT"; else node -p "'License: ' + require('./node_modules/$pkg/package.json').license" >>"$OUT"; fi
  printf '\n\n' >>"$OUT"
done
