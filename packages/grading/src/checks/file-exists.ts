import { entryKind } from '@skill-eval/engine-kit/agent-files';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringListValue } from './check-value.js';
import { workspacePath } from './workspace-path.js';

const SHOWN: Record<string, string> = { directory: 'directory', link: 'symbolic link', other: 'not a regular file' };

/** Every path in `value` (relative to the workspace) exists after the run. */
export const fileExists: CheckEvaluator = async (check, { workspace }) => {
  const found: string[] = [];
  const missing: string[] = [];
  for (const relative of stringListValue(check)) {
    workspacePath(check, workspace, relative);
    // What the workspace holds at the name: a link counts as present but is never followed (its target is not told).
    const info = await entryKind(workspace, relative);
    if (info) found.push(`${relative} (${SHOWN[info.kind] ?? `${info.size} bytes`})`);
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
