import { bleu } from './bleu.js';
import type { CheckEvaluator } from './check-evaluator.js';
import { codeGrader } from './code-grader.js';
import { contains } from './contains.js';
import { containsAll } from './contains-all.js';
import { containsAny } from './contains-any.js';
import { containsHtml } from './contains-html.js';
import { containsJson } from './contains-json.js';
import { containsSql } from './contains-sql.js';
import { containsXml } from './contains-xml.js';
import { cost } from './cost.js';
import { endsWith } from './ends-with.js';
import { equals } from './equals.js';
import { executionMetrics } from './execution-metrics.js';
import { exitCode } from './exit-code.js';
import { fieldAccuracy } from './field-accuracy.js';
import { fileContains } from './file-contains.js';
import { fileExists } from './file-exists.js';
import { fileNotExists } from './file-not-exists.js';
import { fixtureUnchanged } from './fixture-unchanged.js';
import { fragmentSelection } from './fragment-selection.js';
import { gleu } from './gleu.js';
import { goldenFile } from './golden-file.js';
import { icontains } from './icontains.js';
import { icontainsAll } from './icontains-all.js';
import { icontainsAny } from './icontains-any.js';
import { isHtml } from './is-html.js';
import { isJson } from './is-json.js';
import { isRefusal } from './is-refusal.js';
import { isSql } from './is-sql.js';
import { isValidFunctionCall, isValidOpenAiFunctionCall, isValidOpenAiToolsCall } from './is-valid-function-call.js';
import { isXml } from './is-xml.js';
import { javascript } from './javascript.js';
import { latency } from './latency.js';
import { levenshtein } from './levenshtein.js';
import { python } from './python.js';
import { regex } from './regex.js';
import { rougeN } from './rouge-n.js';
import { script } from './script.js';
import { skillRouted } from './skill-routed.js';
import { skillUsed } from './skill-used.js';
import { startsWith } from './starts-with.js';
import { tokenUsage } from './token-usage.js';
import { toolCallF1 } from './tool-call-f1.js';
import { toolCalled, toolNotCalled } from './tool-called.js';
import { toolOrder } from './tool-order.js';
import { toolTrajectory } from './tool-trajectory.js';
import { trajectoryStepCount } from './trajectory-step-count.js';
import { webhook } from './webhook.js';
import { wordCount } from './word-count.js';

/** Deterministic check types by normalised type name. `llm-rubric` is not here: the judge grades it. */
export const checkRegistry: Readonly<Record<string, CheckEvaluator>> = {
  contains,
  icontains,
  'contains-any': containsAny,
  'contains-all': containsAll,
  'icontains-any': icontainsAny,
  'icontains-all': icontainsAll,
  'starts-with': startsWith,
  'ends-with': endsWith,
  equals,
  regex,
  'is-json': isJson,
  'contains-json': containsJson,
  'exit-code': exitCode,
  'file-exists': fileExists,
  'file-not-exists': fileNotExists,
  'file-contains': fileContains,
  'golden-file': goldenFile,
  'fixture-unchanged': fixtureUnchanged,
  'skill-routed': skillRouted,
  'skill-used': skillUsed,
  'tool-called': toolCalled,
  'tool-order': toolOrder,
  'tool-not-called': toolNotCalled,
  'tool-trajectory': toolTrajectory,
  'trajectory:step-count': trajectoryStepCount,
  'step-count': trajectoryStepCount,
  'execution-metrics': executionMetrics,
  latency,
  cost,
  'token-usage': tokenUsage,
  script,
  'code-grader': codeGrader,
  javascript,
  python,
  webhook,
  'word-count': wordCount,
  levenshtein,
  'is-html': isHtml,
  'contains-html': containsHtml,
  'is-xml': isXml,
  'contains-xml': containsXml,
  'is-sql': isSql,
  'contains-sql': containsSql,
  'is-refusal': isRefusal,
  'rouge-n': rougeN,
  bleu,
  gleu,
  'is-valid-function-call': isValidFunctionCall,
  'is-valid-openai-function-call': isValidOpenAiFunctionCall,
  'is-valid-openai-tools-call': isValidOpenAiToolsCall,
  'tool-call-f1': toolCallF1,
  'field-accuracy': fieldAccuracy,
  'fragment-selection': fragmentSelection,
};
