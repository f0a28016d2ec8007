import path from 'node:path';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { caseResult, runSummary } from '../test-support/results.js';
import { renderRunTotals } from './run-totals.js';

const cwd = path.resolve('/tmp/project');
const colors = pc.createColors(false);
const totals = (outDir: string, overrides: Record<string, unknown> = {}) => {
  const results = [caseResult()];
  return renderRunTotals(runSummary(results, outDir, overrides), results, colors, cwd).split('\n');
};

describe('renderRunTotals', () => {
  it('counts one execution in the singular', () => {
    expect(totals(path.join(cwd, 'out'))[0]).toBe('1 execution · 1 passed · 0 failed · 0 errors · 0 skipped');
  });

  it('an interrupted run says the whole command that continues it, its run directory quoted for the shell', () => {
    expect(totals(path.join(cwd, 'runs', 'a'), { interrupted: true })).toContain(
      'The run was interrupted before every execution finished; `skill-eval run --resume runs/a` continues it.',
    );
    expect(totals(path.join(cwd, "it's here"), { interrupted: true })).toContain(
      "The run was interrupted before every execution finished; `skill-eval run --resume 'it'\"'\"'s here'` continues it.",
    );
  });
});
