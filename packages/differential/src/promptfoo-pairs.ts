import { OUTPUTS, STRUCTURED_OUTPUTS, TEXT_OUTPUTS } from './outputs.js';

/** One promptfoo test: an answer and the assertions (with the test's vars and threshold) that grade it. */
export interface PromptfooPair {
  id: string;
  output: string;
  assert: Record<string, unknown>[];
  vars?: Record<string, unknown>;
  threshold?: number;
  /** The provider's reported cost in dollars, for `cost`. */
  cost?: number;
  /** The provider call's latency, for `latency`. */
  latencyMs?: number;
}

type Assertion = Record<string, unknown>;

/** Assertions on text, each met by every output. */
const TEXT_ASSERTIONS: Assertion[] = [
  { type: 'contains', value: 'Hello' },
  { type: 'contains', value: 'hello' },
  { type: 'contains', value: '42' },
  { type: 'contains', value: 42 },
  { type: 'contains', value: 'İ' },
  { type: 'contains', value: 'caf\u00e9' },
  { type: 'contains', value: 'cafe\u0301' },
  { type: 'contains', value: '👍' },
  { type: 'contains', value: '.*' },
  { type: 'contains', value: ' ' },
  { type: 'not-contains', value: 'the' },
  { type: 'icontains', value: 'HELLO' },
  { type: 'icontains', value: 'istanbul' },
  { type: 'icontains', value: 'ILIK' },
  { type: 'icontains', value: 'CAF\u00c9' },
  { type: 'not-icontains', value: 'world' },
  { type: 'contains-any', value: 'Hello, answer' },
  { type: 'contains-any', value: 'zzz,,qqq' },
  { type: 'contains-any', value: 'zzz, qqq,' },
  { type: 'contains-any', value: '"yes, sir", nope' },
  { type: 'contains-any', value: ['fox', '42'] },
  { type: 'contains-any', value: [42, 'zzz'] },
  { type: 'contains-all', value: 'the, cat' },
  { type: 'contains-all', value: ['line one', 'line four'] },
  { type: 'contains-all', value: 'a,,b' },
  { type: 'not-contains-all', value: ['Hello', 'World'] },
  { type: 'icontains-any', value: 'WORLD, PARIS' },
  { type: 'icontains-any', value: ['İSTANBUL', 'ılık'] },
  { type: 'icontains-all', value: 'hello, world' },
  { type: 'icontains-all', value: ['THE', 'DOG'] },
  { type: 'not-icontains-any', value: ['sorry', 'cannot'] },
  { type: 'starts-with', value: 'Hello' },
  { type: 'starts-with', value: 'hello' },
  { type: 'starts-with', value: 'The' },
  { type: 'starts-with', value: '  hello' },
  { type: 'not-starts-with', value: '{' },
  { type: 'equals', value: 'Hello World' },
  { type: 'equals', value: 'hello world' },
  { type: 'equals', value: '42' },
  { type: 'equals', value: 42 },
  { type: 'equals', value: '' },
  { type: 'equals', value: [1, 2, 3] },
  { type: 'equals', value: { name: 'Ann', age: 30, tags: ['x'] } },
  { type: 'equals', value: true },
  { type: 'not-equals', value: 'Hello World' },
  { type: 'regex', value: '^\\d+$' },
  { type: 'regex', value: 'a\\.b\\*c' },
  { type: 'regex', value: '[Hh]ello\\s+[Ww]orld' },
  { type: 'regex', value: '^$' },
  { type: 'regex', value: '\\p{Emoji_Presentation}' },
  { type: 'regex', value: 'needle at the end$' },
  { type: 'regex', value: 'İ' },
  { type: 'not-regex', value: '\\d' },
  { type: 'levenshtein', value: 'Hello World' },
  { type: 'levenshtein', value: 'hello world', threshold: 0 },
  { type: 'levenshtein', value: '42', threshold: 2 },
  { type: 'levenshtein', value: 'The answer is 41.', threshold: 1 },
  { type: 'levenshtein', value: 'cafe cr\u00e8me', threshold: 1 },
  { type: 'rouge-n', value: 'the cat sat on the mat the end' },
  { type: 'rouge-n', value: 'The Quick Brown Fox jumps over the lazy dog' },
  { type: 'rouge-n', value: 'Paris is the capital of France', threshold: 0.9 },
  { type: 'rouge-n', value: 'hello world', threshold: 0.5 },
  { type: 'bleu', value: 'Hello World' },
  { type: 'bleu', value: 'The quick brown fox jumps over the lazy dog' },
  { type: 'bleu', value: ['Paris is the capital of France.', 'The capital of France is Paris.'], threshold: 0.3 },
  { type: 'bleu', value: '42' },
  { type: 'gleu', value: 'Hello World' },
  { type: 'gleu', value: 'The quick brown fox jumped over the lazy dog', threshold: 0.4 },
  { type: 'gleu', value: ['the cat sat on the mat', 'a cat sat'] },
  { type: 'word-count', value: 2 },
  { type: 'word-count', value: { min: 3, max: 9 } },
  { type: 'word-count', value: { max: 1 } },
  { type: 'word-count', value: { min: 1 } },
  { type: 'word-count', value: '0' },
  { type: 'is-refusal' },
  { type: 'not-is-refusal' },
];

