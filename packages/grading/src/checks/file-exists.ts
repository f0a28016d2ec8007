import { stat } from 'node:fs/promises';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringListValue } from './check-value.js';
import { workspacePath } from './workspace-path.js';

/** Every path in `value` (relative to the workspace) exists after the run. */
export const fileExists: CheckEvaluator = async (check, { workspace }) => {
  const found: string[] = [];
  const missing: string[] = [];
  for (const relative of stringListValue(check)) {
    const info = await stat(workspacePath(check, workspace, relative)).catch(() => undefined);
    if (info) found.push(`${relative} (${info.isDirectory() ? 'directory' : `${info.size} bytes`})`);
    else missing.push(relative);
  }
  const evidence = [
    found.length ? `exists: ${found.join(', ')}` : '',
    missing.length ? `missing: ${missing.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { passed: missing.length === 0, evidence };
};
