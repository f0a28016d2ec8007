/**
 * The differential test of the claude-plugin-eval format: one suite of `claude plugin eval` cases run by the real
 * `claude plugin eval --json` (Claude Code 2.1.330) and by skill-eval on the claude-code engine, both against the
 * same fake model server (scripted agent answers, scripted judge replies for each harness's judge), and the
 * per-case scores (with and without the plugin) and verdicts compared. Claude Code's report is the expectation.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type FakeModelServer, loadFakeScript, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { claudeEvalEnv } from '../test-support/claude-eval-env.js';
import { CLAUDE_BIN, REPO_ROOT } from '../test-support/paths.js';
import { readResults, readSummary } from '../test-support/run-output.js';

const SUITE = join(REPO_ROOT, 'formats/claude-plugin-eval/src/fixtures/differential');

/** What `claude plugin eval --json` reports of a case (its `cases[].aggregates`). */
interface ClaudeCase {
  name: string;
  aggregates: { score: number; passRate: number; scoreWithout?: number };
  arms: { with: ClaudeRun[]; without?: ClaudeRun[] };
}

/** A run of a case in Claude Code's report: what its MCP stand-ins answered. */
interface ClaudeRun {
  mocks?: { servers: { server: string; kind: string }[]; calls: { total: number; errors: number } };
  /** The run ended at a mocked call its responder's guards refused (`expect:`). */
  aborted?: { server: string; tool: string; reason: string };
}

/** Both harnesses' reports of one suite. */
interface BothRuns {
  claude: { threshold: number; cases: ClaudeCase[] };
  outcomes: { caseName: string; variant: string; meanScore: number; status: string; runs: number }[];
  /** skill-eval's run directory. */
  out: string;
}

/** What both harnesses grant every case beyond Claude Code's read-only tools: `claude plugin eval --allow-tools`. */
const GRANTED = ['Write'];

/**
 * Runs the plugin folder `plugin` through the real `claude plugin eval --json --allow-tools Write` and through
 * `skill-eval run` on the claude-code engine, each on its own copy, both against one fake model server answering from
 * `fakeModel`. With `grantInConfig`, skill-eval is granted Write in every case as Claude Code is (the format's
 * `allowTools` setting); without it, each case is granted the tools it lists, skill-eval's default.
 */
