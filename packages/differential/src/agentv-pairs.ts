import { PAYLOAD_TEST } from './code-graders.js';
import { OUTPUTS, TEXT_OUTPUTS } from './outputs.js';

/** One AgentV test: an answer, its run's figures, and the assertions (and threshold) that grade it. */
export interface AgentvPair {
  id: string;
  output: string;
  assertions: Record<string, unknown>[];
  /** `execution.threshold` of the test; AgentV's default is 0.8. */
  threshold?: number;
  /** Token usage the run reported; absent when it reported none. */
  tokenUsage?: { input: number; output: number; cached?: number };
  costUsd?: number;
  durationMs?: number;
  /** More fields of the test (criteria, expected_output, metadata), as a code grader's payload carries them. */
  test?: Record<string, unknown>;
}

type Assertion = Record<string, unknown>;

/** AgentV's deterministic assertions on text, each met by every output. */
const TEXT_ASSERTIONS: Assertion[] = [
  { type: 'contains', value: 'Hello' },
  { type: 'contains', value: 'hello' },
  { type: 'contains', value: '42' },
  { type: 'contains', value: 'İ' },
  { type: 'contains', value: 'caf\u00e9' },
  { type: 'contains', value: '👍' },
  { type: 'contains', value: '.*' },
  { type: 'contains', value: 'the', negate: true },
  { type: 'icontains', value: 'HELLO' },
  { type: 'icontains', value: 'istanbul' },
  { type: 'icontains', value: 'CAF\u00c9' },
  { type: 'contains-any', value: ['fox', '42'] },
  { type: 'contains-any', value: ['zzz', 'qqq'] },
  { type: 'contains-all', value: ['the', 'cat'] },
  { type: 'contains-all', value: ['line one', 'line four'] },
  { type: 'icontains-any', value: ['WORLD', 'PARIS'] },
  { type: 'icontains-any', value: ['İSTANBUL', 'ılık'] },
  { type: 'icontains-all', value: ['hello', 'world'] },
  { type: 'icontains-all', value: ['THE', 'DOG'], negate: true },
  { type: 'starts-with', value: 'Hello' },
  { type: 'starts-with', value: 'hello' },
  { type: 'starts-with', value: '  hello  ' },
  { type: 'ends-with', value: 'end' },
  { type: 'ends-with', value: 'world\n' },
  { type: 'ends-with', value: '.' },
  { type: 'equals', value: 'Hello World' },
  { type: 'equals', value: 'hello world' },
  { type: 'equals', value: '42' },
  { type: 'equals', value: '  42  ' },
  { type: 'regex', value: '^\\d+$' },
  { type: 'regex', value: 'a\\.b\\*c' },
  { type: 'regex', value: 'hello', flags: 'i' },
  { type: 'regex', value: '^line', flags: 'm' },
  { type: 'regex', value: '\\p{Emoji_Presentation}', flags: 'u' },
  { type: 'regex', value: 'needle at the end$' },
  { type: 'is-json' },
  { type: 'is-json', negate: true },
];

