import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { caseResult } from '../test-support/results.js';
import { renderWarnings, tallyWarnings } from './warning-lines.js';

const colors = pc.createColors(false);
const withWarnings = (executionId: string, warnings: string[]) =>
  caseResult({ executionId, session: { status: 'completed', engineId: 'codex', warnings } });

describe('warnings in the closing lines', () => {
  it('counts each distinct warning once per execution that had it, most frequent first', () => {
    const results = [
      withWarnings('e1', ['codex has no turn limit', 'turn 1: stdout passed 8 MiB and was cut']),
      withWarnings('e2', ['turn 1: stdout passed 8 MiB and was cut', 'turn 1: stdout passed 8 MiB and was cut']),
      caseResult({ executionId: 'e3' }),
      caseResult({ executionId: 'e4', session: undefined, status: 'error', error: { code: 'X', message: 'y' } }),
    ];
    expect(tallyWarnings(results)).toEqual([
      { warning: 'turn 1: stdout passed 8 MiB and was cut', executions: 2 },
      { warning: 'codex has no turn limit', executions: 1 },
    ]);
    expect(renderWarnings(results, colors)).toEqual([
      'Warnings in 2 of 4 executions (per execution in results.jsonl, and under its line with -v):',
      '  2× turn 1: stdout passed 8 MiB and was cut',
      '  1× codex has no turn limit',
    ]);
    expect(renderWarnings(results, colors, true)).toEqual([
      'Warnings in 2 of 4 executions (per execution in results.jsonl)',
    ]);
  });

  it('lists a few distinct warnings and counts the rest, so varied warnings cannot flood the summary', () => {
    const results = Array.from({ length: 9 }, (_, i) => withWarnings(`e${i}`, [`Workspace kept at /tmp/ws-${i}`]));
    const lines = renderWarnings(results, colors);
    expect(lines[0]).toMatch(/^Warnings in 9 of 9 executions/);
    expect(lines.filter((line) => line.startsWith('  1× Workspace kept at'))).toHaveLength(5);
    expect(lines.at(-1)).toBe('  … and 4 more distinct warnings');
  });

  it('counts the warnings of an execution that returned no session (a teardown that failed after its setup did)', () => {
    const teardown = 'Teardown command "exit 5" exited with status 5.';
    const failed = caseResult({
      session: undefined,
      status: 'error',
      error: { code: 'SETUP_FAILED', message: 'exit 4' },
      warnings: [teardown],
    });
    expect(renderWarnings([failed, caseResult({ executionId: 'e2' })], colors).slice(1)).toEqual([`  1× ${teardown}`]);
  });

  it('prints nothing for a run without warnings', () => {
    expect(renderWarnings([caseResult()], colors)).toEqual([]);
  });
});
