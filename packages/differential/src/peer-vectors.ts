import type { AgentvPair } from './agentv-pairs.js';
import type { PromptfooPair } from './promptfoo-pairs.js';

/** What a peer's own unit test expects of one case: an error, a verdict, a score (or both). */
export type Expected = 'error' | { pass?: boolean; score?: number };

/** A case of a peer's own unit test, with the file (repository, path, commit) whose expected value it carries. */
interface Vector<P> {
  pair: Omit<P, 'id'>;
  expected: Expected;
}

interface VectorFile<P> {
  repo: string;
  path: string;
  commit: string;
  vectors: Vector<P>[];
}

const pf = (output: string, assertion: Record<string, unknown>, expected: Expected): Vector<PromptfooPair> => ({
  pair: { output, assert: [assertion] },
  expected,
});

/** promptfoo's `test/assertions/` unit tests, each case as a (output, assertion) pair with its expected result. */
const PROMPTFOO_FILES: VectorFile<PromptfooPair>[] = [
  {
    repo: 'promptfoo/promptfoo',
    path: 'test/assertions/contains.test.ts',
    commit: '0cc2e63c79f89e158ef1aa617160a8c2aee447aa',
    vectors: [
      pf('hello world', { type: 'contains', value: 'world' }, { pass: true, score: 1 }),
      pf('hello world', { type: 'contains', value: 'universe' }, { pass: false, score: 0 }),
      pf('hello world', { type: 'not-contains', value: 'universe' }, { pass: true, score: 1 }),
      pf('hello world', { type: 'contains' }, 'error'),
      pf('hello world', { type: 'icontains', value: 'WORLD' }, { pass: true, score: 1 }),
      pf('Hello WORLD', { type: 'icontains', value: 'WoRlD' }, { pass: true, score: 1 }),
      pf('There are 0 errors', { type: 'contains', value: 0 }, { pass: true, score: 1 }),
      pf('no digits here', { type: 'contains', value: 0 }, { pass: false, score: 0 }),
      pf('There are 0 errors', { type: 'icontains', value: 0 }, { pass: true, score: 1 }),
      pf('no digits here', { type: 'icontains', value: 0 }, { pass: false, score: 0 }),
      pf('hello world', { type: 'contains-any', value: ['world', 'universe'] }, { pass: true, score: 1 }),
      pf('hello world', { type: 'contains-any', value: 'world,universe' }, { pass: true, score: 1 }),
      pf('hello, world', { type: 'contains-any', value: '"hello, world",universe' }, { pass: true, score: 1 }),
      pf(
        'hello, dear world is here',
        { type: 'contains-any', value: '"hello, dear world", "goodbye, universe", simple' },
        { pass: true, score: 1 },
      ),
      pf('', { type: 'contains-any', value: '"",' }, { pass: true, score: 1 }),
      pf('zzz', { type: 'contains-any', value: '"hello, world"\t,foo' }, { pass: false }),
      pf('foo', { type: 'contains-any', value: '"hello, world"\t,\t"foo"' }, { pass: true }),
      pf('a"b', { type: 'contains-any', value: '"a""b",c' }, { pass: true }),
      pf('b', { type: 'contains-any', value: '"a""b",c' }, { pass: false }),
      pf('hello"world,test', { type: 'contains-any', value: '"hello\\"world,test", "another,test"' }, { pass: true }),
      pf('another,test', { type: 'contains-any', value: '"hello\\"world,test", "another,test"' }, { pass: true }),
      pf(
        'something completely different',
        { type: 'contains-any', value: '"hello\\"world,test", "another,test"' },
        { pass: false },
      ),
      pf('test', { type: 'contains-any', value: '""' }, { pass: true, score: 1 }),
      pf('test', { type: 'contains-any', value: '"test"' }, { pass: true, score: 1 }),
      pf('test\\test', { type: 'contains-any', value: '"test\\test"' }, { pass: true, score: 1 }),
      pf('test\\test', { type: 'contains-any', value: '"test\\\\test"' }, { pass: true, score: 1 }),
      pf('test', { type: 'contains-any', value: '"test' }, 'error'),
      pf('hello world', { type: 'contains-any', value: '"hello"world' }, 'error'),
      pf('hello world', { type: 'contains-any', value: '"hello" world' }, 'error'),
      pf('ANOTHER,TEST', { type: 'icontains-any', value: '"hello\\"world,test", "another,test"' }, { pass: true }),
    ],
  },
  {
    repo: 'promptfoo/promptfoo',
    path: 'test/assertions/equals.test.ts',
    commit: '1943aea13d090854dd5ffb963c196cbe1287fb4a',
    vectors: [
      pf('{"a":1}', { type: 'equals', value: { a: 1 } }, { pass: true }),
      pf('{"a":1}', { type: 'not-equals', value: { a: 1 } }, { pass: false }),
      pf('not JSON', { type: 'equals', value: { a: 1 } }, { pass: false }),
      pf('hello world', { type: 'not-equals', value: { foo: 'bar' } }, { pass: true }),
      pf('hello world', { type: 'equals', value: { foo: 'bar' } }, { pass: false }),
      pf('{"foo":"bar"}', { type: 'equals', value: { foo: 'bar' } }, { pass: true }),
      pf('{"foo":"baz"}', { type: 'equals', value: { foo: 'bar' } }, { pass: false }),
      pf('hello world', { type: 'equals', value: 'hello world' }, { pass: true }),
      pf('hello world', { type: 'equals', value: 'goodbye world' }, { pass: false }),
      pf('hello world', { type: 'not-equals', value: 'hello world' }, { pass: false }),
      pf('hello world', { type: 'not-equals', value: 'goodbye world' }, { pass: true }),
    ],
  },
  {
    repo: 'promptfoo/promptfoo',
    path: 'test/assertions/levenshtein.test.ts',
    commit: '0551f00c946eb8d41bb521c3ff82a3cceb64b03d',
    vectors: [
      pf('test', { type: 'levenshtein', value: 'test' }, { pass: true, score: 1 }),
      pf('tast', { type: 'levenshtein', value: 'test' }, { pass: true, score: 1 }),
      pf('tist', { type: 'levenshtein', value: 'test', threshold: 2 }, { pass: true, score: 1 }),
      pf('completely different', { type: 'levenshtein', value: 'test' }, { pass: false, score: 0 }),
      pf('tast', { type: 'levenshtein', value: 'test', threshold: 0 }, { pass: false, score: 0 }),
      pf('test', { type: 'levenshtein', value: 123 }, 'error'),
      pf('', { type: 'levenshtein', value: '' }, { pass: true, score: 1 }),
      pf('test!@#$', { type: 'levenshtein', value: 'test!@#$' }, { pass: true, score: 1 }),
    ],
  },
  {
    repo: 'promptfoo/promptfoo',
    path: 'test/assertions/rouge.test.ts',
    commit: 'fe4c16b50048ff386c460c1e19e04bb4b68ce8b1',
    vectors: [
      pf('the cat sat on the mat', { type: 'rouge-n', value: 'the cat sat on the mat' }, { pass: true, score: 1 }),
      pf(
        'some different output',
        { type: 'rouge-n', value: 'This is the expected output.' },
        { pass: false, score: 0.2222 },
      ),
      pf(
        'some different output',
        { type: 'rouge-n', value: 'This is the expected output.', threshold: 0.2 },
        { pass: true, score: 0.2222 },
      ),
      pf('the cat sat on the mat', { type: 'not-rouge-n', value: 'the cat sat on the mat' }, { pass: false, score: 0 }),
      pf(
        'some different output',
        { type: 'not-rouge-n', value: 'This is the expected output.' },
        { pass: true, score: 0.7778 },
      ),
      pf('The CAT Sat', { type: 'rouge-n', value: 'the cat sat' }, { pass: true, score: 1 }),
      pf('The cat sat on the mat', { type: 'rouge-n', value: 'The cat sat on the mat' }, { score: 1 }),
      pf('Hello hello', { type: 'rouge-n', value: 'Hello hello' }, { score: 1 }),
      pf('Hello hello', { type: 'not-rouge-n', value: 'Hello hello' }, { pass: false, score: 0 }),
      pf('completely unrelated sentence', { type: 'rouge-n', value: 'the cat sat on the mat' }, { pass: false }),
      pf('alpha beta gamma', { type: 'rouge-n', value: 'delta epsilon zeta' }, { pass: false, score: 0 }),
      pf('the dog sat on the mat', { type: 'rouge-n', value: 'the cat sat on the mat' }, {}),
      pf('', { type: 'rouge-n', value: 'the cat sat' }, { pass: false, score: 0 }),
      pf(' ', { type: 'rouge-n', value: 'the cat sat' }, { pass: false, score: 0 }),
      pf('\n', { type: 'rouge-n', value: 'the cat sat' }, { pass: false, score: 0 }),
      pf('the cat sat', { type: 'rouge-n', value: ' ' }, { pass: false, score: 0 }),
      pf('hello world. next', { type: 'rouge-n', value: 'hello world next' }, { score: 2 / 3 }),
      pf('actual text', { type: 'rouge-n', value: 123 }, 'error'),
    ],
  },
];

