/**
 * The differential test of trigger sets against skill-creator's own runner: `run_eval.py` (anthropics/skills at
 * 9d2f1ae, vendored in packages/differential/vendor/skill-creator-9d2f1ae) and `skill-eval run --trigger-detection
 * first-tool` on the same trigger set, Claude Code 2.1.330 the agent of both, each harness against its own fake model
 * server answering the same script — a skill called on two runs of three, on one, only after another tool, and on every
 * run of a query that should not fire it. run_eval.py's report is the expectation: each query's trigger count, rate
 * and verdict.
 */
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { type FakeScript, loadFakeScript, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { claudeEvalEnv } from '../test-support/claude-eval-env.js';
import { CLAUDE_BIN, REPO_ROOT } from '../test-support/paths.js';
import { readSummary } from '../test-support/run-output.js';

const FIXTURE = join(REPO_ROOT, 'formats/triggers-json/src/fixtures/skill-creator-differential');
const RUN_EVAL = join(REPO_ROOT, 'packages/differential/vendor/skill-creator-9d2f1ae');
const TRIGGERS = 'pirate-greeting/evals/trigger-evals.json';

/** What run_eval.py reports of one query. */
interface RunEvalResult {
  query: string;
  should_trigger: boolean;
  trigger_rate: number;
  triggers: number;
  runs: number;
  pass: boolean;
}

/**
 * `python3 -m scripts.run_eval` on the trigger set with one worker (with several, run_eval.py lists every worker's
 * command — the same skill under as many names — in each run, and a run that calls another worker's counts as not
 * fired); its stdout. Not spawnSync: the fake model server answers from this process's event loop. Its stdin is closed
 * at once: `claude -p`, which run_eval.py starts with the stdin it has, waits for more prompt on an open one (some 3 s a
 * run).
 */
function runEval(options: { cwd: string; env: Record<string, string | undefined> }): Promise<string> {
  const set = ['--eval-set', TRIGGERS, '--skill-path', 'pirate-greeting'];
  const args = ['-m', 'scripts.run_eval', ...set, '--num-workers', '1'];
  return new Promise((resolve, reject) => {
    const child = execFile('python3', args, { ...options, timeout: 240_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`run_eval.py failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
    child.stdin?.end();
  });
}

/** `use` with a fake model server answering `script`, closed afterwards. */
async function withServer<T>(script: FakeScript, use: (url: string) => Promise<T>): Promise<T> {
  const server = await startFakeModelServer(script);
  try {
    return await use(server.url);
  } finally {
    await server.close();
  }
}

/** Why run_eval.py cannot run here (it needs python3), naming the script that installs it; undefined when it can. */
const missing =
  spawnSync('python3', ['--version'], { stdio: 'ignore' }).status === 0
    ? undefined
    : 'python3 is missing (skill-creator’s run_eval.py needs it): run bash scripts/setup-system.sh, as CI does';
const skipped = process.env.CI ? undefined : missing;

describe("trigger sets, graded as skill-creator's run_eval.py grades them", () => {
  let dir: string;
  let theirs: RunEvalResult[];
  let ours: ReturnType<typeof readSummary>['cases'];

  beforeEach((ctx) => {
    if (skipped) ctx.skip(skipped);
  });

  beforeAll(async () => {
    if (skipped) return;
    if (missing) throw new Error(missing);
    dir = mkdtempSync(join(tmpdir(), 'skill-creator-triggers-'));
    // A project of its own for each harness: run_eval.py writes its command files to the .claude/ it finds upward.
    for (const harness of ['run-eval', 'skill-eval']) {
      cpSync(join(FIXTURE, 'pirate-greeting'), join(dir, harness, 'pirate-greeting'), { recursive: true });
      mkdirSync(join(dir, harness, '.claude'));
    }
    const script = await loadFakeScript(join(FIXTURE, 'fake-model.json'));
    // Each harness against its own server, both at once: a server's cycles count the runs it answers.
    [theirs, ours] = await Promise.all([
      withServer(script, async (url) => {
        const env = claudeEvalEnv(join(dir, 'run-eval-env'), url);
        const stdout = await runEval({
          cwd: join(dir, 'run-eval'),
          // No bytecode written beside the vendored scripts: the checkout stays as it was cloned.
          env: {
            ...env,
            PATH: `${dirname(CLAUDE_BIN)}${delimiter}${env.PATH}`,
            PYTHONPATH: RUN_EVAL,
            PYTHONDONTWRITEBYTECODE: '1',
          },
        });
        return (JSON.parse(stdout) as { results: RunEvalResult[] }).results;
      }),
      withServer(script, async (url) => {
        const io = captureIO(join(dir, 'skill-eval'), claudeEvalEnv(join(dir, 'skill-eval-env'), url));
        const args = ['run', TRIGGERS, '--engine', 'claude-code', '--ek', `path=${CLAUDE_BIN}`];
        const code = await main([...args, '--trigger-detection', 'first-tool', '--no-cache', '--out', 'out'], io);
        if (code > 1) throw new Error(`skill-eval run failed (${code}): ${io.err()}`);
        return readSummary(join(dir, 'skill-eval', 'out')).cases;
      }),
    ]);
  }, 600_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs each query as often, and counts the same runs as fired', () => {
    expect(ours.map((c) => c.caseName).sort()).toEqual(theirs.map((r) => r.query).sort());
    for (const result of theirs) {
      const trigger = ours.find((c) => c.caseName === result.query)?.trigger;
      expect(trigger, result.query).toMatchObject({ shouldTrigger: result.should_trigger, triggers: result.triggers });
      expect(trigger?.rate, result.query).toBeCloseTo(result.trigger_rate, 3);
      expect(ours.find((c) => c.caseName === result.query)?.runs, result.query).toBe(result.runs);
    }
  });

  it("gives each query run_eval.py's verdict: its rate on the right side of 0.5", () => {
    for (const result of theirs) {
      const status = ours.find((c) => c.caseName === result.query)?.status;
      expect(status, result.query).toBe(result.pass ? 'passed' : 'failed');
    }
  });

  it('holds the counts the script makes, so that agreement means something', () => {
    // Should fire: q1 two runs in three (passes), q2 one (fails). Should not: q3 only after a Bash call, the first tool
    // deciding (passes), q4 every run (fails).
    const counts = Object.fromEntries(theirs.map((r) => [/\((q\d)\)$/.exec(r.query)![1], [r.triggers, r.pass]]));
    expect(counts).toEqual({ q1: [2, true], q2: [1, false], q3: [0, true], q4: [3, false] });
  });
});
