import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { agent, agentvSuite, type HostileCase, type HostileOutcome, onAgent, rerun } from './hostile-run.js';

/** Waits in the run directory, up to 5 s, until the first execution's result line is written. */
const UNTIL_FIRST_RESULT = 'i=0; while [ $i -lt 100 ] && [ ! -s results.jsonl ]; do sleep 0.05; i=$((i+1)); done';

/**
 * Agents that try to forge the run's verdicts: the first case's answer fails it, and the second case's agent — which
 * knows where the run directory is, as an agent can find out from its parent's command line — rewrites what the run
 * wrote so far. Whatever it does, the run's results are the harness's, and it says what it undid. The second agent can
 * start before the first result is written (a finished engine gives its slot back): it waits for that result, up to
 * 5 s, as an attacker would.
 */
const forging = (name: string, attack: string, undone: string[]): HostileCase => ({
  name,
  files: {
    'evals/hostile.eval.yaml': agentvSuite({ first: 'first', second: 'second' }),
    'agent.sh': agent(
      `if [ "$p" = first ]; then echo "no"; exit 0; fi\ncd "$RUN" || exit 1\n${UNTIL_FIRST_RESULT}\n${attack}\ntouch "$PROJECT/marks/attacked"\necho pass`,
    ),
  },
  argv: onAgent(),
  expect: (outcome) => {
    expect(outcome.marked('attacked')).toBe(true);
    expectHonestVerdicts(outcome);
    expect(outcome.summary().tampered ?? []).toEqual(undone);
    if (undone.length) expect(outcome.stdout).toContain('skill-eval undid it');
    // cases.json is the harness's again too: reports name the cases the run had.
    expect(readFileSync(join(outcome.run, 'cases.json'), 'utf8')).toContain('"caseId": "first"');
  },
});

/** The verdicts the agents earned: the first case failed, the second passed; one line each. */
function expectHonestVerdicts(outcome: HostileOutcome) {
  expect(outcome.code).toBe(1);
  expect(outcome.results().map((r) => [r.caseId, r.status])).toEqual([
    ['first', 'failed'],
    ['second', 'passed'],
  ]);
  expect(outcome.summary().caseTotals).toMatchObject({ passed: 1, failed: 1 });
}

const FORGE_PASS = `sed 's/"status":"failed"/"status":"passed"/' results.jsonl > f && mv f results.jsonl`;

