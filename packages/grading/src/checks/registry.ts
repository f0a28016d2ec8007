import type { CheckEvaluator } from './check-evaluator.js';
import { contains } from './contains.js';
import { containsAll } from './contains-all.js';
import { containsAny } from './contains-any.js';
import { containsJson } from './contains-json.js';
import { cost } from './cost.js';
import { endsWith } from './ends-with.js';
import { equals } from './equals.js';
import { exitCode } from './exit-code.js';
import { fileContains } from './file-contains.js';
import { fileExists } from './file-exists.js';
import { fileNotExists } from './file-not-exists.js';
import { goldenFile } from './golden-file.js';
import { icontains } from './icontains.js';
import { icontainsAll } from './icontains-all.js';
import { icontainsAny } from './icontains-any.js';
import { isJson } from './is-json.js';
import { latency } from './latency.js';
import { regex } from './regex.js';
import { skillUsed } from './skill-used.js';
import { startsWith } from './starts-with.js';
import { tokenUsage } from './token-usage.js';
import { toolCalled, toolNotCalled } from './tool-called.js';

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
  'skill-used': skillUsed,
  'tool-called': toolCalled,
  'tool-not-called': toolNotCalled,
  latency,
  cost,
  'token-usage': tokenUsage,
};
