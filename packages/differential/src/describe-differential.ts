import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareVerdicts } from './compare.js';
import type { PeerVerdict } from './peers/peer-verdict.js';

type Verdicts<P> = (pairs: readonly P[]) => Promise<Map<string, PeerVerdict>>;

/**
 * Grades the pairs through the peer and through skill-eval at once and requires ≥ 99% identical verdicts (and
 * scores). `DIFFERENTIAL_REPORT=<file>` writes every disagreement there.
 */
export function describeDifferential<P>(name: string, pairs: readonly P[], peer: Verdicts<P>, ours: Verdicts<P>) {
  describe(name, () => {
    let result: ReturnType<typeof compareVerdicts>;
    beforeAll(async () => {
      const [theirs, mine] = await Promise.all([peer(pairs), ours(pairs)]);
      result = compareVerdicts(theirs, mine);
      const report = process.env.DIFFERENTIAL_REPORT;
      if (report) writeFileSync(report, JSON.stringify(result, null, 1));
    });

    it('grades at least 500 pairs', () => {
      expect(pairs.length).toBeGreaterThanOrEqual(500);
    });

    it('agrees on at least 99% of them', () => {
      expect(result.agreement, JSON.stringify(result.disagreements.slice(0, 5), null, 1)).toBeGreaterThanOrEqual(0.99);
    });
  });
}
