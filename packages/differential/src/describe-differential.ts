import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareVerdicts } from './compare.js';
import { DELIBERATE_DIFFERENCES, explaining, type Peer } from './deliberate-differences.js';
import type { PeerVerdict } from './peers/peer-verdict.js';

type Verdicts<P> = (pairs: readonly P[]) => Promise<Map<string, PeerVerdict>>;

/**
 * Grades the pairs through the peer and through skill-eval at once and requires ≥ 99% identical verdicts (and
 * scores), every disagreement a difference the README lists, and every listed difference still shown by a pair.
 * `DIFFERENTIAL_REPORT=<file>` writes every disagreement there.
 */
export function describeDifferential<P extends { id: string }>(
  name: string,
  peer: Peer,
  pairs: readonly P[],
  theirs: Verdicts<P>,
  ours: Verdicts<P>,
) {
  describe(name, () => {
    let result: ReturnType<typeof compareVerdicts>;
    beforeAll(async () => {
      const [peerVerdicts, ourVerdicts] = await Promise.all([theirs(pairs), ours(pairs)]);
      result = compareVerdicts(peerVerdicts, ourVerdicts);
      const report = process.env.DIFFERENTIAL_REPORT;
      if (report) writeFileSync(report, JSON.stringify(result, null, 1));
    });

    it('grades at least 500 pairs', () => {
      expect(pairs.length).toBeGreaterThanOrEqual(500);
    });

    it('agrees on at least 99% of them', () => {
      expect(result.agreement, JSON.stringify(result.disagreements.slice(0, 5), null, 1)).toBeGreaterThanOrEqual(0.99);
    });

    it('disagrees only where the README says skill-eval differs on purpose', () => {
      const unexplained = result.disagreements.filter((d) => explaining(peer, d.id).length === 0);
      expect(unexplained, 'add each to deliberate-differences.ts and the README, or fix it').toEqual([]);
    });

    it('lists no difference that no pair shows any more', () => {
      const listed = DELIBERATE_DIFFERENCES.filter((difference) => difference.pairs[peer]);
      const stale = listed.filter(
        (difference) => !result.disagreements.some((d) => difference.pairs[peer]!.test(d.id)),
      );
      expect(
        stale.map((difference) => difference.readme),
        'remove each from the list and the README',
      ).toEqual([]);
      const shown = new Set(pairs.map((pair) => pair.id));
      expect(listed.filter((difference) => ![...shown].some((id) => difference.pairs[peer]!.test(id)))).toEqual([]);
    });
  });
}
