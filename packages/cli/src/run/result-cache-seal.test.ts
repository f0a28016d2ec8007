import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { echoedTokenSuite } from '../test-support/echoed-token-suite.js';
import { CLI_BIN } from '../test-support/paths.js';
import { readResults } from '../test-support/run-output.js';

const root = mkdtempSync(join(tmpdir(), 'skill-eval-result-seal-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const project = join(root, 'project');

/** One case that fails: its answer holds no such token. */
const EVAL = echoedTokenSuite(['a'], () => 'no such token');

let runs = 0;

/** `skill-eval run` in the project, as the user whose cache folder is `userCache`: each result's `cached` and stderr. */
function run(userCache: string) {
  const out = `out${++runs}`;
  const child = spawnSync(
    process.execPath,
    [CLI_BIN, 'run', 'cases.eval.yaml', '-e', 'command', '--ek', 'command=cat', '-q', '-o', out],
    { cwd: project, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: join(root, userCache) } },
  );
  expect(child.status, child.stderr).toBe(1); // the case fails
  return { cached: readResults(join(project, out)).map((r) => r.cached), stderr: child.stderr };
}

describe("the result cache's seal", () => {
  it("reuses what the user's own runs wrote, and nothing a project's .skill-eval/cache brings from elsewhere", () => {
    mkdirSync(project);
    writeFileSync(join(project, 'cases.eval.yaml'), EVAL);
    expect(run('alice').cached).toEqual([false]);
    const key = join(root, 'alice', 'skill-eval', 'result-cache-seal-key');
    expect(statSync(key).size).toBe(32);
    if (process.platform !== 'win32') expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(run('alice').cached).toEqual([true]);
    // The project's cache folder, as alice's runs left it (or as a repository commits it), for a user without her key:
    // her entries and the pack of her run's executions, which answer the same executions.
    expect(readdirSync(join(project, '.skill-eval', 'cache', 'packs'))).toHaveLength(1);
    expect(run('bob').cached).toEqual([false]);
    expect(run('bob').cached).toEqual([true]);
  });

  it.runIf(process.platform !== 'win32')('says so when the key cannot be used, and reuses nothing', () => {
    const key = join(root, 'alice', 'skill-eval', 'result-cache-seal-key');
    chmodSync(key, 0o644);
    const said = run('alice');
    expect(said.cached).toEqual([false]);
    expect(said.stderr).toContain('cached results from earlier runs are not reused');
    expect(said.stderr).toContain('readable by other users');
  });
});
