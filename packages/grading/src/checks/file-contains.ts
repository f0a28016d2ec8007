import { readFile } from 'node:fs/promises';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringParam, stringValue } from './check-value.js';
import { quote } from './quote.js';
import { workspacePath } from './workspace-path.js';

/** The workspace file at `path` contains `value`; `caseSensitive: false` folds case. A missing file fails. */
export const fileContains: CheckEvaluator = async (check, { workspace }) => {
  const relative = stringParam(check, 'path');
  const needle = stringValue(check);
  const text = await readFile(workspacePath(check, workspace, relative), 'utf8').catch(() => undefined);
  if (text === undefined) return { passed: false, evidence: `${relative} is missing or unreadable` };
  const ignoreCase = check.caseSensitive === false;
  const at = ignoreCase ? text.toLowerCase().indexOf(needle.toLowerCase()) : text.indexOf(needle);
  return at >= 0
    ? { passed: true, evidence: `found ${JSON.stringify(needle)} in ${relative}: ${quote(text, at, needle.length)}` }
    : { passed: false, evidence: `${JSON.stringify(needle)} not in ${relative}: ${quote(text)}` };
};