const av = (output: string, assertion: Record<string, unknown>, expected: Expected): Vector<AgentvPair> => ({
  pair: { output, assertions: [assertion] },
  expected,
});

/** A code grader printing `score` for one member of a composite named `name`. */
const member = (name: string, score: number) => ({
  name,
  type: 'code-grader',
  command: ['sh', 'answer.sh', 'score', String(score)],
});

/** AgentV's evaluator unit tests, each case as a one-test pair; its expected value is the test's score. */
const AGENTV_FILES: VectorFile<AgentvPair>[] = [
  {
    repo: 'EntityProcess/agentv',
    path: 'packages/core/test/evaluation/graders/assertions.test.ts',
    commit: 'ac92823d3a18eb0108d44ffa3f3c31fdd47b72c7',
    vectors: [
      av('Hello world', { type: 'contains', value: 'world' }, { score: 1 }),
      av('Hello world', { type: 'contains', value: 'foo' }, { score: 0 }),
      av('Hello, world!', { type: 'contains', value: 'hello' }, { score: 0 }),
      av('hello, world!', { type: 'contains', value: 'hello' }, { score: 1 }),
      av('Hello World', { type: 'contains-any', value: ['hello', 'world'] }, { score: 0 }),
      av('Hello World', { type: 'contains-any', value: ['Hello', 'world'] }, { score: 1 }),
      av('Hello World', { type: 'contains-all', value: ['Hello', 'world'] }, { score: 0 }),
      av('Hello World', { type: 'contains-all', value: ['Hello', 'World'] }, { score: 1 }),
      av('risk: High', { type: 'regex', value: 'risk: (High|Critical)' }, { score: 1 }),
      av('risk: Low', { type: 'regex', value: 'risk: (High|Critical)' }, { score: 0 }),
      av('{"key": "value"}', { type: 'is-json' }, { score: 1 }),
      av('not json', { type: 'is-json' }, { score: 0 }),
      av('DENIED', { type: 'equals', value: 'DENIED' }, { score: 1 }),
      av('DENIED', { type: 'equals', value: 'APPROVED' }, { score: 0 }),
      av('  DENIED  ', { type: 'equals', value: 'DENIED' }, { score: 1 }),
    ],
  },
  {
    repo: 'EntityProcess/agentv',
    path: 'packages/core/test/evaluation/graders/code-grader-plain-text.test.ts',
    commit: '49989f24c47a11931d72bc447825ba5f7e03ebe8',
    // Later cases of the file (stdout PASS/FAIL/true/false/0.75 read as a score) are newer than AgentV 4.42.4, which
    // reads any non-JSON stdout by the exit code; those are left out. Each command first reads its stdin: AgentV
    // writes the payload to a grader that may have exited already, and its unhandled EPIPE would fail the suite.
    vectors: [
      av('', { type: 'code-grader', command: ['bash', '-c', 'cat >/dev/null; true'] }, { score: 1, pass: true }),
      av('', { type: 'code-grader', command: ['bash', '-c', 'cat >/dev/null; false'] }, { score: 0, pass: false }),
      av('', { type: 'code-grader', command: ['bash', '-c', 'cat >/dev/null; echo PASS'] }, { score: 1 }),
      av('', { type: 'code-grader', command: ['bash', '-c', 'cat >/dev/null; echo true'] }, { score: 1 }),
      av('', { type: 'code-grader', command: ['bash', '-c', 'cat >/dev/null; echo 1'] }, { score: 1 }),
      av(
        '',
        { type: 'code-grader', command: ['bash', '-c', 'cat >/dev/null; pages=14; [ "$pages" -ge 5 ]'] },
        { score: 1 },
      ),
      av(
        '',
        { type: 'code-grader', command: ['bash', '-c', 'cat >/dev/null; pages=3; [ "$pages" -ge 10 ]'] },
        { score: 0 },
      ),
      av(
        '',
        {
          type: 'code-grader',
          command: ['bash', '-c', `cat >/dev/null; echo '{"score":0.6,"assertions":[{"text":"ok","passed":true}]}'`],
        },
        { score: 0.6 },
      ),
    ],
  },
  {
    repo: 'EntityProcess/agentv',
    path: 'packages/core/test/evaluation/graders/composite-threshold.test.ts',
    commit: '04206fc5d232a2370d17f89dba9bca43d4245fd3',
    // The file's mock members become code graders printing the same scores (a member passes at 0.8).
    vectors: (
      [
        [[1, 0.9, 0.85, 0.8], 0.5, 1],
        [[1, 0.9, 0.3, 0.1], 0.5, 0.5],
        [[1, 0.3, 0.2, 0.1], 0.5, 0.25],
        [[1, 0.7, 0.3, 0.1], 0.5, 0.25],
        [[0.3, 0.1], 0, 0],
        [[1, 0.9, 0.85, 0.3], 1, 0.75],
      ] as const
    ).map(([scores, threshold, score]) => ({
      pair: {
        output: '',
        assertions: [
          {
            type: 'composite',
            name: 'gate',
            assertions: scores.map((s, i) => member('abcd'[i]!, s)),
            aggregator: { type: 'threshold', threshold },
          },
        ],
      },
      // The test's score is the composite's: the share of members that passed.
      expected: { score },
    })),
  },
];

/** Every vector of `files` as a pair with a stable id (`vector-<file>-<n>`) and its expected value by id. */
function pairsOf<P>(files: VectorFile<P>[]): { pairs: P[]; expected: Map<string, Expected> } {
  const pairs: P[] = [];
  const expected = new Map<string, Expected>();
  for (const file of files) {
    const name = file.path
      .split('/')
      .at(-1)!
      .replace(/\.test\.ts$/, '');
    file.vectors.forEach((vector, i) => {
      const id = `vector-${name}-${i}`;
      pairs.push({ ...vector.pair, id } as P);
      expected.set(id, vector.expected);
    });
  }
  return { pairs, expected };
}

export const PROMPTFOO_VECTORS = pairsOf(PROMPTFOO_FILES);
export const AGENTV_VECTORS = pairsOf(AGENTV_FILES);
