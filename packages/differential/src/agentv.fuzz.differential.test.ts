import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareVerdicts } from './compare.js';
import { DELIBERATE_DIFFERENCES } from './deliberate-differences.js';
import { AGENTV_FAMILIES } from './fuzz/fuzz-agentv-assertions.js';
import { type AgentvFacts, FUZZ_AGENTV_DIFFERENCES, fuzzAgentvExplaining } from './fuzz/fuzz-agentv-differences.js';
import { fuzzAgentvPairs } from './fuzz/fuzz-agentv-pairs.js';
import { familyOf } from './fuzz/fuzz-promptfoo-pairs.js';
import { agentvKeepsNoAssertion, agentvVerdicts } from './peers/agentv-peer.js';
import { skillEvalAgentvVerdicts } from './skill-eval-agentv.js';

/**
 * Generated AgentV tests graded by AgentV 4.42.4's own loader and `gradePreparedEvalCase` and by skill-eval reading
 * the same eval file through its AgentV reader. CI grades a fixed sample; `FUZZ_PAIRS=20000 FUZZ_SEED=<n>` grades
 * more (the job run before resolving), `DIFFERENTIAL_REPORT=<file>` writes every disagreement with its pair and a
 * summary of the counts.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261203);
const COUNT = Number(process.env.FUZZ_PAIRS ?? 2000);
const pairs = fuzzAgentvPairs(SEED, COUNT);
const byId = new Map(pairs.map((pair) => [pair.id, pair]));
const facts: AgentvFacts = { keptNone: new Set() };
const explaining = (pair: (typeof pairs)[number]) => fuzzAgentvExplaining(pair, facts);

describe(`skill-eval against AgentV 4.42.4 on ${COUNT} generated tests (seed ${SEED})`, () => {
  let result: ReturnType<typeof compareVerdicts>;
  beforeAll(async () => {
    facts.keptNone = await agentvKeepsNoAssertion(pairs);
    const [theirs, ours] = await Promise.all([agentvVerdicts(pairs), skillEvalAgentvVerdicts(pairs)]);
    result = compareVerdicts(theirs, ours);
    const report = process.env.DIFFERENTIAL_REPORT;
    if (report) writeFileSync(report, JSON.stringify(summary(result), null, 1));
  }, 600_000);

  it('draws every family the same number of times, the same tests for the same seed', () => {
    expect(fuzzAgentvPairs(SEED, 50)).toEqual(pairs.slice(0, 50));
    for (const family of AGENTV_FAMILIES)
      expect(pairs.filter((p) => familyOf(p.id) === family).length).toBeGreaterThanOrEqual(
        Math.floor(COUNT / AGENTV_FAMILIES.length),
      );
  });

  it('disagrees only on tests that show a difference docs/grading.md lists', () => {
    const unexplained = result.disagreements.filter((d) => explaining(byId.get(d.id)!).length === 0);
    expect(
      unexplained.slice(0, 5).map((d) => ({ ...d, pair: byId.get(d.id) })),
      `${unexplained.length} unexplained`,
    ).toEqual([]);
  });

  // Wrong-typed values are drawn often, so a listed difference shows on many tests; the rest must still be most.
  it('agrees on at least 99.5% of every family’s tests that show no listed difference, half of them or more', () => {
    const disagreeing = new Set(result.disagreements.map((d) => d.id));
    for (const family of AGENTV_FAMILIES) {
      const of = pairs.filter((p) => familyOf(p.id) === family);
      const plain = of.filter((p) => explaining(p).length === 0);
      expect(plain.length / of.length, family).toBeGreaterThanOrEqual(0.5);
      const agreed = plain.filter((p) => !disagreeing.has(p.id)).length;
      expect(agreed / plain.length, family).toBeGreaterThanOrEqual(0.995);
    }
  });

  it('names only differences docs/grading.md lists', () => {
    const listed = new Set(DELIBERATE_DIFFERENCES.map((d) => d.readme));
    expect(Object.keys(FUZZ_AGENTV_DIFFERENCES).filter((readme) => !listed.has(readme))).toEqual([]);
  });
});

/** The counts of a run: agreement overall and per family, disagreements by listed difference, and each one. */
function summary(compared: ReturnType<typeof compareVerdicts>) {
  const disagreeing = new Set(compared.disagreements.map((d) => d.id));
  const perFamily = Object.fromEntries(
    AGENTV_FAMILIES.map((family) => {
      const of = pairs.filter((p) => familyOf(p.id) === family);
      const plain = of.filter((p) => explaining(p).length === 0);
      const agreed = (list: typeof pairs) => list.filter((p) => !disagreeing.has(p.id)).length;
      return [family, { pairs: of.length, agreed: agreed(of), plain: plain.length, plainAgreed: agreed(plain) }];
    }),
  );
  const byDifference: Record<string, number> = {};
  for (const d of compared.disagreements) {
    const listed = explaining(byId.get(d.id)!);
    for (const readme of listed.length > 0 ? listed : ['(none)'])
      byDifference[readme] = (byDifference[readme] ?? 0) + 1;
  }
  return {
    seed: SEED,
    total: compared.total,
    agreement: compared.agreement,
    perFamily,
    byDifference,
    disagreements: compared.disagreements.map((d) => ({
      ...d,
      listed: explaining(byId.get(d.id)!),
      pair: byId.get(d.id),
    })),
  };
}
