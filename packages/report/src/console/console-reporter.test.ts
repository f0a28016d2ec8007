import path from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSI, FakeStream, SGR } from '../test-support/fake-stream.js';
import { caseResult, planned, runSummary } from '../test-support/results.js';
import { renderScreen } from '../test-support/virtual-terminal.js';
import consoleReporter, { createConsoleReporter } from './console-reporter.js';

const cwd = path.resolve('/tmp/project');
const outDir = path.join(cwd, '.skill-eval', 'runs', 'run-1');
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping escape codes
const strip = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');

function threeResults(): CaseResult[] {
  return [
    caseResult({ executionId: 'e1', caseId: '1', caseName: 'extracts tables' }),
    caseResult({
      executionId: 'e2',
      caseId: '2',
      caseName: 'fills the form',
      status: 'failed',
      score: 0.5,
      checks: [
        { type: 'contains', name: 'says done', passed: true, score: 1 },
        {
          type: 'file-exists',
          name: 'writes out.pdf',
          passed: false,
          score: 0,
          evidence: 'no file out.pdf in workspace',
        },
      ],
      durationMs: 2500,
    }),
    caseResult({
      executionId: 'e3',
      caseId: '3',
      suiteId: 'skills/pdf/evals/extra.yaml',
      caseName: 'merges pages',
      engine: 'codex',
      variant: 'without_skill',
      status: 'error',
      score: 0,
      checks: [],
      session: undefined,
      error: { code: 'ENGINE_FAILED', message: 'codex exited with code 1' },
      durationMs: 300,
    }),
  ];
}

