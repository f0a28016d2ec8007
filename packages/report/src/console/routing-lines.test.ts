import path from 'node:path';
import { routingSummaries } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { renderRunEnd } from '../test-support/render-run-end.js';
import { caseResult } from '../test-support/results.js';

const cwd = path.resolve('/tmp/project');
const routed = (caseId: string, caseName: string, expected: string | null, chosen: string | null) =>
  caseResult({ caseId, caseName, kind: 'trigger', routing: { expected, chosen, skills: ['pdf', 'csv'] } });

describe('console: routing block', () => {
  const routing = routingSummaries([
    routed('1', 'Make a PDF of this', 'pdf', 'pdf'),
    routed('1', 'Make a PDF of this', 'pdf', 'csv'),
    routed('2', 'Sum sales.csv', 'csv', 'csv'),
    routed('3', 'Hello there', null, 'pdf'),
  ]);

  it('prints the matrix with precision and recall, and the queries that went to the wrong skill', async () => {
    const text = await renderRunEnd({ routing }, cwd, path.join(cwd, 'out'));
    expect(text).toContain('Routing: 2/4 runs to the right skill (50%)\n');
    expect(text).toContain('  expected ↓ / chose →  pdf  csv  (none)  precision  recall\n');
    expect(text).toContain('  pdf                     1    1       0        50%     50%\n');
    expect(text).toContain('  csv                     0    1       0        50%    100%\n');
    // Nothing went to "none", and a query should have: no precision, recall 0.
    expect(text).toContain('  (none)                  1    0       0          —      0%\n');
    expect(text).toContain('    skills/pdf/evals.json › Make a PDF of this — expected pdf, went to csv 1/2\n');
    expect(text).toContain('    skills/pdf/evals.json › Hello there — expected (none), went to pdf 1/1\n');
  });

  it('prints nothing without routing cases', async () => {
    expect(await renderRunEnd({}, cwd, path.join(cwd, 'out'))).not.toContain('Routing');
  });
});