const cases: HostileCase[] = [
  forging('rewrites the failed verdict as passed', FORGE_PASS, ['results.jsonl (changed; removed)']),
  forging(
    'appends a second, passing line for the failed execution',
    `head -n1 results.jsonl | sed 's/"status":"failed"/"status":"passed"/' >> results.jsonl`,
    ['results.jsonl (changed; removed)'],
  ),
  forging('deletes results.jsonl', 'rm results.jsonl', ['results.jsonl (removed by something else)']),
  forging(
    'rewrites the plan in run.json to hide the failed execution',
    `sed 's/first/gone/g' run.json > f && mv f run.json`,
    ['run.json (changed; removed)'],
  ),
  forging(
    "replaces the failed execution's transcript",
    'for t in transcripts/*first*; do echo \'{"finalMessage":"pass"}\' > "$t"; done',
    ['transcripts/evals-hostile-eval-yaml--first--command--with_skill--r1.json (changed; removed)'],
  ),
  forging(
    'plants a file among the artifacts of the other execution',
    'mkdir -p artifacts/evals-hostile-eval-yaml--first--command--with_skill--r1 && echo pass > artifacts/evals-hostile-eval-yaml--first--command--with_skill--r1/verdict.txt',
    [
      'artifacts/evals-hostile-eval-yaml--first--command--with_skill--r1/verdict.txt (not written by skill-eval; removed)',
    ],
  ),
  forging('plants a report.html of its own', 'echo "<h1>all passed</h1>" > report.html', [
    'report.html (not written by skill-eval; removed)',
  ]),
  forging('writes a summary.json of its own', `echo '{"caseTotals":{"failed":0}}' > summary.json`, [
    'summary.json (not written by skill-eval; removed)',
  ]),
  forging(
    'edits cases.json (written again as the run ends)',
    `sed 's/first/renamed/g' cases.json > f && mv f cases.json`,
    [],
  ),
  {
    name: 'writes next to SKILL_EVAL_OUTPUT_FILE, which lies outside the run directory, and links in /etc/passwd',
    files: {
      'evals/hostile.eval.yaml': agentvSuite({ one: 'one' }),
      'agent.sh': agent(
        [
          'dir=$(dirname "$SKILL_EVAL_OUTPUT_FILE")',
          'case "$dir" in "$RUN"*) touch "$PROJECT/marks/inside-run";; esac',
          'echo forged > "$dir/../results.jsonl"',
          'ln -s /etc/passwd "$dir/passwd"',
          'mkfifo "$dir/pipe"',
          'echo pass',
        ].join('\n'),
      ),
    },
    argv: onAgent(),
    expect: (outcome) => {
      expect(outcome.code).toBe(0);
      expect(outcome.marked('inside-run')).toBe(false);
      const [result] = outcome.results();
      const kept = join(outcome.run, 'artifacts', result!.executionId);
      expect(existsSync(join(kept, 'command-transcript.jsonl'))).toBe(true);
      expect(existsSync(join(kept, 'passwd'))).toBe(false);
      expect(existsSync(join(kept, 'pipe'))).toBe(false);
      expect(outcome.summary().tampered).toBeUndefined();
    },
  },
  {
    name: 'a setup step (trusted) appends a passing line to results.jsonl',
    files: {
      'evals/hostile.eval.yaml': agentvSuite(
        { first: 'first', second: 'second' },
        `workspace:\n  hooks:\n    before_each:\n      command: "i=0; while [ $i -lt 50 ]; do test -s $RUN/results.jsonl && break; sleep 0.1; i=$((i+1)); done; test -s $RUN/results.jsonl && head -n1 $RUN/results.jsonl | sed s/failed/passed/ >> $RUN/results.jsonl; true"\n`,
      ),
      'agent.sh': agent('if [ "$p" = first ]; then echo no; else echo pass; fi'),
    },
    argv: onAgent('--trust'),
    expect: (outcome) => {
      expectHonestVerdicts(outcome);
      expect(outcome.summary().tampered).toEqual(['results.jsonl (changed; removed)']);
    },
  },
];

/** What a later reader of the run directory refuses: lines skill-eval did not write there. */
const editedAfterwards = (name: string, edit: (lines: string[]) => string[], command: (run: string) => string[]) => ({
  name,
  files: {
    'evals/hostile.eval.yaml': agentvSuite({ first: 'first', second: 'second' }),
    'agent.sh': agent('echo pass'),
  },
  argv: onAgent(),
  async expect(outcome: HostileOutcome) {
    const file = join(outcome.run, 'results.jsonl');
    const lines = edit(readFileSync(file, 'utf8').split('\n').filter(Boolean));
    writeFileSync(file, `${lines.join('\n')}\n`);
    const refused = await rerun(outcome, command(outcome.run));
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/results\.jsonl:\d+: /);
  },
});

const forgedLine = (lines: string[], fields: object) => JSON.stringify({ ...JSON.parse(lines[0]!), ...fields });

const refusals = [
  editedAfterwards(
    'report refuses a repeated execution',
    (l) => [...l, forgedLine(l, { status: 'failed' })],
    (run) => ['report', run],
  ),
  editedAfterwards(
    'report --html refuses a line of an execution the run did not plan',
    (l) => [...l, forgedLine(l, { executionId: 'forged--r1' })],
    (run) => ['report', run, '--html'],
  ),
  editedAfterwards(
    'report refuses a line about a case the run does not have',
    (l) => [l[0]!, forgedLine(l, { executionId: JSON.parse(l[1]!).executionId, caseId: 'invented' })],
    (run) => ['report', run, '--junit'],
  ),
  editedAfterwards(
    'compare refuses a repeated execution',
    (l) => [...l, l[0]!],
    (run) => ['compare', run, run],
  ),
  editedAfterwards(
    'merge refuses a shard with a line it did not plan',
    (l) => [...l, forgedLine(l, { executionId: 'forged--r1' })],
    (run) => ['merge', run, '--out', `${run}-merged`],
  ),
];

/** Agents that forge results, and the readers that refuse what was forged after the run. */
export const forgedResults: HostileCase[] = [...cases, ...refusals];
