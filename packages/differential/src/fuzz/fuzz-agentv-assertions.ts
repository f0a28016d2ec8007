import { jsonValue } from './fuzz-answers.js';
import { textValue } from './fuzz-values.js';
import type { SeededRandom } from './seeded-random.js';

type Assertion = Record<string, unknown>;

/**
 * The deterministic graders of AgentV 4.42.4 the fuzzer draws from: every type `parseGraders` reads
 * (@agentv/core 4.42.4 `dist/chunk-FRDEARJA.js:18237-19078`) that grades the answer or the run's figures — the
 * LLM graders need a model, and `code-grader` a process per pair (the hand-written pairs cover it).
 * `tool-trajectory` and `skill-trigger` grade a run that called no tool: what their parameters mean then.
 */
export const AGENTV_FAMILIES = [
  'contains',
  'icontains',
  'contains-any',
  'contains-all',
  'icontains-any',
  'icontains-all',
  'starts-with',
  'ends-with',
  'equals',
  'regex',
  'is-json',
  'field-accuracy',
  'latency',
  'cost',
  'token-usage',
  'execution-metrics',
  'tool-trajectory',
  'skill-trigger',
  'composite',
] as const;
export type AgentvFamily = (typeof AGENTV_FAMILIES)[number];

/** The families a nested composite's members are drawn from: composites nest one level deep. */
const LEAF_FAMILIES = AGENTV_FAMILIES.filter((f) => f !== 'composite');

/** The keys of the JSON objects answers and references share, so that a field is sometimes found in both. */
export const FIELD_PATHS = ['name', 'age', 'ok', 'date', 'user.name', 'user.age', 'tags[0]', 'items[1].id', 'total'];

/** A number limit of a budget grader: mostly a number, sometimes of the wrong type or negative (AgentV skips those). */
function limit(random: SeededRandom, scale: number): unknown {
  const roll = random.next();
  if (roll < 0.85) return random.pick([0, 1, 0.5, 2, 10, 100, 1000].map((n) => n * scale));
  if (roll < 0.9) return -1;
  return random.pick([String(scale), null, true, [scale]]);
}

function fieldSpec(random: SeededRandom): Record<string, unknown> {
  const field: Record<string, unknown> = {
    path: random.chance(0.95) ? random.pick(FIELD_PATHS) : random.pick(['', 42]),
    match: random.pick(['exact', 'exact', 'numeric_tolerance', 'date', 'fuzzy', 'numeric-tolerance']),
  };
  if (random.chance(0.1)) delete field.match;
  if (field.match === 'numeric_tolerance') {
    if (random.chance(0.7)) field.tolerance = random.pick([0, 0.01, 0.5, 1, 5]);
    if (random.chance(0.3)) field.relative = random.chance(0.5);
  }
  if (field.match === 'date' && random.chance(0.3))
    field.formats = random.pick([['MM/DD/YYYY'], ['DD/MM/YYYY'], ['YYYY-MM-DD', 'DD-MMM-YYYY']]);
  if (random.chance(0.2)) field.required = random.chance(0.5);
  if (random.chance(0.15)) field.weight = random.pick([0, 0.5, 2]);
  return field;
}

/** The type and parameters of one assertion of `family` on `answer`. */
function body(random: SeededRandom, family: AgentvFamily, answer: string, depth: number): Assertion {
  const text = textValue(random, family, answer);
  const assertion: Assertion = { type: family, ...text };
  if (text) {
    if (family === 'regex' && random.chance(0.2)) assertion.flags = random.pick(['i', 'm', 's', 'u', 'im', 'g', 42]);
    return assertion;
  }
  switch (family) {
    case 'is-json':
      break;
    case 'field-accuracy':
      assertion.fields = random.chance(0.95)
        ? Array.from({ length: random.int(1, 3) }, () => fieldSpec(random))
        : random.pick([[], 'name', [42]]);
      if (random.chance(0.3)) assertion.aggregation = random.pick(['weighted_average', 'all_or_nothing', 'median']);
      break;
    case 'latency':
      assertion.threshold = limit(random, 1000);
      break;
    case 'cost':
      assertion.budget = limit(random, 0.01);
      break;
    case 'token-usage':
      for (const key of random.pick([['max_total'], ['max_input'], ['max_output'], ['max_input', 'max_output']]))
        assertion[key] = limit(random, 100);
      break;
    case 'execution-metrics':
      assertion[random.pick(['max_tokens', 'max_cost_usd', 'max_duration_ms'])] = limit(random, 100);
      if (random.chance(0.2)) assertion.max_tokens = limit(random, 100);
      break;
    case 'tool-trajectory': {
      const mode = random.pick(['any_order', 'in_order', 'exact', 'subset', 'superset', 'sometimes']);
      if (random.chance(0.7) || mode === 'any_order')
        assertion.minimums = random.pick([
          {},
          { search: 0 },
          { search: 1 },
          { search: 0, read: 2 },
          { search: '1' },
          'x',
        ]);
      if (random.chance(0.7) || mode !== 'any_order')
        assertion.expected = random.pick([[], [{ tool: 'search' }], [{ tool: 'search', args: 'any' }], [42], 'x']);
      if (random.chance(0.2)) assertion.args_match = random.pick(['exact', 'ignore', 'loose', ['q'], []]);
      assertion.mode = mode;
      if (random.chance(0.05)) delete assertion.mode;
      break;
    }
    case 'skill-trigger':
      assertion.skill = random.pick(['my-skill', 'my-skill', 'other', '', 42]);
      if (random.chance(0.6)) assertion.should_trigger = random.pick([true, false, false, 'no']);
      break;
    case 'composite': {
      const members = Array.from({ length: random.int(1, 3) }, (_, i) => ({
        ...fuzzAgentvAssertion(random, random.pick(depth > 0 ? LEAF_FAMILIES : AGENTV_FAMILIES), answer, depth + 1),
        name: `m${i}`,
      }));
      assertion.assertions = members;
      const aggregator: Record<string, unknown> = random.chance(0.6)
        ? { type: 'weighted_average' }
        : { type: 'threshold', threshold: random.pick([0, 0.3, 0.5, 0.75, 1]) };
      if (aggregator.type === 'weighted_average' && random.chance(0.4))
        aggregator.weights = Object.fromEntries(members.map((m) => [m.name, random.pick([0, 1, 2, 4])]));
      assertion.aggregator = random.chance(0.95)
        ? aggregator
        : random.pick([
            { type: 'median' },
            { type: 'threshold', threshold: 1.5 },
            { type: 'threshold' },
            'weighted_average',
          ]);
      break;
    }
  }
  return assertion;
}

