import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CaseResultSchema } from './result.js';
import { latestPerExecution, readResultLines } from './result-lines.js';

/** The smallest result the schema accepts (a data fixture), as execution `executionId` with `status`. */
const minimal: unknown = JSON.parse(readFileSync(new URL('./fixtures/case-result.json', import.meta.url), 'utf8'));
const result = (executionId: string, status: 'passed' | 'failed') =>
  CaseResultSchema.parse({
    ...(minimal as object),
    executionId,
    caseId: executionId,
    caseName: executionId,
    status,
    score: status === 'passed' ? 1 : 0,
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
