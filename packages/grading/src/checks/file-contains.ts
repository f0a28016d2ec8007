import { readAgentText } from '@skill-eval/engine-kit/agent-files';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringParam, stringValue } from './check-value.js';
import { quote } from './quote.js';
import { workspacePath } from './workspace-path.js';

/** The workspace file at `path` contains `value`; `caseSensitive: false` folds case. A missing file fails. */
export const fileContains: CheckEvaluator = async (check, { workspace }) => {
  const relative = stringParam(check, 'path');
  const needle = stringValue(check);
  workspacePath(check, workspace, relative);
  // Through the file layer: a link the agent left in place of the file is refused, never followed to a host file.
  const text = await readAgentText(workspace, relative);
  if (typeof text !== 'string')
    return { passed: false, evidence: text.refused === 'missing' ? `${relative} is missing` : text.message };
  const ignoreCase = check.caseSensitive === false;
  const at = ignoreCase ? text.toLowerCase().indexOf(needle.toLowerCase()) : text.indexOf(needle);
  return at >= 0
    ? { passed: true, evidence: `found ${JSON.stringify(needle)} in ${relative}: ${quote(text, at, needle.length)}` }
    : { passed: false, evidence: `${JSON.stringify(needle)} not in ${relative}: ${quote(text)}` };
};