/**
 * One assertion of `family` on `answer`, with AgentV's modifiers at random: `negate` (and now and then a `not-`
 * prefix, which AgentV 4 does not read), `weight`, `required` with `min_score`, a `name`.
 */
export function fuzzAgentvAssertion(random: SeededRandom, family: AgentvFamily, answer: string, depth = 0): Assertion {
  const assertion = body(random, family, answer, depth);
  if (random.chance(0.2)) assertion.negate = random.chance(0.9) ? true : random.pick([false, 'yes']);
  else if (random.chance(0.02)) assertion.type = `not-${family}`;
  if (random.chance(0.15)) assertion.weight = random.pick([0, 0.5, 1, 2, 3]);
  // A weight AgentV refuses (`validateWeight`): it skips the whole test.
  else if (random.chance(0.01)) assertion.weight = random.pick(['2', -1, null]);
  if (random.chance(0.1)) assertion.required = random.pick([true, true, false, 0.5]);
  if (random.chance(0.1)) assertion.min_score = random.pick([0.3, 0.5, 1, 2]);
  if (depth === 0 && random.chance(0.05)) assertion.name = random.pick(['check', 'my check']);
  return assertion;
}

/** A test's reference answer (AgentV's `expected_output`): a JSON object sharing keys with the answers, or text. */
export function fuzzExpectedOutput(random: SeededRandom): unknown {
  const object = fuzzJsonObject(random);
  const roll = random.next();
  if (roll < 0.6) return object;
  if (roll < 0.85) return JSON.stringify(object);
  if (roll < 0.95) return `Expected: ${JSON.stringify(object)}`;
  return random.pick(['', 'not json', [object]]);
}

/** A JSON object over {@link FIELD_PATHS}' keys, its values of every JSON type and the edge values field-accuracy meets. */
export function fuzzJsonObject(random: SeededRandom): Record<string, unknown> {
  const leaf = () => {
    const roll = random.next();
    if (roll < 0.3) return jsonValue(random, 0);
    if (roll < 0.5) return random.pick([42, '42', 42.004, ' 42 ', 1e3, '1e3', 0, '0x10', 'NaN', '']);
    if (roll < 0.7)
      return random.pick([
        '2025-01-15',
        '01/15/2025',
        '15/01/2025',
        '15-JAN-2025',
        '2025-01-15T10:00:00Z',
        '2025-02-30',
        '13/13/2025',
        'Jan 15, 2025',
        'yesterday',
      ]);
    return random.pick(['yes', true, false, 'true', null, 'Ann', 'ann']);
  };
  const object: Record<string, unknown> = {};
  for (const key of ['name', 'age', 'ok', 'date', 'total']) if (random.chance(0.6)) object[key] = leaf();
  if (random.chance(0.5)) object.user = { name: leaf(), age: leaf() };
  if (random.chance(0.4)) object.tags = [leaf(), leaf()];
  if (random.chance(0.3)) object.items = [{ id: leaf() }, { id: leaf() }];
  return object;
}

/** An answer for field-accuracy: JSON like the reference's (changed a little, fenced, in prose, several, a list). */
export function fuzzJsonAnswer(random: SeededRandom, expected: unknown): string {
  const base =
    typeof expected === 'object' && expected !== null && !Array.isArray(expected) && random.chance(0.5)
      ? { ...(expected as Record<string, unknown>) }
      : fuzzJsonObject(random);
  if (random.chance(0.4)) {
    const other = fuzzJsonObject(random);
    const key = random.pick(Object.keys(other).length ? Object.keys(other) : ['name']);
    base[key] = other[key];
  }
  const text = JSON.stringify(base, null, random.chance(0.3) ? 2 : undefined);
  switch (random.int(0, 9)) {
    case 0:
      return `\`\`\`json\n${text}\n\`\`\``;
    case 1:
      return `Here you go: ${text} Thanks.`;
    case 2:
      return `${text}\n${JSON.stringify(fuzzJsonObject(random))}`;
    case 3:
      return `[${text}, ${JSON.stringify(fuzzJsonObject(random))}]`;
    case 4:
      return text.replace(/}$/, ',}');
    case 5:
      return random.pick(['', 'no json here', '{"passed": "yes"}', '{"a": {"b": 1}', `\ufeff${text}`]);
    default:
      return random.chance(0.2) ? ` ${text}\n` : text;
  }
}
