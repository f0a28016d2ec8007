// Bundles the CLI (tsc's dist/bin.js, the workspace packages and the npm dependencies) into dist/bundle/, and the
// library entry (dist/index.js) beside it: the published package installs no dependency the bundle already holds.
// Start-up was mostly loading some 640 small modules; a few large files load much faster. Code splitting keeps
// each lazily imported part (a command, a format or engine plugin, a reporter, an SDK, execa) in its own chunk,
// loaded only when used.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeCommonJsCli } from './commonjs-cli.mjs';
import { recordCodeCache } from './record-code-cache.mjs';
import { thirdPartyLicenses } from './third-party-licenses.mjs';

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

/**
 * fdir requires picomatch when it loads, from whatever node_modules lies beside the bundle, for a `glob()` that
 * tinyglobby (its only user here) never calls: in a checkout every command that globbed loaded a second picomatch
 * beside the bundled one, and where skill-eval is installed there is none to find.
 */
const withoutFdirPicomatch = {
  name: 'without-fdir-picomatch',
  setup(build) {
    build.onLoad({ filter: /[\\/]fdir[\\/]dist[\\/]index\.mjs$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const lookup = /\t__require\.resolve\("picomatch"\);\n\tpm = __require\("picomatch"\);/;
      if (!lookup.test(source)) throw new Error(`${args.path} no longer looks picomatch up as expected`);
      return { contents: source.replace(lookup, ''), loader: 'js' };
    });
  },
};

/**
 * commander requires node:child_process when it loads, for subcommands that are programs of their own, which
 * skill-eval has none of: loading it (and dgram, which it loads) took 5 ms of every command, `--version` included.
 * Its one use, `childProcess.spawn`, now requires it when called.
 */
const lazyCommanderChildProcess = {
  name: 'lazy-commander-child-process',
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      const uses = new Set(source.match(/\bchildProcess\.\w+/g));
      if (!source.includes(eager) || uses.size !== 1 || !uses.has('childProcess.spawn')) {
        throw new Error(`${args.path} no longer uses node:child_process as expected (${[...uses].join(', ')})`);
      }
      const lazy = "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };";
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

/**
 * jsonc-parser's formatter and editor, which skill-eval never calls, fill tables of indentation strings when they
 * load (impl/string-intern.js): 2 ms of every command that reads JSON with positions. They do nothing else when they
 * load, so the bundle may leave them out where nothing uses them (as a package with `"sideEffects": false`).
 */
const jsoncFormatterUnloaded = {
  name: 'jsonc-formatter-unloaded',
  setup(build) {
    build.onResolve({ filter: /^\.\/(impl\/)?(format|edit|string-intern)$/ }, async (args) => {
      if (!/[\\/]jsonc-parser[\\/]/.test(args.importer) || args.pluginData === 'resolved') return undefined;
      const { kind, importer, resolveDir } = args;
      const resolved = await build.resolve(args.path, { kind, importer, resolveDir, pluginData: 'resolved' });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, namespace: resolved.namespace, sideEffects: false };
    });
  },
};

/**
 * The runner starts its mocked MCP server as a program, found through @skill-eval/runner's exports; the published CLI
 * installs no runner, so the bundle carries its own build of the script (the `mock-mcp-server` entry) and points
 * there. The runner's code always lands in chunks/ (it is imported lazily), one folder below the entries.
 */
const bundledMockMcpServer = {
  name: 'bundled-mock-mcp-server',
  setup(build) {
    build.onLoad({ filter: /[\\/]runner[\\/]dist[\\/]resolve-mcp-servers\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const resolved = "import.meta.resolve('@skill-eval/runner/mock-mcp-server.mjs')";
      if (!source.includes(resolved)) throw new Error(`${args.path} no longer resolves the mock MCP server as ${resolved}`);
      return { contents: source.replace(resolved, "new URL('../mock-mcp-server.js', import.meta.url)"), loader: 'js' };
    });
  },
};

/** The version of each first-party package the bundle holds, for results and `skill-eval engines`. */
const manifest = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
const bundledVersions = Object.fromEntries(
  await Promise.all(
    Object.keys(manifest.devDependencies)
      .filter((name) => name.startsWith('@skill-eval/'))
      .map(async (name) => [name, JSON.parse(await readFile(`${root}node_modules/${name}/package.json`, 'utf8')).version]),
  ),
);

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    'skill-eval': 'dist/bin.js',
    index: 'dist/index.js',
    'mock-mcp-server': '../runner/mock-mcp-server.mjs',
  },
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
  plugins: [
    withoutZodLocales,
    withoutFdirPicomatch,
    lazyCommanderChildProcess,
    jsoncFormatterUnloaded,
    bundledMockMcpServer,
  ],
  // A string, inlined where used (an object would become a module of its own, loaded at start-up).
  define: { SKILL_EVAL_BUNDLED_VERSIONS: JSON.stringify(JSON.stringify(bundledVersions)) },
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
const allInputs = Object.keys(result.metafile.inputs);
await writeFile(`${outdir}/THIRD-PARTY-LICENSES.md`, thirdPartyLicenses(root, allInputs));
// The bin loads the CLI from its CommonJS build, with the code cache recorded here.
await writeCommonJsCli(root, sources);
recordCodeCache(root);
