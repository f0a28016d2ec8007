import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CaseResult, emptyUsage } from '@skill-eval/core';
import { afterEach, describe, expect, it } from 'vitest';
import { caseResult, runSummary } from '../test-support/results.js';
import { writeSkillCreatorOutputs } from './write-skill-creator.js';

// ../shared/reference/formats.md §6 "Anthropic skill-creator (+ agentskills.io)", the section the names come from.
const FORMATS = fileURLToPath(new URL('../../../../../shared/reference/formats.md', import.meta.url));
const section6 = (): string => {
  const text = readFileSync(FORMATS, 'utf8');
  return text.slice(text.indexOf('## 6. Anthropic skill-creator'), text.indexOf('## 7.'));
};
/** The row of §6's output-schema table for one file. */
const row = (file: string): string =>
  section6()
    .split('\n')
    .find((l) => l.startsWith(`| \`${file}\``)) ?? '';

// Field names listed in §6, per file (a `/` in the table abbreviates: `executor/grader/total_duration_seconds`).
const GRADING = {
  top: ['expectations', 'summary', 'execution_metrics', 'timing', 'claims', 'user_notes_summary'],
  expectation: ['text', 'passed', 'evidence'],
  summary: ['passed', 'failed', 'total', 'pass_rate'],
  execution_metrics: [
    'tool_calls',
    'total_tool_calls',
    'total_steps',
    'errors_encountered',
    'output_chars',
    'transcript_chars',
  ],
  // total_duration_seconds is left out of grading.json on purpose (see grading-json.ts); timing.json has it.
  timing: ['executor_duration_seconds', 'grader_duration_seconds'],
  user_notes_summary: ['uncertainties', 'needs_review', 'workarounds'],
};
const TIMING = [
  'total_tokens',
  'duration_ms',
  'total_duration_seconds',
  'executor_start',
  'executor_end',
  'executor_duration_seconds',
  'grader_start',
  'grader_end',
  'grader_duration_seconds',
];
const BENCHMARK = {
  top: ['metadata', 'runs', 'run_summary', 'notes'],
  metadata: [
    'skill_name',
    'skill_path',
    'executor_model',
    'analyzer_model',
    'timestamp',
    'evals_run',
    'runs_per_configuration',
  ],
  run: ['eval_id', 'eval_name', 'configuration', 'run_number', 'result', 'expectations', 'notes'],
  result: ['pass_rate', 'passed', 'failed', 'total', 'time_seconds', 'tokens', 'tool_calls', 'errors'],
  stats: ['mean', 'stddev', 'min', 'max'],
  delta: ['pass_rate', 'time_seconds', 'tokens'],
};

/** `grader_duration_seconds` is written `executor/grader/total_duration_seconds` in the table. */
const listed = (text: string, name: string): boolean =>
  new RegExp(`\\b${name}\\b`).test(text) ||
  (name.endsWith('_duration_seconds') && text.includes(`${name.replace('_duration_seconds', '')}/`)) ||
  (/_(start|end)$/.test(name) && text.includes(`${name.replace(/_(start|end)$/, '')}_start/end`));

