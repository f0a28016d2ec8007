import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { caseResult } from '../test-support/results.js';
import { formatResultLine } from './result-line.js';

const plain = pc.createColors(false);

describe('formatResultLine', () => {
  it('says when the result came from a retry, so a flaky pass does not read as a clean one', () => {
    const retried = formatResultLine(caseResult({ attempts: 3 }), plain);
    expect(retried).toContain('✓ PASS');
    expect(retried).toContain('(after 3 attempts)');
    expect(formatResultLine(caseResult(), plain)).not.toContain('attempt');
  });
});