/** Assertions on structure: JSON (with and without a schema), XML, HTML, SQL. */
const STRUCTURED_ASSERTIONS: Assertion[] = [
  { type: 'is-json' },
  { type: 'not-is-json' },
  { type: 'is-json', value: { type: 'object', required: ['name'] } },
  { type: 'is-json', value: { type: 'object', required: ['missing'] } },
  { type: 'is-json', value: { type: 'array', minItems: 4 } },
  { type: 'is-json', value: { type: 'array', items: { type: 'number' }, maxItems: 3 } },
  { type: 'is-json', value: { type: 'object', properties: { age: { type: 'string' } } } },
  { type: 'is-json', value: { type: 'object', properties: { user: { type: 'object', required: ['name'] } } } },
  { type: 'is-json', value: 'type: object\nrequired: [name, age]' },
  { type: 'is-json', value: { type: 'object', additionalProperties: false, properties: { name: {} } } },
  { type: 'contains-json' },
  { type: 'not-contains-json' },
  { type: 'contains-json', value: { type: 'object', required: ['b'] } },
  { type: 'contains-json', value: { type: 'object', required: ['name', 'tags'] } },
  { type: 'contains-json', value: { type: 'array', minItems: 2 } },
  { type: 'contains-json', value: { type: 'object', properties: { c: { type: 'array', maxItems: 1 } } } },
  { type: 'contains-json', value: { type: 'object', properties: { user: { required: ['id'] } } } },
  { type: 'is-xml' },
  { type: 'is-xml', value: 'root.item' },
  { type: 'contains-xml' },
  { type: 'contains-xml', value: 'answer.value' },
  { type: 'is-html' },
  { type: 'contains-html' },
  { type: 'is-sql' },
  { type: 'contains-sql' },
];

/** Code assertions: expressions, function bodies and their return shapes. */
const CODE_ASSERTIONS: Assertion[] = [
  { type: 'javascript', value: 'output.length > 5' },
  { type: 'javascript', value: 'output.includes(context.vars.expected)' },
  { type: 'javascript', value: 'output.length / 100' },
  { type: 'javascript', value: 'output.length / 100', threshold: 0.1 },
  {
    type: 'javascript',
    value: 'const n = output.split(" ").length;\nreturn { pass: n > 2, score: n / 10, reason: "words" };',
  },
  { type: 'javascript', value: '({ pass: true, score: 0.25 })' },
  { type: 'javascript', value: 'JSON.parse(output).name === "Ann"' },
  { type: 'python', value: 'len(output) > 5' },
  { type: 'python', value: "{'pass': output.startswith('H'), 'score': 0.5, 'reason': 'x'}" },
];

/** Tests of several assertions: weights, thresholds, negation and groups, as promptfoo totals them. */
function scoringPairs(): PromptfooPair[] {
  const hit = { type: 'contains', value: 'Hello' };
  const miss = { type: 'contains', value: 'zzz' };
  const tests: Omit<PromptfooPair, 'id' | 'output'>[] = [
    { assert: [hit, miss] },
    { assert: [hit, { ...miss, weight: 0 }] },
    {
      assert: [
        { ...hit, weight: 0 },
        { ...miss, weight: 0 },
      ],
    },
    { assert: [hit, { ...miss, weight: 3 }], threshold: 0.2 },
    { assert: [{ ...hit, weight: 3 }, miss], threshold: 0.75 },
    { assert: [hit, miss], threshold: 0.5 },
    { assert: [hit, miss], threshold: 0.51 },
    { assert: [miss], threshold: 0 },
    { assert: [{ type: 'assert-set', assert: [hit, miss] }] },
    { assert: [{ type: 'assert-set', threshold: 0.5, assert: [hit, miss] }] },
    { assert: [{ type: 'assert-set', threshold: 0.5, weight: 2, assert: [hit, miss] }, miss], threshold: 0.6 },
    {
      assert: [
        { type: 'not-contains', value: 'zzz' },
        { type: 'not-contains', value: 'Hello', weight: 2 },
      ],
    },
    {
      assert: [
        { type: 'levenshtein', value: 'Hello Wrld', threshold: 1 },
        { type: 'rouge-n', value: 'hello world' },
      ],
    },
    { assert: [{ type: 'javascript', value: '0.4' }, hit], threshold: 0.7 },
  ];
  return ['hello', 'helloPadded', 'empty', 'answer'].flatMap((name) =>
    tests.map((test, i) => ({ ...test, id: `scoring-${i}-${name}`, output: OUTPUTS[name]! })),
  );
}

