import { describe, expect, it } from 'vitest';
import { distinctSuiteLabels } from './suite-labels.js';

const labels = (...ids: string[]) => [...distinctSuiteLabels(ids).values()];

describe('distinctSuiteLabels', () => {
  it('keeps what tells the suites apart, cutting the path segments they all share', () => {
    expect(labels('examples/csv-summary/evals/evals.json', 'examples/pirate-greeting/evals/evals.json')).toEqual([
      '…/csv-summary/…',
      '…/pirate-greeting/…',
    ]);
    expect(labels('skills/pdf/evals/evals.json', 'skills/pdf/evals/triggers.json')).toEqual([
      '…/evals.json',
      '…/triggers.json',
    ]);
    expect(labels('a.eval.yaml', 'evals/b/EVAL.md')).toEqual(['a.eval.yaml', 'evals/b/EVAL.md']);
  });

  it('leaves each label a segment of its own when one id is the tail of another', () => {
    const [short, long] = labels('evals.json', 'more/evals.json');
    expect(short).not.toBe(long);
    expect(labels('x/evals.json', 'x/y/evals.json')).toEqual(['…/evals.json', '…/y/evals.json']);
  });
});
