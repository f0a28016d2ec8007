import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareVerdicts } from './compare.js';
import { DELIBERATE_DIFFERENCES } from './deliberate-differences.js';
import { FUZZ_DIFFERENCES, fuzzExplaining } from './fuzz/fuzz-differences.js';
import { PROMPTFOO_FAMILIES } from './fuzz/fuzz-promptfoo-assertions.js';
import { familyOf, fuzzPromptfooPairs } from './fuzz/fuzz-promptfoo-pairs.js';
import { skillEvalConfigVerdicts } from './fuzz/skill-eval-promptfoo-config.js';
import { promptfooVerdicts } from './peers/promptfoo-peer.js';

/**
 * Generated (answer, assertions) pairs graded by promptfoo 0.123.1's own `runAssertions` and by skill-eval reading
 * them as a promptfoo config. CI grades a fixed sample; `FUZZ_PAIRS=20000 FUZZ_SEED=<n>` grades more (the job run
 * before resolving), `DIFFERENTIAL_REPORT=<file>` writes every disagreement with its pair.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const COUNT = Number(process.env.FUZZ_PAIRS ?? 2000);
const pairs = fuzzPromptfooPairs(SEED, COUNT);
const byId = new Map(pairs.map((pair) => [pair.id, pair]));

describe(`skill-eval against promptfoo 0.123.1 on ${COUNT} generated pairs (seed ${SEED})`, () => {
  let result: ReturnType<typeof compareVerdicts>;
  beforeAll(async () => {
    const [theirs, ours] = await Promise.all([promptfooVerdicts(pairs), skillEvalConfigVerdicts(pairs)]);
    result = compareVerdicts(theirs, ours);
    const report = process.env.DIFFERENTIAL_REPORT;
    if (report)
      writeFileSync(
        report,
        JSON.stringify(
          result.disagreements.map((d) => ({ ...d, pair: byId.get(d.id) })),
          null,
          1,
        ),
      );
  }, 600_000);

  it('draws every family the same number of times, the same pairs for the same seed', () => {
    const again = fuzzPromptfooPairs(SEED, 50);
    expect(again).toEqual(pairs.slice(0, 50));
    for (const family of PROMPTFOO_FAMILIES)
      expect(pairs.filter((p) => familyOf(p.id) === family).length).toBeGreaterThanOrEqual(Math.floor(COUNT / 16));
  });

  it('disagrees only on pairs that show a difference docs/grading.md lists', () => {
    const unexplained = result.disagreements.filter((d) => fuzzExplaining(byId.get(d.id)!).length === 0);
    expect(
      unexplained.slice(0, 5).map((d) => ({ ...d, pair: byId.get(d.id) })),
      `${unexplained.length} unexplained`,
    ).toEqual([]);
  });

  it('agrees on at least 99.5% of every family’s pairs that show no listed difference, and 99% of all', () => {
    expect(result.agreement).toBeGreaterThanOrEqual(0.99);
    const disagreeing = new Set(result.disagreements.map((d) => d.id));
    for (const family of PROMPTFOO_FAMILIES) {
      const plain = pairs.filter((p) => familyOf(p.id) === family && fuzzExplaining(p).length === 0);
      const agreed = plain.filter((p) => !disagreeing.has(p.id)).length;
      expect(agreed / plain.length, family).toBeGreaterThanOrEqual(0.995);
    }
  });

  it('names only differences docs/grading.md lists', () => {
    const listed = new Set(DELIBERATE_DIFFERENCES.map((d) => d.readme));
    expect(Object.keys(FUZZ_DIFFERENCES).filter((readme) => !listed.has(readme))).toEqual([]);
  });
});
