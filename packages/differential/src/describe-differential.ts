import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareVerdicts } from './compare.js';
import { DELIBERATE_DIFFERENCES, explaining, type Peer } from './deliberate-differences.js';
import type { Expected } from './peer-vectors.js';
import type { PeerVerdict } from './peers/peer-verdict.js';

type Verdicts<P> = (pairs: readonly P[]) => Promise<Map<string, PeerVerdict>>;

/** Whether a verdict is what a peer's own unit test expects. */
function meets(verdict: PeerVerdict | undefined, expected: Expected): boolean {
  if (expected === 'error') return verdict?.verdict === 'error';
  if (expected.pass !== undefined && verdict?.verdict !== (expected.pass ? 'pass' : 'fail')) return false;
  return expected.score === undefined || Math.abs((verdict?.score ?? Number.NaN) - expected.score) < 1e-4;
}

/**
 * Grades the pairs through the peer and through skill-eval at once and requires ≥ 99% identical verdicts (and
 * scores), every disagreement a difference docs/grading.md lists, and every listed difference still shown by a pair.
 * `vectors` are the peer's own unit-test cases among the pairs: both must give the values those tests expect.
 * `DIFFERENTIAL_REPORT=<file>` writes every disagreement there.
 */
export function describeDifferential<P extends { id: string }>(
  name: string,
  peer: Peer,
  pairs: readonly P[],
  theirs: Verdicts<P>,
  ours: Verdicts<P>,
  vectors: ReadonlyMap<string, Expected>,
) {
  describe(name, () => {
    let result: ReturnType<typeof compareVerdicts>;
    let peerVerdicts: Map<string, PeerVerdict>;
    let ourVerdicts: Map<string, PeerVerdict>;
    beforeAll(async () => {
      [peerVerdicts, ourVerdicts] = await Promise.all([theirs(pairs), ours(pairs)]);
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

    it('disagrees only where docs/grading.md says skill-eval differs on purpose', () => {
      const unexplained = result.disagreements.filter((d) => explaining(peer, d.id).length === 0);
      expect(unexplained, 'add each to deliberate-differences.ts and docs/grading.md, or fix it').toEqual([]);
    });

    it(`gives the values ${peer}'s own unit tests expect, and so does skill-eval`, () => {
      expect(vectors.size).toBeGreaterThan(0);
      const missed = (verdicts: Map<string, PeerVerdict>) =>
        [...vectors].filter(([id, expected]) => !meets(verdicts.get(id), expected)).map(([id]) => id);
      expect(missed(peerVerdicts), `${peer} itself`).toEqual([]);
      // Where skill-eval differs on purpose, docs/grading.md says so (and the test above holds it to the peer).
      expect(
        missed(ourVerdicts).filter((id) => explaining(peer, id).length === 0),
        'skill-eval',
      ).toEqual([]);
    });

    it('lists no difference that no pair shows any more', () => {
      const listed = DELIBERATE_DIFFERENCES.filter((difference) => difference.pairs[peer]);
      const stale = listed.filter(
        (difference) => !result.disagreements.some((d) => difference.pairs[peer]!.test(d.id)),
      );
      expect(
        stale.map((difference) => difference.readme),
        'remove each from the list and docs/grading.md',
      ).toEqual([]);
      const shown = new Set(pairs.map((pair) => pair.id));
      expect(listed.filter((difference) => ![...shown].some((id) => difference.pairs[peer]!.test(id)))).toEqual([]);
    });
  });
}
