import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const BIN = join(CLI, 'bin', 'skill-eval.js');
const CODE_CACHE = join(CLI, 'bin', 'code-cache.js');
const TIERING = join(CLI, 'bin', 'v8-tiering.js');
const BUILTINS_BEFORE_FLAGS = join(CLI, 'bin', 'builtins-before-flags.js');
/** The bin's own files, the only ones that load outside the CLI's build (sorted). */
const BIN_FILES = [BIN, BUILTINS_BEFORE_FLAGS, CODE_CACHE, TIERING].sort();
/** The CLI's CommonJS build, which the bin loads (scripts/commonjs-cli.mjs). */
const BUNDLE = join(CLI, 'dist', 'cli');
// Logs every module the CLI loads, so the test can see what start-up loads: ES modules as they load, CommonJS ones
// (the bin and the CLI) at the end, from the require cache. Then how the code cache served them (bin/code-cache.js).
const TRACE_HOOK = `data:text/javascript,${encodeURIComponent(`
import Module, { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
register('data:text/javascript,' + encodeURIComponent(\`
export async function load(url, context, next) {
  process.stderr.write('LOADED ' + url + '\\\\n');
  return next(url, context);
}\`));
const { codeCacheUse } = createRequire(${JSON.stringify(CODE_CACHE)})(${JSON.stringify(CODE_CACHE)});
process.on('exit', () => {
  for (const file of Object.keys(Module._cache)) process.stderr.write('LOADED ' + pathToFileURL(file).href + '\\n');
  process.stderr.write('CODE CACHE ' + JSON.stringify(codeCacheUse) + '\\n');
});
`)}`;

/** The sources (paths relative to the package) that went into each file of the CLI's build (scripts/bundle.mjs). */
const bundleSources = JSON.parse(readFileSync(join(BUNDLE, 'sources.json'), 'utf8')) as Record<string, string[]>;

/**
 * The files the CLI loaded outside its build (sorted), and the sources inside the files of the build it loaded; how
 * the code cache served those files.
 */
function loadedModules(
  args: string[],
  cwd?: string,
  env?: Record<string, string>,
): {
  stdout: string;
  stderr: string;
  outside: string[];
  bundled: string[];
  sources: string[];
  codeCache: { accepted: number; rejected: number; compiled: number };
} {
  // Waits for whatever the CLI started and left writing to its stderr, too.
  const child = spawnSync(process.execPath, ['--import', TRACE_HOOK, BIN, ...args], {
    encoding: 'utf8',
    cwd,
    env: { ...process.env, ...env },
  });
  const lines = child.stderr.split('\n');
  const traced = (line: string) => line.startsWith('LOADED ') || line.startsWith('CODE CACHE ');
  const stderr = lines.filter((line) => !traced(line)).join('\n');
  const codeCache = JSON.parse(
    lines.find((line) => line.startsWith('CODE CACHE '))?.slice('CODE CACHE '.length) ?? '{}',
  );
  const urls = lines
    .filter((line) => line.startsWith('LOADED '))
    .map((line) => line.slice('LOADED '.length))
    .filter((url) => !url.startsWith('node:'));
  // The bin, a CommonJS main, is seen twice: the ES module loader runs it (Node does so under --import).
  const files = [...new Set(urls.map((url) => fileURLToPath(url)))];
  const bundled = files.filter((file) => file.startsWith(`${BUNDLE}/`));
  const sources = bundled.flatMap((file) =>
    (bundleSources[relative(CLI, file)] ?? []).map((source) => resolve(CLI, source)),
  );
  const outside = files.filter((file) => !bundled.includes(file)).sort();
  return { stdout: child.stdout, stderr, outside, bundled, sources, codeCache };
}

/**
 * The files among these that hold a character beyond ASCII. esbuild escapes them in strings, but not in regular
 * expression literals: one such character makes V8 keep the whole file as two bytes per character, and decode and
 * scan it more slowly.
 */
const beyondAscii = (files: string[]) => files.filter((file) => readFileSync(file).some((byte) => byte > 0x7f));

/** How bin/code-cache.js serves these files of the build when V8 takes every cache: all from it but the files that may import from outside. */
function servedByCodeCache(files: string[]) {
  const compiled = files.filter((file) => /\bimport\(/.test(readFileSync(file, 'utf8'))).length;
  return { accepted: files.length - compiled, rejected: 0, compiled };
}

/**
 * The Node built-ins a command loaded (`process.moduleLoadList`), seen from a preloaded script rather than the
 * tracing hook above, whose own worker thread would load worker_threads.
 */
function builtinsLoaded(args: string[], cwd: string, program = BIN): string[] {
  const reporter = join(cwd, 'report-builtins.cjs');
  writeFileSync(
    reporter,
    "process.on('exit', () => process.stderr.write('BUILTINS ' + process.moduleLoadList.join(',') + '\\n'));\n",
  );
  const child = spawnSync(process.execPath, ['--require', reporter, program, ...args], { encoding: 'utf8', cwd });
  const line = child.stderr.split('\n').find((l) => l.startsWith('BUILTINS ')) ?? '';
  return line
    .slice('BUILTINS '.length)
    .split(',')
    .filter((entry) => entry.startsWith('NativeModule '))
    .map((entry) => entry.slice('NativeModule '.length));
}

/** A suite with deterministic checks only, so that a run needs neither a model nor a judge. */
const SUITE =
  'name: echo\ntests:\n  - id: one\n    input: "say hi"\n    assertions:\n      - type: contains\n        value: hi\n';

// Notes, in order on stderr, each process launcher the CLI starts (`node <its options> -e <launcher>`) and each execution's workspace
// it makes (a temp folder named after its owner, workspace.ts), by wrapping the two functions the CLI's build calls;
// and, apart, each launcher's pid with the files of the build loaded when it started.
const LAUNCH_HOOK = `data:text/javascript,${encodeURIComponent(`
const childProcess = process.getBuiltinModule('node:child_process');
const fs = process.getBuiltinModule('node:fs');
const Module = process.getBuiltinModule('node:module');
const spawn = childProcess.spawn;
childProcess.spawn = function (file, args, ...rest) {
  const launcher = file === process.execPath && args?.includes('-e');
  if (launcher) process.stderr.write('EVENT launcher\\n');
  const child = spawn.call(this, file, args, ...rest);
  if (launcher) process.stderr.write('LAUNCHER ' + JSON.stringify({ pid: child.pid, loaded: Object.keys(Module._cache) }) + '\\n');
  return child;
};
const mkdtempSync = fs.mkdtempSync;
fs.mkdtempSync = function (...args) {
  const made = mkdtempSync.apply(this, args);
  if (/\\/skill-eval-\\d+\\.\\d*-[^/]+$/.test(made)) process.stderr.write('EVENT workspace\\n');
  return made;
};
`)}`;

/** A launcher the CLI started: its pid, and the sources of the build's files loaded by then. */
interface LauncherStart {
  pid: number;
  sources: string[];
}

/** What {@link LAUNCH_HOOK} noted of one run of the CLI, in order, and how it ended. */
function launchEvents(
  args: string[],
  cwd: string,
): { events: string[]; launchers: LauncherStart[]; status: number | null; stderr: string } {
  const child = spawnSync(process.execPath, ['--import', LAUNCH_HOOK, BIN, ...args], { encoding: 'utf8', cwd });
  const lines = child.stderr.split('\n');
  const noted = (line: string) => line.startsWith('EVENT ') || line.startsWith('LAUNCHER ');
  const launchers = lines
    .filter((line) => line.startsWith('LAUNCHER '))
    .map((line) => JSON.parse(line.slice('LAUNCHER '.length)) as { pid: number; loaded: string[] })
    .map(({ pid, loaded }) => ({
      pid,
      sources: loaded.flatMap((file) =>
        (bundleSources[relative(CLI, file)] ?? []).map((source) => resolve(CLI, source)),
      ),
    }));
  return {
    events: lines.filter((line) => line.startsWith('EVENT ')).map((line) => line.slice('EVENT '.length)),
    launchers,
    status: child.status,
    stderr: lines.filter((line) => !noted(line)).join('\n'),
  };
}

/** Whether the process `pid` is still alive (a zombie is not) after up to two seconds' wait. */
function stillAlive(pid: number): boolean {
  const until = Date.now() + 2000;
  for (;;) {
    let state: string | undefined;
    try {
      state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    } catch {
      return false;
    }
    if (state === 'Z') return false;
    if (Date.now() > until) return true;
    spawnSync('sleep', ['0.05']);
  }
}

/** Runs `body` in a new folder holding {@link SUITE} as echo.eval.yaml, removed afterwards. */
function inSuiteFolder(body: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'skill-eval-startup-'));
  try {
    writeFileSync(join(dir, 'echo.eval.yaml'), SUITE);
    body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('start-up', () => {
  it('--version prints the version and loads no plugin, runner or SDK', () => {
    const { stdout, outside, sources } = loadedModules(['--version']);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(outside).toEqual(BIN_FILES); // everything else comes from the bundle
    expect(sources.length).toBeGreaterThan(0); // the hook works
    // Only the CLI's own files and commander: no format, engine, runner, reporter or SDK.
    expect(sources.filter((file) => !/\/commander\/|\/packages\/cli\/dist\//.test(file))).toEqual([]);
  });

  it(
    'list imports no reporter and no process library; run never imports the HTML renderer, nor the table renderer when quiet',
    () =>
      inSuiteFolder((dir) => {
        const list = loadedModules(['list', 'echo.eval.yaml'], dir);
        expect(list.stdout).toContain('1 suite(s), 1 case(s)');
        expect(list.outside).toEqual(BIN_FILES);
        expect(beyondAscii(list.bundled)).toEqual([]);
        // Every file came with the code V8 compiled for it at the build, and V8 took it: none of them is one that Node's
        // loader must compile because it may import a module from outside (bin/code-cache.js), such as the importer of
        // plugins, which only a command that names a plugin loads.
        expect(list.codeCache).toEqual(servedByCodeCache(list.bundled));
        expect(list.codeCache.compiled).toBe(0);
        const listed = list.sources.join('\n');
        expect(listed).toContain('/formats/agentv/dist/'); // the hook saw the formats load
        // A YAML file named directly: the formats that read other files are not imported.
        expect(listed).not.toMatch(/\/formats\/(eval-md|evals-json|triggers-json)\//);
        expect(listed).toMatch(/\/formats\/(skillet|skill-up)\//); // they read YAML files too
        expect(listed).not.toMatch(/\/packages\/report(-html)?\/dist\/|\/execa\//);
        // Loading needs the check catalogue's rules, not the code that runs executions or grades each check type, nor
        // the YAML reader of JSON Schemas written as text (no check here has one).
        expect(listed).toContain('/packages/runner/dist/discover.js');
        expect(listed).toContain('/packages/grading/dist/compat/check-diagnostics.js');
        expect(listed).not.toMatch(/\/packages\/runner\/dist\/(run-suites|run-cache|cache-key)\.js/);
        expect(listed).not.toMatch(
          /\/packages\/grading\/dist\/(checks\/(registry|regex|contains)|grade-execution)\.js/,
        );
        expect(listed).not.toMatch(/\/js-yaml\//);
        // JSON is read with positions by jsonc-parser's parser, without its formatter, which builds tables as it loads.
        expect(listed).toMatch(/\/jsonc-parser\/lib\/esm\/impl\/parser\.js/);
        expect(listed).not.toMatch(/\/jsonc-parser\/lib\/esm\/impl\/(format|edit|string-intern)\.js/);
        // zod's error messages in other languages are left out of the bundle; its English ones stay.
        expect(listed).toMatch(/\/zod\/v4\/locales\/en\.js/);
        expect(listed).not.toMatch(/\/zod\/v4\/locales\/(?!en\.js)/);
        // A format named with --format: no other is imported.
        const forced = loadedModules(['list', '--format', 'agentv', 'echo.eval.yaml'], dir);
        expect(forced.stdout).toContain('1 suite(s), 1 case(s)');
        expect(forced.sources.join('\n')).toContain('/formats/agentv/dist/');
        expect(forced.sources.join('\n')).not.toMatch(/\/formats\/(?!agentv\/)/);

        const run = loadedModules(
          ['run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '--no-cache', '-q', '-o', 'out'],
          dir,
        );
        expect(run.stdout).toContain('1 passed');
        expect(run.outside).toEqual(BIN_FILES);
        expect(beyondAscii(run.bundled)).toEqual([]);
        // Grading turns a V8 flag on, which the code cache's flags include from the start.
        expect(run.codeCache).toEqual(servedByCodeCache(run.bundled));
        expect(run.codeCache.compiled).toBe(0);
        const ran = run.sources.join('\n');
        expect(ran).toContain('/packages/report/dist/'); // the console reporter loaded
        // A check type's code loads when a suite uses it: this one's only check is `contains`.
        expect(ran).toContain('/packages/grading/dist/checks/contains.js');
        expect(ran).not.toMatch(
          /\/grading\/dist\/checks\/(regex|is-json|contains-json|is-sql|is-html|javascript|bleu)\.js/,
        );
        expect(ran).not.toMatch(/\/js-yaml\/|\/fast-xml-parser\/|\/parse5\//);
        expect(ran).not.toMatch(/\/report-html\//);
        // No case needs a judge: the judge's engine (anthropic by default) and its SDK are never imported.
        expect(ran).not.toMatch(/\/adapters\/anthropic\/|\/agent-loop\/|\/@anthropic-ai\//);
        // No terminal here: the live frame's renderer (log-update and its text-width tables) is never loaded.
        expect(ran).not.toMatch(/\/log-update\/|\/string-width@8/);
        // A quiet run prints no table, so the table renderer is not loaded; a run that prints one (-v lists passes too)
        // loads it.
        expect(ran).not.toMatch(/\/cli-table3\//);
        const tabled = loadedModules(
          ['run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '-v', '-o', 'out2'],
          dir,
        );
        expect(tabled.stdout).toMatch(/Status +Case +Engine/);
        expect(tabled.sources.join('\n')).toMatch(/\/cli-table3\//);
        expect(existsSync(join(dir, 'out', 'skill-creator'))).toBe(false); // only with --skill-creator
      }),
    30_000,
  );

  it('started through a linked folder, as a package manager links a bin, the CLI loads each file once, by its real path', () =>
    inSuiteFolder((dir) => {
      // bin/code-cache.js resolves the CLI's requires of the files beside each file itself, without Node's lookups.
      symlinkSync(CLI, join(dir, 'linked-cli'));
      const child = spawnSync(
        process.execPath,
        ['--import', TRACE_HOOK, join(dir, 'linked-cli', 'bin', 'skill-eval.js'), 'list', 'echo.eval.yaml'],
        { encoding: 'utf8', cwd: dir },
      );
      expect(child.stdout).toContain('1 suite(s), 1 case(s)');
      const loaded = child.stderr
        .split('\n')
        .filter((line) => line.startsWith('LOADED file:'))
        .map((line) => fileURLToPath(line.slice('LOADED '.length)))
        .filter((file) => file.includes(`${sep}dist${sep}cli${sep}`));
      const direct = loadedModules(['list', 'echo.eval.yaml'], dir).bundled;
      expect(new Set(loaded)).toEqual(new Set(direct));
      expect(loaded.every((file) => file.startsWith(`${BUNDLE}${sep}`))).toBe(true);
      const used = JSON.parse(child.stderr.split('CODE CACHE ')[1]!.split('\n')[0]!);
      expect(used).toEqual(servedByCodeCache(direct));
    }));

  it('a Node started with other V8 flags compiles what V8 rejects from the code cache, and the command works', () =>
    inSuiteFolder((dir) => {
      const child = spawnSync(process.execPath, ['--import', TRACE_HOOK, '--max-lazy', BIN, 'list', 'echo.eval.yaml'], {
        encoding: 'utf8',
        cwd: dir,
      });
      expect(child.stdout).toContain('1 suite(s), 1 case(s)');
      const used = JSON.parse(child.stderr.split('CODE CACHE ')[1]!.split('\n')[0]!);
      expect(used.rejected).toBeGreaterThan(10);
      expect(used).toEqual({ accepted: 0, rejected: used.rejected, compiled: used.compiled });
    }));

  it("a list whose file's load is kept loads no format, no YAML parser, no check catalogue, no load-time rules, no zod", () =>
    inSuiteFolder((dir) => {
      // Without the fast paths' check, which loads the file afresh to compare it with the kept load.
      const env = { XDG_CACHE_HOME: join(dir, 'user-cache'), SKILL_EVAL_CHECK_FAST_PATHS: '' };
      const catalogue = /\/packages\/(checks\/dist\/|grading\/dist\/compat\/check-diagnostics\.js)/;
      const loading = /\/(formats\/[^/]+\/dist\/|node_modules\/yaml\/|packages\/runner\/dist\/load-file\.js)/;
      const fresh = loadedModules(['list', 'echo.eval.yaml'], dir, env);
      // A load checks the suite's checks, detects the file's format with the YAML formats and parses it.
      expect(fresh.sources.join('\n')).toMatch(catalogue);
      for (const part of ['/formats/skill-up/dist/detect.js', '/node_modules/yaml/', '/runner/dist/load-file.js'])
        expect(fresh.sources.join('\n')).toContain(part);
      const kept = loadedModules(['list', 'echo.eval.yaml'], dir, env);
      expect(kept.stdout).toBe(fresh.stdout);
      expect(kept.sources.join('\n')).toContain('/packages/runner/dist/suite-store.js');
      expect(kept.sources.join('\n')).not.toMatch(catalogue);
      expect(kept.sources.filter((source) => loading.test(source))).toEqual([]);
      // zod is required by the files that import it when they first build a schema (scripts/commonjs-cli.mjs): a load
      // builds some, a kept one none.
      expect(fresh.sources.join('\n')).toContain('/node_modules/zod/');
      expect(kept.sources.filter((source) => source.includes('/node_modules/zod/'))).toEqual([]);
    }));

  it("a run whose file's load is kept loads no format and no YAML parser", () =>
    inSuiteFolder((dir) => {
      const env = { XDG_CACHE_HOME: join(dir, 'user-cache'), SKILL_EVAL_CHECK_FAST_PATHS: '' };
      const loading = /\/(formats\/[^/]+\/dist\/|node_modules\/yaml\/|packages\/runner\/dist\/load-file\.js)/;
      const run = (out: string) => [
        'run',
        'echo.eval.yaml',
        '-e',
        'command',
        '--ek',
        'command=cat',
        '--no-cache',
        '-q',
        '-o',
        out,
      ];
      const fresh = loadedModules(run('first'), dir, env);
      expect(fresh.sources.join('\n')).toContain('/node_modules/yaml/');
      const kept = loadedModules(run('second'), dir, env);
      expect(kept.stderr).toBe('');
      expect(kept.sources.join('\n')).toContain('/packages/runner/dist/suite-store.js');
      expect(kept.sources.filter((source) => loading.test(source))).toEqual([]);
      // Its case collects no artifacts and copies no project: neither the glob nor its pattern matcher is loaded (a
      // file that is parsed loads them, for the side files a loader reads).
      expect(kept.sources.join('\n')).not.toMatch(/\/tinyglobby\/|\/fdir\/|\/picomatch\//);
    }));
  it('a run loads the graders when it first grades: a re-run the result cache answers whole loads none', () =>
    inSuiteFolder((dir) => {
      const graders = /\/packages\/grading\/dist\/grade-execution\.js$/;
      const run = (out: string) =>
        loadedModules(
          ['run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '--cache-dir', 'cache', '-q', '-o', out],
          dir,
        );
      const first = run('first');
      expect(first.stderr).toBe('');
      expect(first.sources.filter((source) => graders.test(source))).toHaveLength(1);
      const again = run('again');
      expect(again.stderr).toBe('');
      // What a run asks of grading before it grades came; the graders did not.
      expect(again.sources.join('\n')).toContain('/packages/grading/dist/case-needs-judge.js');
      expect(again.sources.filter((source) => graders.test(source))).toEqual([]);
    }));
  it('validate, like list, loads none of the code that stages, runs or contains executions', () =>
    inSuiteFolder((dir) => {
      const validate = loadedModules(['validate', 'echo.eval.yaml'], dir);
      expect(validate.stdout).toContain('1 suite(s), 1 case(s): 0 error(s)');
      const loaded = validate.sources.join('\n');
      expect(loaded).toContain('/packages/runner/dist/untrusted-inputs.js'); // what run refuses without --trust
      expect(loaded).toContain('/packages/runner/dist/policy/apply-policy.js');
      expect(loaded).not.toMatch(/\/packages\/runner\/dist\/(index|run-suites|execution-workspace|fill-workspace)\.js/);
      expect(loaded).not.toMatch(/\/packages\/engine-kit\/dist\/(execution-containment|agent-files\/)/);
    }));

  it('list and validate load neither node:crypto, node:worker_threads nor node:fs/promises (a run takes them)', () =>
    inSuiteFolder((dir) => {
      for (const command of ['list', 'validate']) {
        const builtins = builtinsLoaded([command, 'echo.eval.yaml'], dir);
        expect(builtins, command).toContain('fs'); // the report came
        expect(
          builtins.filter((name) => /^(crypto|worker_threads|fs\/promises)$/.test(name)),
          command,
        ).toEqual([]);
      }
      // A run reads and writes through it.
      const run = ['run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '--no-cache', '-q', '-o', 'out'];
      expect(builtinsLoaded(run, dir)).toContain('fs/promises');
    }));

  it("run loads the Node built-ins it uses before V8's flags are set, so that their shipped compiled code serves", () =>
    inSuiteFolder((dir) => {
      const { RUN_BUILTINS } = createRequire(import.meta.url)(BUILTINS_BEFORE_FLAGS) as { RUN_BUILTINS: string[] };
      const publicOnes = (names: string[]) => names.filter((name) => !name.startsWith('internal/'));
      const run = ['run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '--no-cache', '-q', '-o', 'out'];
      const version = new Set(builtinsLoaded(['--version'], dir));
      const beyondVersion = publicOnes(builtinsLoaded(run, dir)).filter((name) => !version.has(name));
      // What the list loads, with what those built-ins load themselves.
      const loader = join(dir, 'load-run-builtins.cjs');
      writeFileSync(loader, `for (const name of ${JSON.stringify(RUN_BUILTINS)}) require(name);\n`);
      const listed = new Set(builtinsLoaded([], dir, loader));
      expect(beyondVersion.length).toBeGreaterThan(0);
      // A built-in run loads that the list misses is compiled afresh at every run: add it to RUN_BUILTINS.
      expect(beyondVersion.filter((name) => !listed.has(name))).toEqual([]);
    }));

  it("--version writes to a pipe with the stream modules Node ships compiled: made before V8's flags are set", () => {
    // V8 says so for each code cache it rejects: a built-in loaded after the flags is compiled afresh. Left: commander's
    // `node:process`, a one-line module.
    const child = spawnSync(process.execPath, ['--profile-deserialization', BIN, '--version'], { encoding: 'utf8' });
    expect(child.stdout).toMatch(/^\d+\.\d+\.\d+$/m);
    const rejected = `${child.stdout}${child.stderr}`
      .split('\n')
      .filter((line) => line.includes('Cached code failed check'));
    expect(rejected.length).toBeLessThanOrEqual(1);
  });

  it('--version, list and validate do not load node:child_process (commander asks for it only to spawn)', () =>
    inSuiteFolder((dir) => {
      for (const args of [['--version'], ['list', 'echo.eval.yaml'], ['validate', 'echo.eval.yaml']]) {
        const builtins = builtinsLoaded(args, dir);
        expect(builtins, args[0]).toContain('fs'); // the report came
        expect(builtins, args[0]).not.toContain('child_process');
      }
    }));

  it("list detects a YAML file's format without loading the loaders of the formats that lose, nor any writer", () =>
    inSuiteFolder((dir) => {
      const list = loadedModules(['list', 'echo.eval.yaml'], dir);
      expect(list.stdout).toContain('1 suite(s), 1 case(s)');
      const formats = join(CLI, '..', '..', 'formats');
      const loaded = (file: string) => list.sources.includes(join(formats, file));
      // Every format that reads .yaml files was asked about the file: its detect module loaded.
      for (const id of ['agentv', 'skillet', 'skill-up', 'claude-plugin-eval', 'promptfoo']) {
        expect(loaded(`${id}/dist/detect.js`), `${id}/dist/detect.js`).toBe(true);
      }
      // Only the winner read it.
      expect(loaded('agentv/dist/load-agentv.js')).toBe(true);
      const losers = [
        'skillet/dist/load-skillet.js',
        'skillet/dist/sentry/load-sentry-eval-yaml.js',
        'skill-up/dist/load-skill-up.js',
        'claude-plugin-eval/dist/load-claude-plugin-eval.js',
        'promptfoo/dist/load-promptfoo.js',
      ];
      expect(losers.filter(loaded)).toEqual([]);
      // Writers are for convert.
      const writers = [
        'agentv/dist/write-agentv.js',
        'skillet/dist/write-skillet.js',
        'skill-up/dist/write-skill-up.js',
        'claude-plugin-eval/dist/write-claude-plugin-eval.js',
        'promptfoo/dist/write-promptfoo.js',
      ];
      expect(writers.filter(loaded)).toEqual([]);
    }));

  it("tiers V8 up later with a flag this Node's V8 knows, and sets none on a V8 it was not measured on", () => {
    const script = `import { lateTierUpFlag } from ${JSON.stringify(pathToFileURL(TIERING).href)};
      console.log(JSON.stringify(['11.3.244.8-node.38', '12.4.254.21-node.57', '13.6.233.10', process.versions.v8].map(lateTierUpFlag)));`;
    const chosen = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(chosen.stderr).toBe('');
    const [v11, v12, v13, here] = JSON.parse(chosen.stdout) as (string | null)[];
    expect([v11, v12, v13]).toEqual(['--interrupt-budget=270336', '--invocation-count-for-turbofan=12000', null]);
    // The flag chosen for this Node is one its V8 takes: an unknown one would print an error on every command.
    if (here) {
      const known = spawnSync(process.execPath, [here, '-e', '0'], { encoding: 'utf8' });
      expect([known.status, known.stderr]).toEqual([0, '']);
    }
    const version = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' });
    expect([version.stdout.trim(), version.stderr]).toEqual([expect.stringMatching(/^\d+\.\d+\.\d+$/), '']);
  });

  it('a run refused for its --out directory prints only why, and leaves no process launcher behind', () =>
    inSuiteFolder((dir) => {
      mkdirSync(join(dir, 'out'));
      writeFileSync(join(dir, 'out', 'results.jsonl'), '');
      const run = launchEvents(
        ['run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '--no-cache', '-q', '-o', 'out'],
        dir,
      );
      expect(run.stderr.trim().split('\n')).toEqual([
        'error: out already holds a run.',
        'hint: Choose another --out directory; existing results are never overwritten.',
      ]);
      expect(run.status).toBe(2);
      // Without the cache the launcher starts before the run reads its settings (run-launchers.ts); it ends with the run.
      expect(run.events).toEqual(['launcher']);
      expect(run.launchers.filter(({ pid }) => stillAlive(pid))).toEqual([]);
    }));

  it("a run without the result cache starts its process launcher before it loads the runner's code", () =>
    inSuiteFolder((dir) => {
      const run = launchEvents(
        ['run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '--no-cache', '-q'],
        dir,
      );
      expect([run.status, run.stderr.trim()]).toEqual([0, '']);
      expect(run.events).toEqual(['launcher', 'workspace']);
      const [first] = run.launchers;
      // The build's files were loaded (the command's own), but none of the runner's yet: it boots while they load.
      expect(first?.sources.some((source) => source.includes('/packages/cli/dist/program/'))).toBe(true);
      expect(first?.sources.filter((source) => source.includes('/packages/runner/'))).toEqual([]);
    }));

  it('a run with the result cache starts its process launcher before its first workspace, and a re-run the cache answers whole starts none', () =>
    inSuiteFolder((dir) => {
      const run = (out: string) =>
        launchEvents(
          ['run', 'echo.eval.yaml', '-e', 'command', '--ek', 'command=cat', '--cache-dir', 'cache', '-q', '-o', out],
          dir,
        );
      const first = run('first');
      expect([first.status, first.stderr.trim()]).toEqual([0, '']);
      // The launcher boots while the run lays out its run folder and the execution's workspace.
      expect(first.events).toEqual(['launcher', 'workspace']);
      const again = run('again');
      expect([again.status, again.stderr.trim()]).toEqual([0, '']);
      expect(again.events).toEqual([]);
    }));
});
