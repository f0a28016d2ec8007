// Loads the CLI's CommonJS build (dist/cli, see scripts/commonjs-cli.mjs) with the code V8 compiled for it when the
// package was built (dist/cli/code-cache/, see scripts/record-code-cache.mjs), so a command does not parse and compile
// its code again at every start: `list` and a cached re-run of a small suite start about a quarter faster.
//
// The cache is read, never written, at run time: it is part of the package, as trusted as the code beside it. It is
// used only on the V8 that made it; V8 itself rejects data made with other flags (NODE_OPTIONS) and the file is
// then compiled as usual. Elsewhere (another Node) the CLI loads through Node's own loader, whose compile cache
// Node 22+ keeps between runs.
'use strict';
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { basename, dirname, join, sep } = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');

/** The file in the cache folder naming the V8 the cache was made by. */
const STAMP = 'v8-version';
/**
 * A file that may import a module that is not part of the CLI (a user's plugin, an optional peer) is left to Node's
 * own loader: code V8 compiled in another process cannot run a dynamic import (Node 20 and 22 lose the script's
 * loader on the way, "A dynamic import callback was not specified"). The test errs towards such files.
 */
const DYNAMIC_IMPORT = /\bimport\(/;
/** The process's main module (the bin), as every `require` names it. */
const MAIN = require.main;
/** How a file of the CLI names another beside it. */
const BESIDE = /^\.\/[\w.-]+\.cjs$/;

/** How the files of this process were loaded, for tests: from the cache, compiled after V8 rejected it, or by Node. */
const codeCacheUse = { accepted: 0, rejected: 0, compiled: 0 };

/**
 * Requires `cli`'s entry (`skill-eval.cjs`), loading every file of `cli` that has a code cache with it when the
 * cache is this V8's. `record` (the build) writes the cache of each file loaded that can have one and has none yet,
 * once the process exits.
 */
function requireCli(cli, { record = false } = {}) {
  // V8 rejects code cached under other flags. Grading turns on the linear-time regex engine when it first needs it
  // (bounded-regex.ts): on from the start, the flags are the same when a command starts as when the cache was written.
  v8.setFlagsFromString('--enable-experimental-regexp-engine');
  const folder = join(cli, 'code-cache');
  const stamped = readOrUndefined(join(folder, STAMP))?.toString();
  if (record || stamped === process.versions.v8) loadWithCodeCache(cli, folder, record);
  else Module.enableCompileCache?.();
  return require(join(cli, 'skill-eval.cjs'));
}

function loadWithCodeCache(cli, folder, record) {
  const made = [];
  const compile = Module.prototype._compile;
  // Node 22 passes a third argument (the module's format): what is not ours goes on as it came.
  Module.prototype._compile = function compileWithCodeCache(content, filename, ...rest) {
    if (!filename.startsWith(cli + sep)) return compile.call(this, content, filename, ...rest);
    const cacheFile = join(folder, `${basename(filename)}.bin`);
    const cachedData = record ? undefined : readOrUndefined(cacheFile);
    if (record ? DYNAMIC_IMPORT.test(content) : !cachedData) {
      codeCacheUse.compiled++;
      return compile.call(this, content, filename, ...rest);
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (cachedData) codeCacheUse[script.cachedDataRejected ? 'rejected' : 'accepted']++;
    else codeCacheUse.compiled++;
    if (record && !existsSync(cacheFile)) made.push({ script, cacheFile });
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, requireFrom(this), this, filename, dirname(filename));
  };
  // The CLI's files require each other as `./<name>.cjs` beside them (scripts/commonjs-cli.mjs): such a name needs no
  // lookup (no stat, no real path), as Node's would make for each.
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveCliFile(request, parent, ...rest) {
    const from = parent?.filename;
    if (from?.startsWith(cli + sep) && BESIDE.test(request)) return join(dirname(from), request);
    return resolve.call(this, request, parent, ...rest);
  };
  if (record) {
    // At exit the cache holds what the command compiled, not only the files' top level.
    process.once('exit', () => {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, STAMP), process.versions.v8);
      for (const { script, cacheFile } of made) writeFileSync(cacheFile, script.createCachedData());
    });
  }
}

/**
 * The `require` of `module`, as Node makes it for a module it compiles itself (`makeRequireFunction`); not
 * `Module.createRequire`, which makes a second module and works out its node_modules folders again, per file.
 */
function requireFrom(module) {
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, module);
  require.main = MAIN;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

function readOrUndefined(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

module.exports = { requireCli, codeCacheUse };
