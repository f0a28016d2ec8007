// Bundles the CLI (tsc's dist/bin.js, the workspace packages and the npm dependencies) into dist/bundle/.
// Start-up was mostly loading some 640 small modules; a few large files load much faster. Code splitting keeps
// each lazily imported part (a command, a format or engine plugin, a reporter, an SDK, execa) in its own chunk,
// loaded only when used.
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/bundle`;

/**
 * Resolved at run time, not bundled: optional peers the user installs beside skill-eval (node-sql-parser for SQL
 * checks) and what only tests use (playwright-core).
 */
const EXTERNAL = ['node-sql-parser', 'playwright-core'];

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { 'skill-eval': 'dist/bin.js' },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Prefer a package's ES build: jsonc-parser's main (UMD) requires its parts by computed paths.
  mainFields: ['module', 'main'],
  external: EXTERNAL,
  // CommonJS dependencies call require('node:…'); an ES module has no require of its own.
  banner: {
    js: "import { createRequire as __skillEvalCreateRequire } from 'node:module';\nconst require = __skillEvalCreateRequire(import.meta.url);",
  },
  // Keeps class and function names as written (merged modules would otherwise rename clashing ones).
  keepNames: true,
  minifyWhitespace: true,
  minifySyntax: true,
  metafile: true,
  logLevel: 'warning',
});
// Which sources went into each file (paths relative to the package): the start-up test reads it to see what a
// command loads.
const sources = Object.fromEntries(
  Object.entries(result.metafile.outputs).map(([file, output]) => [file, Object.keys(output.inputs)]),
);
await writeFile(`${outdir}/sources.json`, `${JSON.stringify(sources)}\n`);