/** Tests of several assertions: AgentV's weighted mean against the test's threshold, required and min_score. */
function scoringPairs(): AgentvPair[] {
  const hit = { type: 'contains', value: 'Hello' };
  const miss = { type: 'contains', value: 'zzz' };
  const tests: Omit<AgentvPair, 'id' | 'output'>[] = [
    { assertions: [hit, miss] },
    { assertions: [hit, miss], threshold: 0.5 },
    { assertions: [hit, hit, hit, hit, miss] },
    { assertions: [hit, hit, hit, miss] },
    { assertions: [{ ...hit, weight: 4 }, miss] },
    { assertions: [hit, { ...miss, weight: 0 }] },
    {
      assertions: [
        { ...hit, weight: 0 },
        { ...miss, weight: 0 },
      ],
    },
    { assertions: [{ ...hit, weight: 0 }] },
    { assertions: [hit, hit, hit, hit, { ...miss, required: true }] },
    { assertions: [hit, { ...miss, required: true, min_score: 0.5 }], threshold: 0.4 },
    { assertions: [{ ...miss, min_score: 0.5 }, hit], threshold: 0.5 },
    { assertions: [{ ...miss, negate: true }, hit] },
    { assertions: [{ ...hit, negate: true }, hit], threshold: 0.5 },
    { assertions: [miss], threshold: 0 },
    { assertions: [hit], threshold: 1 },
    {
      assertions: [
        {
          type: 'composite',
          name: 'negated-member',
          assertions: [
            { ...miss, name: 'miss', negate: true },
            { ...hit, name: 'hit' },
          ],
          aggregator: { type: 'weighted_average' },
        },
      ],
      threshold: 0.8,
    },
    {
      assertions: [
        {
          type: 'composite',
          name: 'both',
          assertions: [
            { ...hit, name: 'hit' },
            { ...miss, name: 'miss' },
          ],
          aggregator: { type: 'weighted_average' },
        },
      ],
      threshold: 0.5,
    },
    {
      assertions: [
        {
          type: 'composite',
          name: 'weighted',
          assertions: [
            { ...hit, name: 'hit' },
            { ...miss, name: 'miss' },
          ],
          aggregator: { type: 'weighted_average', weights: { hit: 4, miss: 1 } },
        },
      ],
    },
    {
      assertions: [
        {
          type: 'composite',
          name: 'weighted-low',
          assertions: [
            { ...hit, name: 'hit' },
            { ...miss, name: 'miss' },
          ],
          aggregator: { type: 'weighted_average', weights: { hit: 1, miss: 4 } },
        },
      ],
      threshold: 0.2,
    },
    {
      assertions: [
        {
          type: 'composite',
          name: 'gate',
          assertions: [
            { ...hit, name: 'hit' },
            { ...miss, name: 'miss' },
            { type: 'icontains', value: 'world', name: 'world' },
          ],
          aggregator: { type: 'threshold', threshold: 0.6 },
        },
      ],
    },
    {
      assertions: [
        {
          type: 'composite',
          name: 'gate-low',
          assertions: [
            { ...hit, name: 'hit' },
            { ...miss, name: 'miss' },
          ],
          aggregator: { type: 'threshold', threshold: 0.5 },
        },
        hit,
      ],
    },
  ];
  return ['hello', 'helloPadded', 'empty', 'answer', 'mixedCase'].flatMap((name) =>
    tests.map((test, i) => ({ ...test, id: `scoring-${i}-${name}`, output: OUTPUTS[name]! })),
  );
}

/** token-usage, latency and cost against the run's figures, reported or not. */
function budgetPairs(): AgentvPair[] {
  const usages: (AgentvPair['tokenUsage'] | undefined)[] = [
    { input: 100, output: 50 },
    { input: 900, output: 20, cached: 200 },
    { input: 10, output: 400 },
    undefined,
  ];
  const limits: Assertion[] = [
    { type: 'token-usage', max_total: 200 },
    { type: 'token-usage', max_total: 1000 },
    { type: 'token-usage', max_input: 500 },
    { type: 'token-usage', max_output: 100 },
    { type: 'token-usage', max_input: 1000, max_output: 30 },
  ];
  const pairs: AgentvPair[] = [];
  usages.forEach((tokenUsage, u) => {
    limits.forEach((limit, l) => {
      pairs.push({ id: `tokens-${l}-${u}`, output: 'ok', assertions: [limit], ...(tokenUsage ? { tokenUsage } : {}) });
    });
  });
  for (const [costUsd, budget] of [
    [0.002, 0.01],
    [0.5, 0.25],
    [2, 5],
    [0.01, 0.01],
  ] as const) {
    pairs.push({ id: `cost-${costUsd}-${budget}`, output: 'ok', assertions: [{ type: 'cost', budget }], costUsd });
  }
  // What the engine did not report: a cost or an execution-metrics bound on it (and tokens counted without cache).
  pairs.push({ id: 'cost-unreported', output: 'ok', assertions: [{ type: 'cost', budget: 1 }] });
  usages.forEach((tokenUsage, u) => {
    pairs.push({
      id: `metrics-tokens-${u}`,
      output: 'ok',
      assertions: [{ type: 'execution-metrics', max_tokens: 1000 }],
      ...(tokenUsage ? { tokenUsage } : {}),
    });
  });
  for (const costUsd of [0.5, undefined]) {
    pairs.push({
      id: `metrics-cost-${costUsd ?? 'unreported'}`,
      output: 'ok',
      assertions: [{ type: 'execution-metrics', max_cost_usd: 1 }],
      ...(costUsd === undefined ? {} : { costUsd }),
    });
  }
  for (const [durationMs, threshold] of [
    [120, 1000],
    [1500, 1000],
    [1000, 1000],
  ] as const) {
    pairs.push({
      id: `latency-${durationMs}-${threshold}`,
      output: 'ok',
      assertions: [{ type: 'latency', threshold }],
      durationMs,
    });
  }
  return pairs;
}

