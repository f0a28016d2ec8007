import { listAgentFiles } from '@skill-eval/engine-kit/agent-files';

/** Skill roots and tool folders: staged by the harness or installed, not the agent's work. */
const EXCLUDED_DIRS = new Set(['.claude', '.agents', '.qoder', '.git', 'node_modules']);

/**
 * Relative paths of the workspace's regular files, sorted, through the file layer: no link followed, no linked folder
 * entered (even one swapped in while the walk runs), no excluded folder entered.
 */
export function listWorkspaceFiles(root: string): Promise<string[]> {
  return listAgentFiles(root, { skipDirs: EXCLUDED_DIRS });
}
