import type { CheckEvaluator } from './check-evaluator.js';
import { contains } from './contains.js';
import { equals } from './equals.js';
import { fileExists } from './file-exists.js';
import { icontains } from './icontains.js';
import { regex } from './regex.js';
import { skillUsed } from './skill-used.js';
import { toolCalled, toolNotCalled } from './tool-called.js';

/** Deterministic check types by normalised type name. `llm-rubric` is not here: the judge grades it. */
export const checkRegistry: Readonly<Record<string, CheckEvaluator>> = {
  contains,
  icontains,
  equals,
  regex,
  'file-exists': fileExists,
  'skill-used': skillUsed,
  'tool-called': toolCalled,
  'tool-not-called': toolNotCalled,
};