/**
 * AgentV's code grader (`graders/code-grader.ts`): run from the eval file's folder (`./answer.sh`, `cwd`), its JSON
 * read as AgentV reads it (a score, the share of assertions, nothing = 0, plain text = the exit code), the payload's
 * fields (input and expected_output as message lists, criteria, config from unknown keys, metadata) and min_score.
 * A grader whose answer is fixed is a shell script (`answer.sh`), one that reads the payload `node grade.js`; the
 * payload's fields are read for one answer, what the grader prints for an answer and for none.
 */
function codeGraderPairs(): AgentvPair[] {
  const answer = (mode: string, more: Assertion = {}): Assertion => ({
    type: 'code-grader',
    command: ['sh', 'answer.sh', ...mode.split(' ')],
    ...more,
  });
  const reader = (mode: string, more: Assertion = {}): Assertion => ({
    type: 'code-grader',
    command: ['node', 'grade.js', ...mode.split(' ')],
    ...more,
  });
  type Named = Omit<AgentvPair, 'id' | 'output'> & { name: string };
  const eitherAnswer: Named[] = [
    { name: 'score-0.9', assertions: [answer('score 0.9')] },
    { name: 'score-0.5', assertions: [answer('score 0.5')] },
    { name: 'score-0.5-threshold-0.5', assertions: [answer('score 0.5')], threshold: 0.5 },
    { name: 'score-1.7', assertions: [answer('score 1.7')] },
    { name: 'no-score', assertions: [answer('no-score')] },
    { name: 'assertions', assertions: [answer('assertions')] },
    { name: 'plain', assertions: [answer('plain')] },
    { name: 'silent-fail', assertions: [answer('silent-fail')] },
    { name: 'list', assertions: [answer('list')] },
    { name: 'crash', assertions: [answer('crash')] },
    { name: 'crash-negated', assertions: [answer('crash', { negate: true })] },
    { name: 'crash-beside-contains', assertions: [answer('crash'), { type: 'contains', value: 'o' }], threshold: 0.5 },
    { name: 'crash-required', assertions: [answer('crash', { required: true }), { type: 'contains', value: 'o' }] },
    ...['weighted_average', 'threshold'].flatMap((aggregator) =>
      [false, true].map((negate) => ({
        name: `crash${negate ? '-negated' : ''}-in-composite-${aggregator}`,
        assertions: [
          {
            type: 'composite',
            name: 'both',
            assertions: [
              answer('crash', { name: 'crash', ...(negate ? { negate } : {}) }),
              { type: 'contains', value: 'o', name: 'hit' },
            ],
            aggregator: { type: aggregator, ...(aggregator === 'threshold' ? { threshold: 0.5 } : {}) },
          },
        ],
        threshold: 0.5,
      })),
    ),
    { name: 'output-has', assertions: [reader('output-has Hello')] },
    { name: 'relative-script', assertions: [{ type: 'code-grader', command: './answer.sh marker' }] },
    {
      name: 'weighed-with-contains',
      assertions: [
        { type: 'code-grader', command: './answer.sh score 0.4' },
        { type: 'contains', value: 'o' },
      ],
    },
    { name: 'required', assertions: [answer('score 0.6', { required: true }), { type: 'contains', value: 'o' }] },
    {
      name: 'required-min-score',
      assertions: [answer('score 0.6', { required: true, min_score: 0.5 }), { type: 'contains', value: 'o' }],
    },
    {
      name: 'min-score-unrequired',
      assertions: [answer('score 0.6', { min_score: 0.9 }), { type: 'contains', value: 'o' }],
      threshold: 0.7,
    },
    { name: 'negated', assertions: [answer('score 0.7', { negate: true })], threshold: 0.3 },
  ];
  const oneAnswer: Named[] = [
    { name: 'payload', assertions: [reader('payload')], test: PAYLOAD_TEST },
    { name: 'config-key', assertions: [reader('config passmark', { passmark: 0.85 })] },
    { name: 'config-map', assertions: [reader('config passmark', { config: { passmark: 0.3 } })] },
    { name: 'cwd-eval-folder', assertions: [answer('marker')] },
    { name: 'cwd', assertions: [{ type: 'code-grader', command: ['sh', '../answer.sh', 'marker'], cwd: 'graders' }] },
  ];
  const pairs = (named: Named[], output: string) =>
    named.map(({ name, ...pair }) => ({ ...pair, id: `code-grader-${name}-${output}`, output: OUTPUTS[output]! }));
  return [...pairs(eitherAnswer, 'hello'), ...pairs(eitherAnswer, 'empty'), ...pairs(oneAnswer, 'hello')];
}

