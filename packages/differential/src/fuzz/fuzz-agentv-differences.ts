import type { AgentvPair } from '../agentv-pairs.js';

type Assertion = Record<string, unknown>;

/** Every assertion of the pair, a composite's members included. */
function assertions(list: readonly Assertion[]): Assertion[] {
  return list.flatMap((a) => [a, ...(Array.isArray(a.assertions) ? assertions(a.assertions as Assertion[]) : [])]);
}

const compiles = (pattern: string, flags: unknown) => {
  try {
    new RegExp(pattern, typeof flags === 'string' ? flags : undefined);
    return true;
  } catch {
    return false;
  }
};

/** What AgentV's own loader says of the pairs: those it keeps no assertion of (`agentvKeepsNoAssertion`). */
export interface AgentvFacts {
  keptNone: ReadonlySet<string>;
}

/**
 * Which deliberate difference (its row in docs/grading.md, `readme` in deliberate-differences.ts) a generated AgentV
 * pair shows, told from its content, as fuzz-differences.ts tells promptfoo's.
 */
export const FUZZ_AGENTV_DIFFERENCES: Readonly<Record<string, (pair: AgentvPair, facts: AgentvFacts) => boolean>> = {
  'a test whose every assertion AgentV 4 skips (a value of the wrong type)': (pair, facts) =>
    facts.keptNone.has(pair.id),
  'an invalid regex': (pair) =>
    assertions(pair.assertions).some(
      (a) => a.type === 'regex' && typeof a.value === 'string' && a.value !== '' && !compiles(a.value, a.flags),
    ),
  '`not-contains` … in an AgentV 4 file': (pair) =>
    assertions(pair.assertions).some((a) => typeof a.type === 'string' && a.type.startsWith('not-')),
  '`contains-any: "a, b"` (a string) in an AgentV 4 file': (pair) =>
    assertions(pair.assertions).some(
      (a) => /^i?contains-(any|all)$/.test(String(a.type)) && typeof a.value === 'string',
    ),
};

/** The listed differences a generated AgentV pair shows. */
export const fuzzAgentvExplaining = (pair: AgentvPair, facts: AgentvFacts): string[] =>
  Object.entries(FUZZ_AGENTV_DIFFERENCES)
    .filter(([, shows]) => shows(pair, facts))
    .map(([readme]) => readme);
