// The CLI as CommonJS (dist/cli/, `.cjs` files: a package.json there would be the one the CLI finds its version
// and templates by), converted file by file from the ES module bundle (dist/bundle/), so that the bin can
// load it with V8's code cache (bin/code-cache.js). Node 20 keeps no compiled code between runs of ES modules, and
// resolves, links and compiles each of them afresh: a command spent a quarter of its time there. The library entry
// (dist/bundle/index.js) and the mock MCP server stay ES modules.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'esbuild';

/** The lines bundle.mjs puts at the top of every file: an ES module has no `require` of its own. */
const REQUIRE_BANNER =
  "import { createRequire as __skillEvalCreateRequire } from 'node:module';\nconst require = __skillEvalCreateRequire(import.meta.url);";
/**
 * zod, bundled in a chunk of its own: loading it builds zod's classes and its English messages (some 3 ms of `list`'s
 * 50), and most commands build no schema — core's schemas are built on first use (core's lazy-schema.ts). The files
 * that import such a chunk require it when they first reach into it, not when they load.
 */
const DEFERRED_PACKAGE = /\/node_modules\/zod\//;
/** Whether a chunk of the bundle, from the sources that went into it, holds only the deferred package. */
const isDeferred = (inputs) => inputs?.length > 0 && inputs.every((input) => DEFERRED_PACKAGE.test(input));
/**
 * Stands for a deferred chunk's exports until something reads one of them; `load` requires the chunk and puts its
 * exports in the importing file's binding, so later reads go straight to them.
 */
const ON_FIRST_USE = 'var __skillEvalOnFirstUse=load=>new Proxy({},{get:(_,key)=>load()[key]});';

/** What `import.meta.url` becomes in a CommonJS file, defined at its top where it is used. */
const META_URL = '__skillEvalImportMetaUrl';
/** The runner's pointer to the mock MCP server, which stays in dist/bundle (an ES module with top-level await). */
const MOCK_MCP_SERVER = 'new URL("../mock-mcp-server.js",import.meta.url)';

/**
 * Writes dist/cli/: the entry and every chunk of dist/bundle as CommonJS, and the map of which sources went into each
 * file (`sources`, keyed as in dist/bundle/sources.json).
 */
export async function writeCommonJsCli(root, sources) {
  const from = `${root}dist/bundle`;
  const to = `${root}dist/cli`;
  await rm(to, { recursive: true, force: true });
  await mkdir(`${to}/chunks`, { recursive: true });
  const chunks = (await readdir(`${from}/chunks`)).filter((name) => name.endsWith('.js')).map((name) => `chunks/${name}`);
  const files = new Set(['skill-eval.js', ...chunks]);
  const deferred = new Set(chunks.filter((chunk) => isDeferred(sources[`dist/bundle/${chunk}`])));
  if (deferred.size === 0) throw new Error(`no chunk holds only ${DEFERRED_PACKAGE.source}: the bundle's chunks changed`);
  let mockServerPointers = 0;
  for (const file of files) {
    const source = await readFile(`${from}/${file}`, 'utf8');
    if (source.includes(MOCK_MCP_SERVER)) mockServerPointers++;
    await writeFile(`${to}/${commonJsName(file)}`, await asCommonJs(source, file, files, deferred));
  }
  if (mockServerPointers !== 1) throw new Error(`expected one pointer to the mock MCP server, found ${mockServerPointers}`);
  const renamed = Object.fromEntries(
    Object.entries(sources)
      .filter(([file]) => file === 'dist/bundle/skill-eval.js' || file.startsWith('dist/bundle/chunks/'))
      .map(([file, inputs]) => [commonJsName(file.replace('dist/bundle/', 'dist/cli/')), inputs]),
  );
  await writeFile(`${to}/sources.json`, `${JSON.stringify(renamed)}\n`);
}

/**
 * One file of the bundle as CommonJS: its chunks are required (a lazily imported one when the import runs), other
 * dynamic imports (a user's plugin, an optional peer) stay imports, and `import.meta.url` is the file's URL.
 */
async function asCommonJs(source, file, files, deferred) {
  // A chunk's own imports of chunks: `./x.js` beside it, or `./chunks/x.js` from the entry.
  const folder = file.startsWith('chunks/') ? 'chunks/' : '';
  const isChunk = (path) => files.has(join(folder, path));
  const chunkImport = (whole, path) =>
    isChunk(path) ? `Promise.resolve().then(()=>require("${commonJsName(path)}"))` : whole;
  const chunkRequire = (whole, path) => (isChunk(path) ? `require("${commonJsName(path)}")` : whole);
  const module = source.replace(/^#!.*\n/, '');
  if (!module.startsWith(REQUIRE_BANNER)) throw new Error(`${file} does not start with the bundle's require banner`);
  const esm = module
    .slice(REQUIRE_BANNER.length)
    .replaceAll(MOCK_MCP_SERVER, 'new URL("../../bundle/mock-mcp-server.js",import.meta.url)')
    .replace(/\bimport\("(\.\/[^"]+\.js)"\)/g, chunkImport);
  const result = await transform(esm, {
    format: 'cjs',
    loader: 'js',
    platform: 'node',
    target: 'node20',
    define: { 'import.meta.url': META_URL },
    minifyWhitespace: true,
    logLevel: 'error',
    sourcefile: file,
  });
  if (/\bimport\.meta\b/.test(result.code)) throw new Error(`${file} still uses import.meta`);
  const code = requireOnFirstUse(result.code, (path) => deferred.has(join(folder, path)), file).replace(
    /\brequire\("(\.\/[^"]+\.js)"\)/g,
    chunkRequire,
  );
  const metaUrl = code.includes(META_URL) ? `var ${META_URL}=require("node:url").pathToFileURL(__filename).href;` : '';
  const onFirstUse = code.includes('__skillEvalOnFirstUse(') ? ON_FIRST_USE : '';
  return `${metaUrl}${onFirstUse}${code}`;
}

/**
 * A file whose imports of deferred chunks (`var import_x=require("./x.js")`, as esbuild writes them) require each on
 * first use. Throws where the file uses such a binding other than by reading one of its exports (`import_x.name`),
 * which the stand-in could not serve.
 */
function requireOnFirstUse(code, isDeferredChunk, file) {
  const bindings = [];
  const rewritten = code.replace(/\bvar (import_\w+)=require\("(\.\/[^"]+\.js)"\);/g, (whole, binding, path) => {
    if (!isDeferredChunk(path)) return whole;
    bindings.push(binding);
    return `var ${binding}=__skillEvalOnFirstUse(()=>${binding}=require("${path}"));`;
  });
  for (const binding of bindings) {
    const otherUses = rewritten.match(new RegExp(`\\b${binding}\\b(?!\\.[A-Za-z_$])`, 'g')) ?? [];
    if (otherUses.length !== 2) throw new Error(`${file} uses ${binding} other than by reading its exports`);
  }
  return rewritten;
}

/** `chunks/x.js` → `chunks/x.cjs`. */
const commonJsName = (file) => file.replace(/\.js$/, '.cjs');
