import { describe, expect, it } from 'vitest';
import { CaseResultSchema } from './result.js';
import { latestPerExecution, readResultLines } from './result-lines.js';

const result = (executionId: string, status: 'passed' | 'failed') =>
  CaseResultSchema.parse({
    executionId,
    suiteId: 's',
    caseId: executionId,
    caseName: executionId,
    kind: 'task',
    variant: 'with_skill',
    engine: 'command',
    run: 1,
    status,
    score: status === 'passed' ? 1 : 0,
    checks: [],
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 5,
  });

describe('readResultLines', () => {
  it('reads every result line in order and counts the lines that are not results', () => {
    const a = result('a', 'failed');
    const b = result('b', 'passed');
    const text = [
      JSON.stringify(a),
      '',
      'not json',
      JSON.stringify({ executionId: 'x' }),
      JSON.stringify(b),
      '   ',
      JSON.stringify(a).slice(0, 20),
    ].join('\n');
    expect(readResultLines(text)).toEqual({ results: [a, b], damagedLines: 3 });
    expect(readResultLines('')).toEqual({ results: [], damagedLines: 0 });
  });
});

describe('latestPerExecution', () => {
  it("keeps each execution's last line, in the order of those last lines", () => {
    const first = result('a', 'failed');
    const again = result('a', 'passed');
    const b = result('b', 'passed');
    expect(latestPerExecution([first, b, again])).toEqual([b, again]);
    expect(latestPerExecution([])).toEqual([]);
  });
});