const usage = (input: number, output: number) => ({ inputTokens: input, outputTokens: output });
function results(): CaseResult[] {
  const r = (o: Record<string, unknown>) => caseResult(o);
  const session = (tokens: number, durationMs: number, extra: Record<string, unknown> = {}) => ({
    status: 'completed',
    engineId: 'claude-code',
    usage: usage(tokens - 100, 100),
    durationMs,
    finalMessage: 'Here is the chart.',
    toolCalls: [
      { id: 't1', name: 'Read', input: {}, isError: false },
      { id: 't2', name: 'Bash', input: {}, isError: true },
      { id: 't3', name: 'Read', input: {}, isError: false },
    ],
    turns: 4,
    ...extra,
  });
  const two = (passedFirst: boolean, passedSecond: boolean) => [
    {
      type: 'llm-rubric',
      name: 'The chart shows 3 months',
      passed: passedFirst,
      score: passedFirst ? 1 : 0,
      evidence: 'March, July, November',
    },
    {
      type: 'contains',
      name: 'Both axes are labeled',
      passed: passedSecond,
      score: passedSecond ? 1 : 0,
      evidence: 'no x label',
    },
  ];
  return [
    r({
      executionId: 'w1',
      caseId: '1',
      caseName: 'top months',
      run: 1,
      checks: two(true, true),
      session: session(3000, 40_000),
      durationMs: 45_000,
      model: 'claude-x',
      judge: { engine: 'anthropic', model: 'judge-y', promptVersion: '1' },
    }),
    r({
      executionId: 'w2',
      caseId: '1',
      caseName: 'top months',
      run: 2,
      status: 'failed',
      checks: two(true, false),
      session: session(4000, 50_000),
      durationMs: 55_000,
      model: 'claude-x',
    }),
    r({
      executionId: 'o1',
      caseId: '1',
      caseName: 'top months',
      variant: 'without_skill',
      run: 1,
      status: 'failed',
      checks: two(false, false),
      session: session(2000, 30_000),
      durationMs: 32_000,
      model: 'claude-x',
    }),
    r({
      executionId: 'o2',
      caseId: '1',
      caseName: 'top months',
      variant: 'without_skill',
      run: 2,
      status: 'failed',
      checks: two(true, false),
      session: session(2200, 30_000),
      durationMs: 32_000,
      model: 'claude-x',
    }),
  ];
}