async function runBoth(
  plugin: string,
  fakeModel: string,
  dir: string,
  grantInConfig = false,
  /** What skill-eval runs, under its copy (default: the whole plugin). */
  targets = ['plugin'],
): Promise<BothRuns> {
  const server: FakeModelServer = await startFakeModelServer(await loadFakeScript(fakeModel));
  try {
    const env = claudeEvalEnv(dir, server.url);
    // Each harness gets its own copy: claude writes its results below the plugin's eval folder.
    cpSync(plugin, join(dir, 'claude', 'plugin'), { recursive: true });
    cpSync(plugin, join(dir, 'skill-eval', 'plugin'), { recursive: true });
    if (grantInConfig) {
      const config = { formatSettings: { 'claude-plugin-eval': { allowTools: GRANTED } } };
      writeFileSync(join(dir, 'skill-eval', 'skill-eval.config.json'), JSON.stringify(config));
    }

    // Not spawnSync: the fake model server answers from this process's event loop. Four agent runs at once (its
    // default is one at a time): the conversations are told apart by their prompts.
    const claudeArgs = ['plugin', 'eval', '.', '--json', join(dir, 'claude.json'), '--trust-plugin', '--no-publish'];
    await promisify(execFile)(CLAUDE_BIN, [...claudeArgs, '-j', '4', '--allow-tools', ...GRANTED], {
      cwd: join(dir, 'claude', 'plugin'),
      env,
      timeout: 240_000,
    }).catch((error: { code?: unknown; stderr?: string }) => {
      // Exit 1 is a case below the threshold, which a suite may have on purpose.
      if (error.code !== 1) throw new Error(`claude plugin eval failed (${String(error.code)}): ${error.stderr}`);
    });
    const report = JSON.parse(readFileSync(join(dir, 'claude.json'), 'utf8'));

    // skill-eval's judge (engine-anthropic) reads its endpoint from the process environment.
    const saved = { base: process.env.ANTHROPIC_BASE_URL, key: process.env.ANTHROPIC_API_KEY };
    process.env.ANTHROPIC_BASE_URL = server.url;
    process.env.ANTHROPIC_API_KEY = env.ANTHROPIC_API_KEY;
    try {
      const io = captureIO(join(dir, 'skill-eval'), env);
      const args = ['run', ...targets, '--engine', 'claude-code', '--ek', `path=${CLAUDE_BIN}`, '--judge', 'anthropic'];
      const code = await main([...args, '--no-cache', '--out', 'out'], io);
      if (code > 1) throw new Error(`skill-eval run failed (${code}): ${io.err()}`);
    } finally {
      for (const [name, value] of [
        ['ANTHROPIC_BASE_URL', saved.base],
        ['ANTHROPIC_API_KEY', saved.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const out = join(dir, 'skill-eval', 'out');
    return {
      claude: { threshold: report.suite.threshold, cases: report.cases },
      outcomes: readSummary(out).cases,
      out,
    };
  } finally {
    await server.close();
  }
}

/** Each case's score with and without the plugin, and its verdict, as claude plugin eval gives them. */
function expectSameScores({ claude, outcomes }: BothRuns) {
  for (const c of claude.cases) {
    const withSkill = outcomes.find((o) => o.caseName === c.name && o.variant === 'with_skill');
    const withoutSkill = outcomes.find((o) => o.caseName === c.name && o.variant === 'without_skill');
    expect(withSkill, c.name).toBeDefined();
    expect(withSkill!.runs, `${c.name}: runs`).toBe(c.arms.with.length);
    expect(withSkill!.meanScore, `${c.name}: score with the plugin`).toBeCloseTo(c.aggregates.score, 9);
    expect(withSkill!.status, `${c.name}: verdict`).toBe(c.aggregates.score >= claude.threshold ? 'passed' : 'failed');
    expect(withoutSkill?.meanScore, `${c.name}: score without the plugin`).toBeCloseTo(c.aggregates.scoreWithout!, 9);
  }
}

describe('claude plugin eval and skill-eval score the same suite alike', () => {
  let dir: string;
  let claude: BothRuns['claude'];
  let outcomes: BothRuns['outcomes'];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'claude-plugin-eval-diff-'));
    ({ claude, outcomes } = await runBoth(join(SUITE, 'plugin'), join(SUITE, 'fake-model.json'), dir, true));
  }, 600_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs every case of the suite in both harnesses', () => {
    const names = [
      'all-with-only',
      'baseline',
      'count',
      'files',
      'files-list',
      'hello',
      'mixed',
      'mock',
      'mock-calls',
      'mock-error',
      'mock-expect-broken',
      'mock-expect-held',
      'mock-front-matter',
      'order',
      'tools-kept',
      'tools-read-only',
      'weights',
    ];
    expect(claude.cases.map((c) => c.name).sort()).toEqual(names);
    expect([...new Set(outcomes.map((o) => o.caseName))].sort()).toEqual(names);
  });

  it('gives each case the score and verdict claude plugin eval gives, with and without the plugin', () => {
    expectSameScores({ claude, outcomes, out: '' });
  });

  /** skill-eval's call of the mocked tool tickets::list_tickets in each arm of case `caseId` (with_skill first). */
  const ticketCalls = (caseId: string) => {
    const runs = readResults(join(dir, 'skill-eval', 'out')).filter((r) => r.caseId === caseId);
    expect(runs.map((r) => r.variant).sort()).toEqual(['with_skill', 'without_skill']);
    return runs.map((run) => run.session?.toolCalls.find((c) => c.name === 'tickets::list_tickets'));
  };

  it("answers a mocked MCP tool from the eval folder's mocks/ in both harnesses", () => {
    // Claude Code served evals/mocks/tickets/list_tickets.md as a standalone server and answered the call without error.
    const claudeRun = claude.cases.find((c) => c.name === 'mock')!.arms.with[0]!;
    expect(claudeRun.mocks?.servers).toEqual([expect.objectContaining({ server: 'tickets', kind: 'standalone' })]);
    expect(claudeRun.mocks?.calls).toMatchObject({ total: 1, errors: 0 });
    // skill-eval's mocked server answered the same call with the responder's body, `{{input.project}}` filled.
    for (const call of ticketCalls('mock')) expect(call?.output).toContain('Open tickets in web: T-1 "Login fails"');
  });

  it("reads a mock responder's front matter as Claude Code does: a key given twice keeps its later value, merge keys merge", () => {
    // mock-front-matter/mocks/tickets/list_tickets.md says `type: agent`, then `type: fixed`, beside `<<: {type: agent}`:
    // Claude Code served it as a fixed answer in place of the eval folder's (listed-web and case-answer pass).
    expect(claude.cases.find((c) => c.name === 'mock-front-matter')!.aggregates.score).toBe(0.75);
    for (const call of ticketCalls('mock-front-matter'))
      expect(call?.output).toBe('Open tickets in web: T-9 (case folder).');
  });

  it('answers a responder with error: true as a tool error in both harnesses', () => {
    // Claude Code's mock_calls line for the call has the responder's text, isError and tool_error: all but answered-ok pass.
    expect(claude.cases.find((c) => c.name === 'mock-error')!.aggregates.score).toBe(0.8);
    for (const call of ticketCalls('mock-error')) {
      expect(call?.output).toMatch(/^Project web is archived\./);
      expect(call?.isError).toBe(true);
    }
  });

  it("guards a mocked call's input as Claude Code does: a refused call ends the case at 0, a held one is answered", () => {
    // mock-expect-broken's responder allows the projects api and mobile; the agent asks for web. Claude Code ends the run
    // there (aborted, score 0, no grader graded); skill-eval's server refuses the call with the same words, and the
    // case's gate fails it before its checks.
    const broken = claude.cases.find((c) => c.name === 'mock-expect-broken')!;
    expect(broken.aggregates.score).toBe(0);
    const reason = broken.arms.with[0]!.aborted?.reason;
    expect(reason).toBe('the model\'s call violates expect: project = "web" is not one of [api, mobile]');
    for (const call of ticketCalls('mock-expect-broken')) {
      expect(call?.isError).toBe(true);
      expect(call?.output?.startsWith(reason!)).toBe(true);
    }
    // mock-expect-held's guards (a project that is text, a state of the list) let the call through in both.
    expect(claude.cases.find((c) => c.name === 'mock-expect-held')!.aggregates.score).toBe(1);
    for (const call of ticketCalls('mock-expect-held')) expect(call?.output).toBe('Guarded tickets in web: T-7.');
  });

  it('keeps a disallowed tool, and one no grant gives, from the agent in both harnesses: the call is refused and no file written', () => {
    // Without the restriction skill-eval's agent would have written kept.txt and shell.txt, and passed those graders.
    for (const [name, grader] of [
      ['tools-kept', 'wrote'],
      ['tools-read-only', 'made'],
    ] as const) {
      const claudeRun = claude.cases.find((c) => c.name === name)!.arms.with[0] as ClaudeRun & {
        graders: { name: string; passed: boolean }[];
      };
      expect(claudeRun.graders.find((g) => g.name === grader)?.passed, name).toBe(false);
    }
    const runs = readResults(join(dir, 'skill-eval', 'out')).filter((r) => r.caseId.startsWith('tools-'));
    expect(runs).toHaveLength(4);
    for (const run of runs) {
      const tool = run.caseId === 'tools-kept' ? 'Write' : 'Bash';
      const call = run.session?.toolCalls.find((c) => c.name === tool);
      expect(String(call?.output), `${run.caseId} ${run.variant}`).toContain(`No such tool available: ${tool}`);
    }
  });

  it('holds cases that pass and cases that fail, so that agreement means something', () => {
    const scores = claude.cases.map((c) => c.aggregates.score);
    expect(scores).toContain(1);
    expect(new Set(scores).size).toBeGreaterThan(2);
  });
});

