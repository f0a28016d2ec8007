import type { WorkspaceSpec } from '@skill-eval/core';

/**
 * The `lost` line of a case whose workspace starts from a copy of the project (a BMAD eval), for a writer whose format
 * cannot say so: converted, the case would start from an empty folder.
 */
export function projectCopyLoss(workspace: WorkspaceSpec): string | undefined {
  if (!workspace.project) return undefined;
  return `its workspace starts from a copy of the project ${workspace.project.root} (BMAD's runner); the converted case starts without it`;
}