describe('skill-creator outputs', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const runDir = () => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-sc-'));
    return dir;
  };
  const json = (...parts: string[]) => JSON.parse(readFileSync(join(...parts), 'utf8'));

  it('every field name the test checks is one formats.md §6 lists for that file', (ctx) => {
    if (!existsSync(FORMATS))
      ctx.skip(
        "needs ../shared/reference/formats.md, the project's reference notes: they sit beside a clone, not in it",
      );
    const grading = row('grading.json');
    for (const name of Object.values(GRADING).flat()) expect(listed(grading, name), `grading.json ${name}`).toBe(true);
    for (const name of TIMING) expect(listed(row('timing.json'), name), `timing.json ${name}`).toBe(true);
    const benchmark = row('benchmark.json');
    for (const name of Object.values(BENCHMARK).flat())
      expect(listed(benchmark, name), `benchmark.json ${name}`).toBe(true);
    expect(section6()).toContain(
      'iteration-N/eval-<name>/{with_skill\\|without_skill\\|old_skill}/[run-K/]{outputs/, grading.json, timing.json}',
    );
  });

  it("writes skill-creator's layout with §6's file and field names", async () => {
    const out = runDir();
    await writeSkillCreatorOutputs(out, results(), { summary: runSummary(results(), out) });
    const evalDir = join(out, 'skill-creator', 'iteration-1', 'eval-1');
    expect(readdirSync(evalDir).sort()).toEqual(['eval_metadata.json', 'with_skill', 'without_skill']);
    expect(readdirSync(join(evalDir, 'with_skill')).sort()).toEqual(['eval_metadata.json', 'run-1', 'run-2']);
    const run = join(evalDir, 'with_skill', 'run-2');
    expect(readdirSync(run).sort()).toEqual(['grading.json', 'outputs', 'timing.json']);
    expect(readFileSync(join(run, 'outputs', 'final_message.md'), 'utf8')).toBe('Here is the chart.');

    const grading = json(run, 'grading.json');
    expect(Object.keys(grading)).toEqual(expect.arrayContaining(GRADING.top));
    for (const e of grading.expectations) expect(Object.keys(e).sort()).toEqual([...GRADING.expectation].sort());
    expect(grading.expectations).toEqual([
      { text: 'The chart shows 3 months', passed: true, evidence: 'March, July, November' },
      { text: 'Both axes are labeled', passed: false, evidence: 'no x label' },
    ]);
    expect(grading.summary).toEqual({ passed: 1, failed: 1, total: 2, pass_rate: 0.5 });
    expect(Object.keys(grading.execution_metrics).sort()).toEqual([...GRADING.execution_metrics].sort());
    expect(grading.execution_metrics).toMatchObject({
      tool_calls: { Read: 2, Bash: 1 },
      total_tool_calls: 3,
      total_steps: 4,
      errors_encountered: 1,
      output_chars: 18,
    });
    expect(Object.keys(grading.timing).sort()).toEqual([...GRADING.timing].sort());
    expect(grading.timing).toEqual({ executor_duration_seconds: 50, grader_duration_seconds: 5 });
    expect(Object.keys(grading.user_notes_summary).sort()).toEqual([...GRADING.user_notes_summary].sort());

    const timing = json(run, 'timing.json');
    expect(Object.keys(timing).sort()).toEqual([...TIMING].sort());
    expect(timing).toMatchObject({
      total_tokens: 4000,
      duration_ms: 55_000,
      total_duration_seconds: 55,
      executor_duration_seconds: 50,
    });

    expect(json(evalDir, 'eval_metadata.json')).toEqual({
      eval_id: 1,
      eval_name: 'top months',
      prompt: '',
      assertions: [],
    });
  });

  it("writes the judge's remarks on the criteria as grading.json's eval_feedback, only where it made any", async () => {
    const out = runDir();
    const all = results();
    all[0]!.judge = {
      engine: 'anthropic',
      promptVersion: '1',
      feedback: {
        suggestions: [
          { assertion: 'The chart shows 3 months', kind: 'weak', reason: 'Any three months would pass.' },
          { reason: 'Nothing checks the revenue figures.' },
        ],
        overall: 'Checks shape, not correctness.',
      },
    };
    await writeSkillCreatorOutputs(out, all, { summary: runSummary(all, out) });
    const runs = join(out, 'skill-creator', 'iteration-1', 'eval-1', 'with_skill');
    expect(json(runs, 'run-1', 'grading.json').eval_feedback).toEqual({
      suggestions: [
        { assertion: 'The chart shows 3 months', reason: 'weak: Any three months would pass.' },
        { reason: 'Nothing checks the revenue figures.' },
      ],
      overall: 'Checks shape, not correctness.',
    });
    expect(json(runs, 'run-2', 'grading.json')).not.toHaveProperty('eval_feedback');
  });

  it('benchmark.json: per-run results, stats per configuration and delta strings exactly as aggregate_benchmark.py', async () => {
    const out = runDir();
    const [file] = await writeSkillCreatorOutputs(out, results(), { summary: runSummary(results(), out) });
    expect(file).toBe(join(out, 'skill-creator', 'iteration-1', 'benchmark.json'));
    const bench = json(file as string);
    expect(Object.keys(bench).sort()).toEqual([...BENCHMARK.top].sort());
    expect(Object.keys(bench.metadata).sort()).toEqual([...BENCHMARK.metadata].sort());
    expect(bench.metadata).toMatchObject({
      executor_model: 'claude-x',
      analyzer_model: 'judge-y',
      evals_run: [1],
      runs_per_configuration: 2,
      timestamp: '2025-01-01T00:00:00Z',
    });
    expect(bench.runs).toHaveLength(4);
    for (const run of bench.runs) {
      expect(Object.keys(run).sort()).toEqual([...BENCHMARK.run].sort());
      expect(Object.keys(run.result).sort()).toEqual([...BENCHMARK.result].sort());
    }
    expect(
      bench.runs.map((r: { configuration: string; run_number: number }) => `${r.configuration}#${r.run_number}`),
    ).toEqual(['with_skill#1', 'with_skill#2', 'without_skill#1', 'without_skill#2']);
    expect(bench.runs[1].result).toEqual({
      pass_rate: 0.5,
      passed: 1,
      failed: 1,
      total: 2,
      time_seconds: 55,
      tokens: 4000,
      tool_calls: 3,
      errors: 1,
    });
    const withSkill = bench.run_summary.with_skill;
    for (const measure of ['pass_rate', 'time_seconds', 'tokens'])
      expect(Object.keys(withSkill[measure]).sort()).toEqual([...BENCHMARK.stats].sort());
    // pass rates 1 and 0.5: mean 0.75, sample sd 0.3536; without: 0 and 0.5.
    expect(withSkill.pass_rate).toEqual({ mean: 0.75, stddev: 0.3536, min: 0.5, max: 1 });
    expect(bench.run_summary.without_skill.tokens).toEqual({ mean: 2100, stddev: 141.4214, min: 2000, max: 2200 });
    expect(bench.run_summary.delta).toEqual({ pass_rate: '+0.50', time_seconds: '+18.0', tokens: '+1400' });
    // The analyzer's freeform notes (schemas.md line 303): tokens 3500 against 2100 (+67%), time 50s against 32s (+56%).
    expect(bench.notes).toEqual([
      'with_skill against without_skill: higher pass rate, 67% more tokens, 56% slower (means of the runs not reused from the cache).',
    ]);
  });

  it('benchmark.json: a configuration whose every run came from the cache gets no time or token delta, and a note why', async () => {
    const out = runDir();
    const all = results().map((r) =>
      r.variant === 'without_skill'
        ? { ...r, cached: true, durationMs: 1, session: r.session && { ...r.session, usage: emptyUsage() } }
        : r,
    );
    const [file] = await writeSkillCreatorOutputs(out, all, { summary: runSummary(all, out) });
    const bench = json(file as string);
    // skill-creator's own fields, and no delta made up against zeros; its viewer shows a missing delta as `—`.
    expect(bench.run_summary.without_skill.tokens).toEqual({ mean: 0, stddev: 0, min: 0, max: 0 });
    expect(bench.run_summary.delta).toEqual({ pass_rate: '+0.50' });
    for (const key of Object.keys(bench.run_summary.delta)) expect(BENCHMARK.delta).toContain(key);
    expect(bench.notes).toEqual([
      'without_skill: every run was reused from the cache, so time_seconds and tokens are not compared (left out of delta); --no-cache measures them.',
    ]);
    const [agentskills] = await writeSkillCreatorOutputs(out, all, { flavor: 'agentskills' });
    expect(json(agentskills as string).run_summary.delta).toEqual({ pass_rate: 0.5 });
  });

  it('benchmark.json: a cached run keeps its verdict in pass_rate, and says why it is not in time and tokens', async () => {
    const out = runDir();
    // The second without_skill run reused from the cache: a millisecond, no tokens.
    const all = results().map((r) =>
      r.variant === 'without_skill' && r.run === 2
        ? { ...r, cached: true, durationMs: 1, session: r.session && { ...r.session, usage: emptyUsage() } }
        : r,
    );
    const [file] = await writeSkillCreatorOutputs(out, all, { summary: runSummary(all, out) });
    const bench = json(file as string);
    const cached = bench.runs.find(
      (r: { configuration: string; run_number: number }) => r.configuration === 'without_skill' && r.run_number === 2,
    );
    expect(cached.notes).toEqual([expect.stringContaining('Reused from the cache')]);
    const other = bench.run_summary.without_skill;
    expect(other.tokens).toEqual({ mean: 2000, stddev: 0, min: 2000, max: 2000 });
    expect(other.time_seconds.min).toBeGreaterThan(1);
    expect(other.pass_rate.max).toBe(0.5);
  });

  it('--agentskills: assertion_results, numeric deltas, timing.json with tokens and duration only', async () => {
    const out = runDir();
    const [file] = await writeSkillCreatorOutputs(out, results(), { flavor: 'agentskills' });
    const run = join(out, 'agentskills', 'iteration-1', 'eval-1', 'without_skill', 'run-1');
    const grading = json(run, 'grading.json');
    expect(grading.expectations).toBeUndefined();
    expect(grading.assertion_results).toHaveLength(2);
    expect(json(run, 'timing.json')).toEqual({ total_tokens: 2000, duration_ms: 32_000 });
    const bench = json(file as string);
    expect(bench.run_summary.delta).toEqual({ pass_rate: 0.5, time_seconds: 18, tokens: 1400 });
    expect(bench.runs[0].assertion_results).toHaveLength(2);
  });

  it('non-numeric ids get a slug directory and a numeric eval_id in eval_metadata.json; baseline is old_skill', async () => {
    const out = runDir();
    const rs = [
      caseResult({ executionId: 'a', caseId: 'Greets the Crew!', caseName: 'greets' }),
      caseResult({ executionId: 'b', caseId: '2', caseName: 'numbered' }),
      caseResult({ executionId: 'c', caseId: 'farewell', caseName: 'says bye', variant: 'baseline' }),
    ];
    mkdirSync(join(out, 'artifacts', 'a', 'collected', 'out'), { recursive: true });
    writeFileSync(join(out, 'artifacts', 'a', 'collected', 'out', 'chart.txt'), 'bars');
    rs[0] = caseResult({ ...rs[0], workspace: { collected: ['artifacts/a/collected/out/chart.txt'] } });
    await writeSkillCreatorOutputs(out, rs, {
      cases: {
        format: 'skill-eval-cases-v1',
        cases: [
          {
            suiteId: rs[0]!.suiteId,
            caseId: 'Greets the Crew!',
            name: 'greets',
            kind: 'task',
            file: 'e.json',
            turns: ['Say hi', 'Again'],
            assertions: ['says ahoy'],
            skill: { name: 'pirate', dir: '/skills/pirate' },
          },
        ],
      },
    });
    const it1 = join(out, 'skill-creator', 'iteration-1');
    expect(readdirSync(it1).sort()).toEqual(['benchmark.json', 'eval-2', 'eval-farewell', 'eval-greets-the-crew']);
    expect(json(it1, 'eval-greets-the-crew', 'eval_metadata.json')).toEqual({
      eval_id: 1,
      eval_name: 'greets',
      prompt: 'Say hi\n\nAgain',
      assertions: ['says ahoy'],
    });
    // 1 is taken, 2 is the numeric case's own: the next free number.
    expect(json(it1, 'eval-farewell', 'eval_metadata.json').eval_id).toBe(3);
    expect(existsSync(join(it1, 'eval-farewell', 'old_skill', 'run-1', 'grading.json'))).toBe(true);
    expect(
      readFileSync(join(it1, 'eval-greets-the-crew', 'with_skill', 'run-1', 'outputs', 'out', 'chart.txt'), 'utf8'),
    ).toBe('bars');
    expect(json(it1, 'benchmark.json').metadata).toMatchObject({
      skill_name: 'pirate',
      skill_path: '/skills/pirate',
      evals_run: [1, 2, 3],
    });
  });

  it("gives skill-creator's viewer each run's eval_metadata.json where it looks: the run directory or the one above", async () => {
    const out = runDir();
    const rs = [...results(), caseResult({ executionId: 'b1', caseId: 'Baseline case', variant: 'baseline' })];
    const cases = ['1', 'Baseline case'].map((caseId) => ({
      suiteId: rs[0]!.suiteId,
      caseId,
      name: caseId,
      kind: 'task' as const,
      file: 'evals.json',
      turns: [`prompt of ${caseId}`],
      assertions: [],
    }));
    await writeSkillCreatorOutputs(out, rs, { cases: { format: 'skill-eval-cases-v1', cases } });
    // eval-viewer/generate_review.py: a run is a directory holding outputs/; its build_run reads the prompt and
    // eval_id from eval_metadata.json in that directory, else in its parent.
    const runDirs = (at: string): string[] =>
      existsSync(join(at, 'outputs'))
        ? [at]
        : readdirSync(at, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? runDirs(join(at, e.name)) : []));
    const runs = runDirs(join(out, 'skill-creator'));
    expect(runs).toHaveLength(rs.length);
    for (const run of runs) {
      const found = [join(run, 'eval_metadata.json'), join(run, '..', 'eval_metadata.json')].find(existsSync);
      expect(found, run).toBeDefined();
      const metadata = json(found as string);
      const evalDir = join(run, '..', '..');
      expect(metadata).toEqual(json(evalDir, 'eval_metadata.json'));
      expect(metadata.prompt).toMatch(/^prompt of /);
    }
  });
});