describe('the example plugin examples/ticket-triage, in both harnesses', () => {
  let dir: string;
  let runs: BothRuns;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'claude-plugin-eval-example-'));
    const example = join(REPO_ROOT, 'examples/ticket-triage');
    runs = await runBoth(example, join(example, 'evals/fake-model.json'), dir);
  }, 600_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes every case in claude plugin eval, and skill-eval gives the same scores and verdicts', () => {
    expect(runs.claude.cases.map((c) => [c.name, c.aggregates.score, c.aggregates.scoreWithout])).toEqual([
      ['triage-note', 1, 1],
      ['urgent-first', 1, 1],
    ]);
    expectSameScores(runs);
  });
});

describe('a public suite (corpus/wild: the probe plugin of adewale/skill-eval-harness, MIT), in both harnesses', () => {
  let dir: string;
  let runs: BothRuns;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'claude-plugin-eval-public-'));
    const probe = join(
      REPO_ROOT,
      'corpus/wild/claude-plugin-eval/adewale-skill-eval-harness/tests/fixtures/plugin-evals/probe-plugin',
    );
    // changelog-from-diff's scaffold runs only with --trust (--scaffold in Claude Code), and its llm graders would need
    // scripted judges for both harnesses: skill-eval is given the two other cases.
    const cases = ['first-case', 'ignores-unrelated-request'].map((name) => `plugin/evals/${name}`);
    runs = await runBoth(probe, join(SUITE, 'probe-plugin-model.json'), dir, true, cases);
  }, 600_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the two cases it runs the scores and verdicts claude plugin eval gives', () => {
    const ran = runs.claude.cases.filter((c) => c.name !== 'changelog-from-diff');
    // first-case's answer is no conventional commit line (its regex fails); the other answers "Paris".
    expect(ran.map((c) => [c.name, c.aggregates.score]).sort()).toEqual([
      ['first-case', 0],
      ['ignores-unrelated-request', 1],
    ]);
    expectSameScores({ ...runs, claude: { ...runs.claude, cases: ran } });
  });
});
