import type { CheckEvaluator } from './check-evaluator.js';

/**
 * How to load the evaluator of each deterministic check type, by normalised type name. A check type's code, and what
 * it needs (a YAML reader, an HTML, XML or SQL parser, a sandbox), is imported when a suite first uses that type, not
 * by every run. `llm-rubric` is not here: the judge grades it.
 */
const CHECK_LOADERS: Readonly<Record<string, () => Promise<CheckEvaluator>>> = {
  contains: async () => (await import('./contains.js')).contains,
  icontains: async () => (await import('./icontains.js')).icontains,
  'contains-any': async () => (await import('./contains-any.js')).containsAny,
  'contains-all': async () => (await import('./contains-all.js')).containsAll,
  'icontains-any': async () => (await import('./icontains-any.js')).icontainsAny,
  'icontains-all': async () => (await import('./icontains-all.js')).icontainsAll,
  'starts-with': async () => (await import('./starts-with.js')).startsWith,
  'ends-with': async () => (await import('./ends-with.js')).endsWith,
  equals: async () => (await import('./equals.js')).equals,
  regex: async () => (await import('./regex.js')).regex,
  'is-json': async () => (await import('./is-json.js')).isJson,
  'contains-json': async () => (await import('./contains-json.js')).containsJson,
  'exit-code': async () => (await import('./exit-code.js')).exitCode,
  'file-exists': async () => (await import('./file-exists.js')).fileExists,
  'file-not-exists': async () => (await import('./file-not-exists.js')).fileNotExists,
  'file-contains': async () => (await import('./file-contains.js')).fileContains,
  'golden-file': async () => (await import('./golden-file.js')).goldenFile,
  'fixture-unchanged': async () => (await import('./fixture-unchanged.js')).fixtureUnchanged,
  'skill-routed': async () => (await import('./skill-routed.js')).skillRouted,
  'skill-used': async () => (await import('./skill-used.js')).skillUsed,
  'tool-called': async () => (await import('./tool-called.js')).toolCalled,
  'tool-order': async () => (await import('./tool-order.js')).toolOrder,
  'tool-not-called': async () => (await import('./tool-called.js')).toolNotCalled,
  'tool-trajectory': async () => (await import('./tool-trajectory.js')).toolTrajectory,
  'trajectory:step-count': async () => (await import('./trajectory-step-count.js')).trajectoryStepCount,
  'step-count': async () => (await import('./trajectory-step-count.js')).trajectoryStepCount,
  'execution-metrics': async () => (await import('./execution-metrics.js')).executionMetrics,
  latency: async () => (await import('./latency.js')).latency,
  cost: async () => (await import('./cost.js')).cost,
  'token-usage': async () => (await import('./token-usage.js')).tokenUsage,
  script: async () => (await import('./script.js')).script,
  'code-grader': async () => (await import('./code-grader.js')).codeGrader,
  javascript: async () => (await import('./javascript.js')).javascript,
  python: async () => (await import('./python.js')).python,
  webhook: async () => (await import('./webhook.js')).webhook,
  'word-count': async () => (await import('./word-count.js')).wordCount,
  levenshtein: async () => (await import('./levenshtein.js')).levenshtein,
  'is-html': async () => (await import('./is-html.js')).isHtml,
  'contains-html': async () => (await import('./contains-html.js')).containsHtml,
  'is-xml': async () => (await import('./is-xml.js')).isXml,
  'contains-xml': async () => (await import('./contains-xml.js')).containsXml,
  'is-sql': async () => (await import('./is-sql.js')).isSql,
  'contains-sql': async () => (await import('./contains-sql.js')).containsSql,
  'is-refusal': async () => (await import('./is-refusal.js')).isRefusal,
  'rouge-n': async () => (await import('./rouge-n.js')).rougeN,
  bleu: async () => (await import('./bleu.js')).bleu,
  gleu: async () => (await import('./gleu.js')).gleu,
  'is-valid-function-call': async () => (await import('./is-valid-function-call.js')).isValidFunctionCall,
  'is-valid-openai-function-call': async () => (await import('./is-valid-function-call.js')).isValidOpenAiFunctionCall,
  'is-valid-openai-tools-call': async () => (await import('./is-valid-function-call.js')).isValidOpenAiToolsCall,
  'tool-call-f1': async () => (await import('./tool-call-f1.js')).toolCallF1,
  'field-accuracy': async () => (await import('./field-accuracy.js')).fieldAccuracy,
  'fragment-selection': async () => (await import('./fragment-selection.js')).fragmentSelection,
};

/** Each check type's evaluator, once loaded (or loading). */
const loaded = new Map<string, Promise<CheckEvaluator>>();

/** The evaluator of a check type (imported on its first use), or undefined for a type skill-eval does not know. */
export function checkEvaluator(type: string): Promise<CheckEvaluator> | undefined {
  if (!Object.hasOwn(CHECK_LOADERS, type)) return undefined;
  let evaluator = loaded.get(type);
  if (!evaluator) {
    evaluator = CHECK_LOADERS[type]!();
    loaded.set(type, evaluator);
  }
  return evaluator;
}
