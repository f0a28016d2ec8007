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

/**
 * zod's `z.locales` (error messages in some 50 languages, a third of zod's code) is never used: skill-eval's
 * messages are English, which zod configures from its own `en` module. Loading it cost start-up time in every
 * command.
 */
const withoutZodLocales = {
  name: 'without-zod-locales',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'without-zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'without-zod-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

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
  plugins: [withoutZodLocales],
  // CommonJS dependencies call require('node:…'); an ES module has no require of its own.
  banner: {
    js: "import { createRequire as __skillEvalCreateRequire } from 'node:module';\nconst require = __skillEvalCreateRequire(import.meta.url);",
  },
  // No keepNames: it wraps every function and class in a call that sets its name, at each creation — a closure made
  // per case then costs a property definition. Names that clash between merged modules get a suffix instead; our
  // errors set their `name` themselves.
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