beforeEach(() => {
  vi.stubEnv('CI', '');
  vi.stubEnv('NO_COLOR', '');
  vi.stubEnv('FORCE_COLOR', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('console reporter, plain mode', () => {
  it('writes one plain line per finished execution and no escape codes', async () => {
    const stream = new FakeStream(false);
    const reporter = createConsoleReporter({ stream, cwd });
    const results = threeResults();
    await reporter.onRunStart?.(results.map(planned), outDir);
    for (const result of results) {
      await reporter.onExecutionStart?.(planned(result));
      await reporter.onResult?.(result);
    }
    const lines = stream.text.split('\n');
    expect(lines.filter((line) => /^(✓ PASS|✗ FAIL|! ERROR) /.test(line))).toEqual([
      '✓ PASS skills/pdf/evals.json › extracts tables [claude-code] 1.2s',
      '✗ FAIL skills/pdf/evals.json › fills the form [claude-code] 2.5s — writes out.pdf: no file out.pdf in workspace',
      '! ERROR skills/pdf/evals/extra.yaml › merges pages [codex, without_skill] 300ms (ENGINE_FAILED: codex exited with code 1)',
    ]);
    await reporter.onRunEnd?.(runSummary(results, outDir), results);
    expect(stream.text).not.toMatch(ANSI);
  });

  it('opens with the number of executions and where the results go, one execution in the singular', async () => {
    const opening = async (count: number) => {
      const stream = new FakeStream(false);
      const reporter = createConsoleReporter({ stream, cwd, color: false });
      await reporter.onRunStart?.(threeResults().slice(0, count).map(planned), outDir);
      return stream.text.split('\n')[0];
    };
    expect(await opening(1)).toBe('Running 1 execution; results in .skill-eval/runs/run-1');
    expect(await opening(3)).toBe('Running 3 executions; results in .skill-eval/runs/run-1');
    expect(await opening(0)).toBe('Nothing to run; results in .skill-eval/runs/run-1');
  });

  it('stays plain on a TTY when CI is set', async () => {
    vi.stubEnv('CI', 'true');
    const stream = new FakeStream(true);
    const reporter = createConsoleReporter({ stream, cwd, color: false });
    const [result] = threeResults();
    await reporter.onRunStart?.([planned(result!)], outDir);
    await reporter.onExecutionStart?.(planned(result!));
    await reporter.onResult?.(result!);
    expect(stream.text).not.toMatch(ANSI);
    expect(stream.text).toContain('✓ PASS skills/pdf/evals.json › extracts tables [claude-code] 1.2s\n');
  });

  it('stays plain on a zero-sized terminal, where a redrawn frame would be clipped away', async () => {
    const stream = new FakeStream(true, { columns: 0, rows: 0 });
    const reporter = createConsoleReporter({ stream, cwd, color: false });
    const [result] = threeResults();
    await reporter.onRunStart?.([planned(result!)], outDir);
    await reporter.onResult?.(result!);
    expect(stream.text).not.toMatch(ANSI);
    expect(stream.text).toContain('✓ PASS skills/pdf/evals.json › extracts tables [claude-code] 1.2s\n');
  });

  it('tells in the closing lines which warnings executions had, with how many, and not under each line', async () => {
    const stream = new FakeStream(false);
    const reporter = createConsoleReporter({ stream, cwd, color: false });
    const cut = 'turn 1: stdout passed 8 MiB and was cut';
    const results = ['e1', 'e2'].map((executionId) =>
      caseResult({ executionId, session: { status: 'completed', engineId: 'command', warnings: [cut] } }),
    );
    await reporter.onRunStart?.(results.map(planned), outDir);
    for (const result of results) await reporter.onResult?.(result);
    expect(stream.text).not.toContain(cut);
    await reporter.onRunEnd?.(runSummary(results, outDir), results);
    const closing = stream.text.slice(stream.text.indexOf('2 executions ·'));
    expect(closing).toContain(
      `Warnings in 2 of 2 executions (per execution in results.jsonl, and under its line with -v):\n  2× [engine] ${cut}\n`,
    );
    expect(closing.indexOf('Warnings in')).toBeLessThan(closing.indexOf('Results:'));
  });
});

describe('console reporter, plain mode: progress and the closing table', () => {
  it('prints a progress line whenever nothing was printed for the interval: done, running, for how long', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stream = new FakeStream(false);
    const reporter = createConsoleReporter({ stream, cwd, color: false, progressIntervalMs: 50 });
    const [first, second, third] = threeResults() as [CaseResult, CaseResult, CaseResult];
    await reporter.onRunStart?.([first, second, third].map(planned), outDir);
    await reporter.onExecutionStart?.(planned(first));
    await reporter.onExecutionStart?.(planned(third));
    vi.advanceTimersByTime(49);
    expect(stream.text).not.toContain('…');
    vi.advanceTimersByTime(1);
    expect(stream.text.split('\n').at(-2)).toBe(
      '… 0/3 done (0 passed) · running: skills/pdf/evals.json › extracts tables [claude-code] 50ms, ' +
        'skills/pdf/evals/extra.yaml › merges pages [codex, without_skill] 50ms · 50ms',
    );
    // A result line resets the silence: the next progress line comes a whole interval after it.
    vi.advanceTimersByTime(30);
    await reporter.onResult?.(first);
    vi.advanceTimersByTime(49);
    expect(stream.text.split('\n').at(-2)).toMatch(/^✓ PASS .*extracts tables/);
    vi.advanceTimersByTime(1);
    expect(stream.text.split('\n').at(-2)).toBe(
      '… 1/3 done (1 passed) · running: skills/pdf/evals/extra.yaml › merges pages [codex, without_skill] 130ms · 130ms',
    );
    await reporter.onRunEnd?.(runSummary([first], outDir), [first]);
    const written = stream.text.length;
    vi.advanceTimersByTime(500);
    expect(stream.text.length).toBe(written);
  });

  it('lists every execution in the closing table with verbose, and only what did not pass without', async () => {
    const tableOf = async (verbose: boolean) => {
      const stream = new FakeStream(false);
      const reporter = createConsoleReporter({ stream, cwd, color: false, verbose });
      const results = threeResults();
      await reporter.onRunEnd?.(runSummary(results, outDir), results);
      return stream.text.slice(0, stream.text.indexOf('3 executions ·'));
    };
    const all = await tableOf(true);
    expect(all).toMatch(/✓ PASS.*extracts tables.*claude-code.*with_skill #1.*1\.00.*12\.3k\/850.*\$0\.0123.*1\.2s/);
    expect(all).not.toContain('not in this table');
    const failures = await tableOf(false);
    expect(failures).not.toContain('extracts tables');
    expect(failures).toMatch(/✗ FAIL.*fills the form/);
    expect(failures).toMatch(/! ERROR.*merges pages/);
    expect(failures).toContain('1 passed execution not in this table (-v lists every one).');
  });

  it('prints no table when every execution passed, nor a note about one: each has its line, the totals count them', async () => {
    const stream = new FakeStream(false);
    const reporter = createConsoleReporter({ stream, cwd, color: false });
    const results = [caseResult({ executionId: 'a' }), caseResult({ executionId: 'b' })];
    await reporter.onRunEnd?.(runSummary(results, outDir), results);
    expect(stream.text).not.toContain('Status');
    expect(stream.text).not.toContain('table');
    expect(stream.text).toMatch(/^\n2 executions · 2 passed/);
  });

  it('adds the flags the run needed to the resume hint of an interrupted run', async () => {
    const stream = new FakeStream(false);
    const reporter = createConsoleReporter({ stream, cwd, color: false, resumeFlags: ['--trust'] });
    const results = [caseResult()];
    await reporter.onRunEnd?.(runSummary(results, outDir, { interrupted: true }), results);
    expect(stream.text).toContain('`skill-eval run --resume .skill-eval/runs/run-1 --trust` continues it.');
  });
});

describe('console reporter, TTY mode', () => {
  it('redraws progress with counts, elapsed time and running cases, then prints the table and totals', async () => {
    // Fake only the spinner's clock: the terminal emulator needs real timeouts.
    vi.useFakeTimers({ now: 0, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const stream = new FakeStream(true);
    const reporter = createConsoleReporter({ stream, cwd });
    const results = threeResults();
    const [first, second, third] = results as [CaseResult, CaseResult, CaseResult];
    await reporter.onRunStart?.(results.map(planned), outDir);
    await reporter.onExecutionStart?.(planned(first));
    await reporter.onExecutionStart?.(planned(third));
    vi.advanceTimersByTime(2500);
    expect(await renderScreen(stream.text)).toEqual([
      expect.stringMatching(/^\S 0\/3 done · ✓ 0 passed · ✗ 0 failed · ! 0 errors · 2\.5s$/),
      '  ▸ skills/pdf/evals.json › extracts tables [claude-code] 2.5s',
      '  ▸ skills/pdf/evals/extra.yaml › merges pages [codex, without_skill] 2.5s',
    ]);

    await reporter.onResult?.(first);
    vi.advanceTimersByTime(1000);
    await reporter.onExecutionStart?.(planned(second));
    // The finished execution scrolls up as a line of its own; the frame below it is redrawn in place.
    expect(await renderScreen(stream.text)).toEqual([
      '✓ PASS skills/pdf/evals.json › extracts tables [claude-code] 1.2s',
      expect.stringMatching(
        /^\S 1\/3 done · ✓ 1 passed · ✗ 0 failed · ! 0 errors · 12\.3k\/850 tokens · \$0\.0123 · 3\.5s$/,
      ),
      '  ▸ skills/pdf/evals/extra.yaml › merges pages [codex, without_skill] 3.5s',
      '  ▸ skills/pdf/evals.json › fills the form [claude-code] 0ms',
    ]);
    expect(stream.text).toMatch(SGR);

    await reporter.onResult?.(second);
    await reporter.onResult?.(third);
    await reporter.onRunEnd?.(runSummary(results, outDir), [third, first, second]);
    const screen = await renderScreen(stream.text);
    expect(screen.slice(0, 3)).toEqual([
      '✓ PASS skills/pdf/evals.json › extracts tables [claude-code] 1.2s',
      '✗ FAIL skills/pdf/evals.json › fills the form [claude-code] 2.5s — writes out.pdf: no file out.pdf in workspace',
      '! ERROR skills/pdf/evals/extra.yaml › merges pages [codex, without_skill] 300ms (ENGINE_FAILED: codex exited with code 1)',
    ]);
    const end = screen.slice(3).join('\n');
    // The progress frame is gone once the run ends.
    expect(end).not.toContain('done ·');
    // The table lists what did not pass, in plan order whatever order the results came in, and counts the passes.
    expect(end).not.toContain('extracts tables');
    expect(end.indexOf('fills the form')).toBeLessThan(end.indexOf('merges pages'));
    expect(end).toContain('1 passed execution not in this table (-v lists every one).');
    expect(end).toMatch(/Status.*Suite.*Case.*Engine.*Variant\/run.*Score.*Tokens in\/out.*Cost.*Time.*Reason/);
    expect(end).toMatch(
      /✗ FAIL.*fills the form.*claude-code.*with_skill #1.*0\.50.*12\.3k\/850.*\$0\.0123.*2\.5s.*writes out\.pdf: no file/,
    );
    expect(end).toMatch(/! ERROR.*merges pages.*codex.*without_skill #1.*—.*—.*—.*300ms.*ENGINE_FAILED: codex exited/);
    expect(end).toContain('3 executions · 1 passed · 1 failed · 1 errors · 0 skipped');
    expect(end).toContain('Tokens 24.6k in (22.2k cache read) / 1.7k out · Cost $0.0246 · Time 2m03s');
    expect(end).toContain(`Results: ${path.join('.skill-eval', 'runs', 'run-1')}`);

    // The spinner stops with the run: no redraw after the end.
    const written = stream.chunks.length;
    vi.advanceTimersByTime(1000);
    expect(stream.chunks.length).toBe(written);
  });

  it('colours plain lines when FORCE_COLOR is set (piped into less -R), unless NO_COLOR is set too', async () => {
    const print = async () => {
      const stream = new FakeStream(false);
      const reporter = createConsoleReporter({ stream, cwd });
      const results = threeResults();
      await reporter.onRunStart?.(results.map(planned), outDir);
      for (const result of results) await reporter.onResult?.(result);
      await reporter.onRunEnd?.(runSummary(results, outDir), results);
      return stream.text;
    };
    vi.stubEnv('FORCE_COLOR', '1');
    const forced = await print();
    expect(forced).toMatch(SGR);
    // Colour only: nothing is redrawn in a pipe.
    expect(forced.replace(new RegExp(SGR.source, 'g'), '')).not.toMatch(ANSI);
    vi.stubEnv('FORCE_COLOR', '0');
    expect(await print()).not.toMatch(ANSI);
    vi.stubEnv('FORCE_COLOR', '1');
    vi.stubEnv('NO_COLOR', '1');
    expect(await print()).not.toMatch(ANSI);
  });

  it('honours NO_COLOR while still redrawing in place', async () => {
    vi.stubEnv('NO_COLOR', '1');
    const stream = new FakeStream(true);
    const reporter = createConsoleReporter({ stream, cwd });
    const results = threeResults();
    await reporter.onRunStart?.(results.map(planned), outDir);
    for (const result of results) {
      await reporter.onExecutionStart?.(planned(result));
      await reporter.onResult?.(result);
    }
    await reporter.onRunEnd?.(runSummary(results, outDir), results);
    expect(stream.text).toMatch(ANSI);
    expect(stream.text).not.toMatch(SGR);
    expect(strip(stream.text)).toContain('1 passed · 1 failed · 1 errors');
  });
});

describe('console reporter plugin', () => {
  it('parses settings from config strings and rejects bad ones with the plugin name', () => {
    expect(consoleReporter.parseSettings({ color: 'false', ci: true, cwd: 'x' })).toEqual({
      color: false,
      ci: true,
      cwd: 'x',
    });
    expect(() => consoleReporter.parseSettings({ color: 'maybe' })).toThrow(/Invalid settings for console: color/);
  });

  it('prints an outDir outside cwd as an absolute path and flags an interrupted run', async () => {
    const stream = new FakeStream(false);
    const elsewhere = path.resolve('/var/tmp/runs/r2');
    const reporter = consoleReporter.create({ stream, cwd });
    await reporter.onRunEnd?.(runSummary([], elsewhere, { interrupted: true }), []);
    expect(stream.text).toContain(`Results: ${elsewhere}`);
    expect(stream.text).toContain('interrupted');
  });
});

describe('console reporter: case verdicts over repeats', () => {
  it('prints each repeated case with its pass rate, and trigger cases with their rate and rule', async () => {
    const stream = new FakeStream(false);
    const reporter = createConsoleReporter({ stream, cwd, color: false });
    const trigger = (run: number, status: 'passed' | 'failed') =>
      caseResult({ executionId: `t${run}`, kind: 'trigger', caseId: 'q', caseName: 'greets', run, status });
    const results = [trigger(1, 'passed'), trigger(2, 'passed'), trigger(3, 'failed')];
    const base = { suiteId: results[0]!.suiteId, caseId: 'q', caseName: 'greets', engine: 'claude-code' };
    const outcome = { ...base, variant: 'with_skill', runs: 3, failed: 1, errors: 0, skipped: 0, meanScore: 2 / 3 };
    await reporter.onRunEnd?.(
      runSummary(results, outDir, {
        caseTotals: { cases: 2, passed: 1, failed: 1, errors: 0, skipped: 0 },
        cases: [
          {
            ...outcome,
            kind: 'trigger',
            passed: 2,
            passRate: 2 / 3,
            status: 'passed',
            trigger: { shouldTrigger: true, triggers: 2, rate: 0.667, threshold: 0.5 },
          },
          { ...outcome, caseId: 'c', caseName: 'writes', kind: 'task', passed: 2, passRate: 2 / 3, status: 'failed' },
        ],
      }),
      results,
    );
    expect(stream.text).toContain('2 cases · 1 passed · 1 failed · 0 errors · 0 skipped');
    expect(stream.text).toContain(
      '  ✓ PASS skills/pdf/evals.json › greets [claude-code] — fired 2/3 runs (rate 0.667; should trigger: ≥ 0.5)',
    );
    expect(stream.text).toContain('  ✗ FAIL skills/pdf/evals.json › writes [claude-code] — 2/3 runs passed (67%)');
  });
});

describe('console reporter: --verbose', () => {
  it('prints each engine event under its execution, and nothing without verbose', async () => {
    const [result] = [caseResult()];
    const events = [
      { type: 'message', role: 'user', text: 'Make a\ntable' },
      { type: 'tool-call', id: 't1', name: 'Write', input: { file_path: 'out.md' } },
      { type: 'tool-result', id: 't1', output: 'File created', isError: false },
      { type: 'skill', name: 'pdf', via: 'tool' },
      { type: 'message', role: 'user', text: 'Also a chart', simulated: true },
    ] as const;
    const verbose = new FakeStream(false);
    const quiet = new FakeStream(false);
    for (const [stream, on] of [
      [verbose, true],
      [quiet, false],
    ] as const) {
      const reporter = createConsoleReporter({ stream, cwd, color: false, verbose: on });
      await reporter.onRunStart?.([planned(result!)], outDir);
      for (const event of events) await reporter.onEvent?.(planned(result!), event);
    }
    const label = 'skills/pdf/evals.json › extracts tables [claude-code] ›';
    // A line break in what the agent said is shown as one (`\n`), within the event's line.
    expect(verbose.text).toContain(`  │ ${label} user: Make a\\ntable\n`);
    expect(verbose.text).toContain(`  │ ${label} tool Write {"file_path":"out.md"}\n`);
    expect(verbose.text).toContain(`  │ ${label} result: File created\n`);
    expect(verbose.text).toContain(`  │ ${label} skill pdf (tool)\n`);
    // A message a simulated user wrote (skill-up user_simulator) says so.
    expect(verbose.text).toContain(`  │ ${label} user (simulated): Also a chart\n`);
    expect(quiet.text).not.toContain('│');
  });

  it('prints the warnings of an execution under its line', async () => {
    const stream = new FakeStream(false);
    const reporter = createConsoleReporter({ stream, cwd, color: false, verbose: true });
    const result = caseResult({
      session: {
        status: 'completed',
        engineId: 'codex',
        warnings: [
          { kind: 'engine', message: 'codex has no turn limit' },
          { kind: 'skill', message: 'The case names no skill to stage; it runs without one.' },
        ],
      },
    });
    await reporter.onRunStart?.([planned(result)], outDir);
    await reporter.onResult?.(result);
    expect(stream.text).toContain(
      '✓ PASS skills/pdf/evals.json › extracts tables [claude-code] 1.2s\n    ⚠ [engine] codex has no turn limit\n    ⚠ [skill] The case names no skill to stage; it runs without one.\n',
    );
  });
});
