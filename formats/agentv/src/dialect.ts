/** Which AgentV generation a file is written for; recorded in `source.dialect`. */
export type Dialect = 'agentv-4' | 'agentv-5';

/** Top-level keys only AgentV ≤ 4 wrote. */
const V4_TOP = [
  'target',
  'targets',
  'execution',
  'eval_cases',
  'evalcases',
  'workspace',
  'assertions',
  'evaluators',
  'input',
];
/** Test keys only AgentV ≤ 4 wrote (`criteria` is the 4.x judge data; v5 still tolerates it). */
const V4_TEST = ['input', 'expected_output', 'criteria', 'assertions', 'evaluators', 'execution', 'workspace'];
/** Assertion types AgentV 5 renamed or removed. */
const V4_TYPES = [
  'rubrics',
  'llm-judge',
  'code-judge',
  'llm-grader',
  'code-grader',
  'composite',
  'skill-trigger',
  'tool-trajectory',
];

/** Top-level keys only AgentV 5 (the promptfoo-style schema) knows. */
const V5_TOP = [
  'providers',
  'default_test',
  'evaluate_options',
  'environment',
  'scenarios',
  'derived_metrics',
  'extensions',
  'nunjucks_filters',
  'env',
  'output_path',
  'assert',
  'timeout_seconds',
  'threshold',
  // 4.42.4 has no prompts (none in @agentv/core 4.42.4's dist): a file with them is written for 5.x.
  'prompts',
];
const V5_TEST = [
  'provider',
  'providers',
  'prompts',
  'options',
  'assert_scoring_function',
  'provider_output',
  'environment',
  'threshold',
  'run',
];
const V5_TYPES = ['llm-rubric', 'skill-used', 'script', 'assert-set', 'javascript', 'python', 'g-eval', 'agent-rubric'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The assertion types used anywhere in a test list (`_` → `-`, `not-` dropped). */
function typesIn(tests: unknown[]): Set<string> {
  const types = new Set<string>();
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const a of list) {
      if (!isRecord(a) || typeof a.type !== 'string') continue;
      types.add(
        a.type
          .toLowerCase()
          .replaceAll('_', '-')
          .replace(/^not-/, '')
          .replace(/^trajectory:.*/, 'trajectory'),
      );
      visit(a.assert);
      visit(a.assertions);
      visit(a.evaluators);
    }
  };
  for (const t of tests) if (isRecord(t)) for (const key of ['assert', 'assertions', 'evaluators']) visit(t[key]);
  return types;
}

/**
 * A top-level `defaults` that AgentV 5 reads: a map naming its `provider` or `grader` (or the removed `target`),
 * `extractSuiteDefaults` (vendor/agentv-5/load-tests.mjs:43371-43393; yaml-parser.ts at 58f316ca2). AgentV 4.42.4
 * reads no `defaults`, so a 4.x file may hold one for its own use (a YAML anchor for a shared system message,
 * EntityProcess/agentv examples/features/autoresearch/EVAL.yaml at v4.42.4): that says nothing of its version.
 */
function v5Defaults(defaults: unknown): boolean {
  return isRecord(defaults) && ['provider', 'grader', 'target'].some((k) => defaults[k] !== undefined);
}

/**
 * Tells a 4.x file from a current (v5) one by content: a file is 4.x when it uses at least one
 * 4.x-only field or assertion type and nothing only v5 knows. Everything else (including files that
 * mix both) is read as v5, whose hard errors then name each 4.x field with its migration hint.
 */
export function agentvDialect(doc: Record<string, unknown>): Dialect {
  const tests = Array.isArray(doc.tests) ? doc.tests : [];
  const assertHolders = [...tests, ...(Array.isArray(doc.assert) ? [{ assert: doc.assert }] : [])];
  const types = typesIn(assertHolders);
  const testHas = (keys: string[]) => tests.some((t) => isRecord(t) && keys.some((k) => k in t));
  const v4 = V4_TOP.some((k) => k in doc) || testHas(V4_TEST) || V4_TYPES.some((t) => types.has(t));
  const v5 =
    V5_TOP.some((k) => k in doc) ||
    v5Defaults(doc.defaults) ||
    testHas(V5_TEST) ||
    V5_TYPES.some((t) => types.has(t)) ||
    types.has('trajectory');
  return v4 && !v5 ? 'agentv-4' : 'agentv-5';
}