/** Values templated from the test's vars, as promptfoo renders them with nunjucks. */
function varsPairs(): PromptfooPair[] {
  const vars = { expected: 'Hello', other: 'world', n: 42, list: 'zzz', nested: { city: 'Paris' } };
  const assertions: Assertion[] = [
    { type: 'contains', value: '{{expected}}' },
    { type: 'icontains', value: '{{ other }}' },
    { type: 'equals', value: '{{n}}' },
    { type: 'contains', value: '{{ nested.city }}' },
    { type: 'contains-any', value: ['{{list}}', '{{expected}}'] },
    { type: 'contains', value: '{{missing}}' },
    { type: 'starts-with', value: '{{expected}} {{other}}' },
    { type: 'javascript', value: 'output.includes(context.vars.other)' },
    { type: 'javascript', value: 'context.vars.n === 42' },
  ];
  return ['hello', 'mixedCase', 'paris', 'number'].flatMap((name) =>
    assertions.map((a, i) => ({ id: `vars-${i}-${name}`, output: OUTPUTS[name]!, assert: [a], vars })),
  );
}

/** Cost and latency against their thresholds. */
function budgetPairs(): PromptfooPair[] {
  const pairs: PromptfooPair[] = [];
  for (const [cost, threshold] of [
    [0.002, 0.01],
    [0.5, 0.25],
    [2, 5],
    [0.01, 0.01],
  ] as const) {
    pairs.push({ id: `cost-${cost}-${threshold}`, output: 'ok', assert: [{ type: 'cost', threshold }], cost });
  }
  for (const [latencyMs, threshold] of [
    [120, 1000],
    [1500, 1000],
    [1000, 1000],
  ] as const) {
    pairs.push({
      id: `latency-${latencyMs}-${threshold}`,
      output: 'ok',
      assert: [{ type: 'latency', threshold }],
      latencyMs,
    });
  }
  return pairs;
}

/** Inputs where skill-eval differs on purpose (see deliberate-differences.ts), and parameters it refuses at load. */
function edgePairs(): PromptfooPair[] {
  return [
    { id: 'edge-invalid-regex', output: 'Hello World', assert: [{ type: 'regex', value: '(unclosed' }] },
    { id: 'edge-unclosed-json', output: 'Result: {"a": 1, "b": 2', assert: [{ type: 'contains-json' }] },
    { id: 'edge-latency-text', output: 'ok', assert: [{ type: 'latency', threshold: 'fast' }], latencyMs: 10 },
    { id: 'edge-empty-contains', output: 'ok', assert: [{ type: 'contains', value: '' }] },
  ];
}

const cross = (assertions: Assertion[], outputs: string[], prefix: string): PromptfooPair[] =>
  assertions.flatMap((assertion, i) =>
    outputs.map((name) => ({
      id: `${prefix}-${i}-${String(assertion.type)}-${name}`,
      output: OUTPUTS[name]!,
      assert: [assertion],
      vars: { expected: 'Hello' },
    })),
  );

/** Every promptfoo pair of the suite, in a fixed order. */
export function promptfooPairs(): PromptfooPair[] {
  return [
    ...cross(TEXT_ASSERTIONS, TEXT_OUTPUTS, 'text'),
    ...cross(STRUCTURED_ASSERTIONS, STRUCTURED_OUTPUTS, 'structured'),
    ...cross(CODE_ASSERTIONS, ['hello', 'jsonObject', 'empty'], 'code'),
    ...scoringPairs(),
    ...varsPairs(),
    ...budgetPairs(),
    ...edgePairs(),
  ];
}
