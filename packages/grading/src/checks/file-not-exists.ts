import { entryKind } from '@skill-eval/engine-kit/agent-files';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringListValue } from './check-value.js';
import { workspacePath } from './workspace-path.js';

const SHOWN: Record<string, string> = { directory: 'directory', link: 'symbolic link', other: 'not a regular file' };

/** No path in `value` (relative to the workspace) exists after the run. */
export const fileNotExists: CheckEvaluator = async (check, { workspace }) => {
  const present: string[] = [];
  const absent: string[] = [];
  for (const relative of stringListValue(check)) {
    workspacePath(check, workspace, relative);
    // What the workspace holds at the name: a link counts as present but is never followed (its target is not told).
    const info = await entryKind(workspace, relative);
    if (info) present.push(`${relative} (${SHOWN[info.kind] ?? `${info.size} bytes`})`);
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
