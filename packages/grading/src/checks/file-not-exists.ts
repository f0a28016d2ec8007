import { stat } from 'node:fs/promises';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringListValue } from './check-value.js';
import { workspacePath } from './workspace-path.js';

/** No path in `value` (relative to the workspace) exists after the run. */
export const fileNotExists: CheckEvaluator = async (check, { workspace }) => {
  const present: string[] = [];
  const absent: string[] = [];
  for (const relative of stringListValue(check)) {
    const info = await stat(workspacePath(check, workspace, relative)).catch(() => undefined);
    if (info) present.push(`${relative} (${info.isDirectory() ? 'directory' : `${info.size} bytes`})`);
    else absent.push(relative);
  }
  const evidence = [
    present.length ? `exists: ${present.join(', ')}` : '',
    absent.length ? `absent: ${absent.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { passed: present.length === 0, evidence };
};
