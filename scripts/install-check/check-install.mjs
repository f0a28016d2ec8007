// Installs skill-eval as a user would after a release, and checks what the user then has. Packs every public package,
// lints each tarball (publint, Are the Types Wrong), publishes the tarballs to a local registry (verdaccio, which
// passes every other package through to the configured one), so that nested dependencies resolve as after a real
// publish; then installs the CLI globally into an empty folder (no more than MAX_INSTALL_MB on disk) and a
// third-party engine plugin into an empty project, and runs `skill-eval --version`, `engines`, `demo` and one offline
// case on that plugin; then scaffolds an engine with `skill-eval new`, installs, builds and tests it as its author
// would, and installs it into the project beside the CLI. Usage: `npm ci` in this folder, then node scripts/install-check/check-install.mjs (after
// `pnpm build`).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import tar from 'tar-stream';

const MAX_INSTALL_MB = 30;
const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'skill-eval-install-check-'));
const started = Date.now();
const step = (what) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
const problems = [];
// CI runs this beside other steps and stops it when one of them fails: the registry and the folder go too.
let stopRegistry = () => {};
process.on('SIGTERM', () => {
  stopRegistry();
  rmSync(work, { recursive: true, force: true });
  process.exit(143);
});

const run = (file, args, options = {}) =>
  execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

/** Runs a command of the installed skill-eval; its output, or a problem naming what failed. */
function skillEval(bin, args, cwd, env = {}) {
  try {
    return run(bin, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env } });
  } catch (error) {
    problems.push(`skill-eval ${args.join(' ')} exited ${error.status}:\n${error.stdout}\n${error.stderr}`);
    return '';
  }
}

function diskUsageBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** A TCP port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts verdaccio on a free port with its storage in `work`; resolves to its URL and a stop function. */
async function startRegistry() {
  const upstream = run('npm', ['config', 'get', 'registry']).trim();
  const local = { access: '$all', publish: '$all' };
  const config = {
    storage: join(work, 'storage'),
    uplinks: { upstream: { url: upstream } },
    packages: {
      '@skill-eval/*': local,
      'skill-eval': local,
      'skill-eval-*': local,
      '**': { access: '$all', proxy: 'upstream' },
    },
    log: { type: 'stdout', format: 'pretty', level: 'error' },
  };
  // JSON is YAML: verdaccio reads it as its config file.
  writeFileSync(join(work, 'verdaccio.yaml'), JSON.stringify(config));
  const bin = join(here, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child = spawn(process.execPath, [bin, '--config', join(work, 'verdaccio.yaml'), '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((_, reject) => child.on('exit', (code) => reject(new Error(`verdaccio exited ${code}:\n${output}`))));
  const ready = (async () => {
    for (;;) {
      if (await fetch(`${url}-/ping`).then((r) => r.ok, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  stopRegistry = () => child.kill();
  await Promise.race([ready, exited]);
  return { url, stop: stopRegistry };
}

/** The files of a packed tarball (paths without the leading `package/`) and its package.json. */
async function contentsOf(tarball) {
  const entries = tar.extract();
  entries.end(gunzipSync(tarball));
  const files = [];
  let manifest;
  for await (const entry of entries) {
    const path = entry.header.name.replace(/^package\//, '');
    files.push(path);
    if (path === 'package.json') manifest = JSON.parse(await text(entry));
    else entry.resume();
  }
  return { files, manifest };
}

/** Publishes a tarball as `npm publish` does: one PUT of the packument with the tarball attached. */
async function publish(file, registry) {
  const tarball = readFileSync(file);
  const { manifest } = await contentsOf(tarball);
  const { name, version } = manifest;
  const attachment = `${name}-${version}.tgz`;
  const body = {
    _id: name,
    name,
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        ...manifest,
        _id: `${name}@${version}`,
        dist: {
          shasum: createHash('sha1').update(tarball).digest('hex'),
          integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
          tarball: `${registry}${name}/-/${attachment.replace(/^@[^/]+\//, '')}`,
        },
      },
    },
    _attachments: {
      [attachment]: { content_type: 'application/octet-stream', data: tarball.toString('base64'), length: tarball.length },
    },
  };
  const response = await fetch(`${registry}${name.replace('/', '%2f')}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`publishing ${name}@${version}: ${response.status} ${await response.text()}`);
}

/** Lints one tarball: publint (warnings count) and Are the Types Wrong, as an ESM-only package. */
async function lintTarball(file) {
  const tarball = readFileSync(file);
  const { files, manifest } = await contentsOf(tarball);
  for (const needed of ['README.md', 'LICENSE']) {
    if (!files.includes(needed)) problems.push(`${manifest.name} ships no ${needed}`);
  }
  // The CLI's plugin templates (`skill-eval new`) ship a test file of their own on purpose: the scaffold's.
  const testOnly = files.filter(
    (path) => !path.startsWith('templates/') && /\.map$|\.test\.|\/fixtures\/|\/test-support\//.test(path),
  );
  if (testOnly.length) problems.push(`${manifest.name} ships source maps or test files: ${testOnly.join(', ')}`);
  const { messages, pkg } = await publint({ pack: { tarball: tarball.buffer }, level: 'warning', strict: true });
  for (const message of messages) problems.push(`publint ${pkg.name}: ${formatMessage(message, pkg)}`);
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(tarball)));
  // ESM only: CommonJS consumers (node10, node16 require) are not served, by design.
  const relevant = analysis.problems.filter(
    (problem) => !('resolutionKind' in problem) || !['node10', 'node16-cjs'].includes(problem.resolutionKind),
  );
  const described = relevant.map((problem) => `${problem.kind}${problem.entrypoint ? ` at ${problem.entrypoint}` : ''}`);
  for (const problem of new Set(described)) problems.push(`Are the Types Wrong ${analysis.packageName}: ${problem}`);
}

const packs = join(work, 'packs');
const registry = await (async () => {
  step('packing every public package');
  const publicPackages = ['packages', 'formats', 'adapters'].flatMap((folder) =>
    readdirSync(join(repo, folder))
      .filter((dir) => !JSON.parse(readFileSync(join(repo, folder, dir, 'package.json'), 'utf8')).private)
      .map((dir) => `--filter=./${folder}/${dir}`),
  );
  run('pnpm', ['-r', ...publicPackages, 'pack', '--pack-destination', packs], { cwd: repo });
  run('npm', ['pack', '--pack-destination', packs], { cwd: join(here, 'skill-eval-engine-echo') });
  const tarballs = readdirSync(packs).map((name) => join(packs, name));
  step(`linting ${tarballs.length} tarballs`);
  for (const file of tarballs.filter((f) => !f.includes('skill-eval-engine-echo'))) await lintTarball(file);
  step('starting the local registry');
  const started = await startRegistry();
  const npmrc = join(work, 'npmrc');
  writeFileSync(npmrc, `registry=${started.url}\n`);
  step('publishing');
  await Promise.all(tarballs.map((file) => publish(file, started.url)));
  return { ...started, npmrc };
})();

try {
  const env = { NPM_CONFIG_USERCONFIG: registry.npmrc };
  const npm = (args, cwd) => run('npm', [...args, '--no-audit', '--no-fund'], { cwd, env: { ...process.env, ...env } });
  /** `npm run <script>` in `cwd`: its output, or a problem naming the script and what it printed. */
  const npmScript = (cwd, script) => {
    try {
      return run('npm', ['run', script], { cwd, env: { ...process.env, ...env, CI: '1', NO_COLOR: '1' } });
    } catch (error) {
      problems.push(`npm run ${script} in ${cwd} exited ${error.status}:\n${error.stdout}\n${error.stderr}`);
      return '';
    }
  };

  step('npm install --global skill-eval');
  const prefix = join(work, 'global');
  npm(['install', '--global', '--prefix', prefix, 'skill-eval'], work);
  const installed = diskUsageBytes(join(prefix, 'lib', 'node_modules'));
  const megabytes = installed / 1024 / 1024;
  console.log(`skill-eval installs ${megabytes.toFixed(1)} MB on disk (at most ${MAX_INSTALL_MB} MB)`);
  if (megabytes > MAX_INSTALL_MB) problems.push(`npm i -g skill-eval installs ${megabytes.toFixed(1)} MB`);
  const bin = join(prefix, 'bin', 'skill-eval');

  const version = skillEval(bin, ['--version'], work).trim();
  const expected = JSON.parse(readFileSync(join(repo, 'packages', 'cli', 'package.json'), 'utf8')).version;
  if (version !== expected) problems.push(`skill-eval --version printed ${JSON.stringify(version)}, not ${expected}`);

  step('a project with a third-party engine plugin');
  const project = join(work, 'project');
  mkdirSync(join(project, 'evals'), { recursive: true });
  writeFileSync(join(project, 'package.json'), '{ "name": "my-skill-evals", "private": true }\n');
  npm(['install', 'skill-eval-engine-echo'], project);
  // node-sql-parser, which SQL checks load, beside the global skill-eval: one in the project is never loaded (it is
  // the project's code).
  npm(['install', '--global', '--prefix', prefix, 'node-sql-parser'], work);
  writeFileSync(
    join(project, 'evals', 'echo.eval.yaml'),
    [
      'tests:',
      '  - id: repeats',
      '    input: "say pineapple"',
      '    assertions: [{ type: contains, value: pineapple }]',
      '  - id: sql',
      '    input: "SELECT id FROM users"',
      '    assertions: [{ type: is-sql }]',
      '',
    ].join('\n'),
  );
  const engines = skillEval(bin, ['engines'], project);
  if (!/\becho\b.*skill-eval-engine-echo/.test(engines)) {
    problems.push(`skill-eval engines does not list the project's plugin skill-eval-engine-echo:\n${engines}`);
  }
  const out = join(work, 'run');
  skillEval(bin, ['run', 'evals', '--engine', 'echo', '--out', out], project);
  const resultsFile = join(out, 'results.jsonl');
  const results = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').trim().split('\n').map(JSON.parse) : [];
  if (results.length !== 2 || results.some((result) => result.status !== 'passed')) {
    problems.push(`the offline case on the echo plugin did not pass: ${JSON.stringify(results)}`);
  }

  step('skill-eval new engine: a plugin scaffolded, installed, built, tested, then used by the project');
  const pluginName = 'skill-eval-engine-my-agent';
  skillEval(bin, ['new', 'engine', 'my-agent'], work);
  const plugin = join(work, pluginName);
  if (existsSync(join(plugin, 'package.json'))) {
    // Its dependencies as a plugin author gets them: @skill-eval/core and @skill-eval/testing from the registry
    // (here the local one), vitest and TypeScript through it from npm.
    npm(['install'], plugin);
    const tested = npmScript(plugin, 'test');
    if (!/Tests\s+\d+ passed/.test(tested)) problems.push(`npm test of the scaffolded ${pluginName} did not pass`);
    npm(['install', plugin], project);
    const listed = skillEval(bin, ['engines'], project);
    if (!/\bmy-agent\b.*skill-eval-engine-my-agent/.test(listed)) {
      problems.push(`skill-eval engines does not list the scaffolded ${pluginName}:\n${listed}`);
    }
  } else problems.push(`skill-eval new engine my-agent created no ${plugin}/package.json`);

  step('npx skill-eval in the project');
  const npx = run('npx', ['--yes', 'skill-eval', 'engines'], {
    cwd: project,
    env: { ...process.env, ...env, NPM_CONFIG_CACHE: join(work, 'npm-cache') },
  });
  if (!/\becho\b.*skill-eval-engine-echo/.test(npx)) {
    problems.push(`npx skill-eval engines does not list the project's plugin skill-eval-engine-echo:\n${npx}`);
  }

  step('skill-eval demo');
  const demo = skillEval(bin, ['demo', '--out', join(work, 'demo')], work);
  if (!/passed/.test(demo)) problems.push(`skill-eval demo printed no passed case:\n${demo}`);
} finally {
  registry.stop();
  rmSync(work, { recursive: true, force: true });
}

step('done');
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