/**
 * Tests with an LLM grader whose judge fails (both tools are given a judge that throws): AgentV's LLM grader then
 * returns verdict `skip`, left out of the test's weighted mean (@agentv/core 4.42.4 dist/chunk-FRDEARJA.js:1324-1336,
 * 23485-23488); a required one still gates the score on its 0, and a negated one scores 1, still skipped.
 */
function judgePairs(): AgentvPair[] {
  const judged = (more: Assertion = {}): Assertion => ({ type: 'llm-grader', prompt: 'Greets the world', ...more });
  const contains = { type: 'contains', value: 'o' };
  const named: [string, Assertion[]][] = [
    ['alone', [judged()]],
    ['beside-contains', [judged(), contains]],
    ['weighed-beside-contains', [judged({ weight: 3 }), contains]],
    ['required', [judged({ required: true }), contains]],
    ['required-negated', [judged({ required: true, negate: true }), contains]],
    ['negated', [judged({ negate: true }), contains]],
    // A composite leaves a skipped member out of its aggregate; all of them skipped, it is skipped itself.
    ...['weighted_average', 'threshold'].flatMap((type): [string, Assertion[]][] => {
      const aggregator = { type, ...(type === 'threshold' ? { threshold: 0.5 } : {}) };
      const composite = (members: Assertion[]) => [
        { type: 'composite', name: 'group', assertions: members, aggregator },
      ];
      return [
        [`in-composite-${type}`, composite([judged({ name: 'judge' }), { ...contains, name: 'hit' }])],
        [`alone-in-composite-${type}`, composite([judged({ name: 'judge' })])],
      ];
    }),
  ];
  // No assertion: the test's criteria, graded by AgentV's implicit LLM grader.
  const criteria = { assertions: [], test: { criteria: 'Greets the world' } };
  return ['hello', 'empty'].flatMap((output) => [
    ...named.map(([name, assertions]) => ({
      id: `judge-fails-${name}-${output}`,
      output: OUTPUTS[output]!,
      assertions,
    })),
    { id: `judge-fails-criteria-${output}`, output: OUTPUTS[output]!, ...criteria },
  ]);
}

/** Inputs where skill-eval differs on purpose (see deliberate-differences.ts), and parameters it refuses at load. */
function edgePairs(): AgentvPair[] {
  const hello = OUTPUTS.hello!;
  return [
    { id: 'edge-invalid-regex', output: hello, assertions: [{ type: 'regex', value: '(unclosed' }] },
    { id: 'edge-not-contains', output: hello, assertions: [{ type: 'not-contains', value: 'zzz' }] },
    { id: 'edge-contains-any-text', output: hello, assertions: [{ type: 'contains-any', value: 'Hello, zzz' }] },
    {
      id: 'edge-zero-tokens',
      output: 'ok',
      assertions: [{ type: 'token-usage', max_total: 100 }],
      tokenUsage: { input: 0, output: 0 },
    },
    { id: 'edge-latency-text', output: 'ok', assertions: [{ type: 'latency', threshold: 'fast' }], durationMs: 10 },
  ];
}

/** Every AgentV pair of the suite, in a fixed order. */
export function agentvPairs(): AgentvPair[] {
  const text = TEXT_ASSERTIONS.flatMap((assertion, i) =>
    TEXT_OUTPUTS.map((name) => ({
      id: `text-${i}-${String(assertion.type)}-${name}`,
      output: OUTPUTS[name]!,
      assertions: [assertion],
    })),
  );
  return [...text, ...scoringPairs(), ...budgetPairs(), ...codeGraderPairs(), ...judgePairs(), ...edgePairs()];
}
