import { findSkillRoot } from '@skill-eval/core';
import { projectBoundary, readSideFile } from '@skill-eval/format-kit';
import type { CaseDiagnostics, Where } from './diagnostics.js';

/**
 * The text of a file of a case (case.yaml, prompt.md, graders/*.md, mocks, a baseline file), read through format-kit's
 * `readSideFile`: a link out of the project `boundary` is an error only --trust lifts and is not read without it; a
 * FIFO, a device or a file over `maxBytes` is an error and never read. Undefined (reported at `where`) when not read.
 */
export function readCaseText(
  file: string,
  boundary: string,
  diagnostics: CaseDiagnostics,
  where: Where = { file, line: 1, column: 1 },
  options: { ref?: string; maxBytes?: number } = {},
): string | undefined {
  const read = readSideFile(file, boundary, options);
  if (read.ok) {
    if (read.outside) diagnostics.errorNeedingTrust('outside-project', read.outside, where);
    return read.text;
  }
  if (read.needsTrust) diagnostics.errorNeedingTrust('outside-project', read.message, where);
  else diagnostics.error('unreadable-file', read.message, where);
  return undefined;
}

/** The project of a case's folder (or a mock folder in it): its repository, else the skill root, else the folder. */
export const caseBoundary = (dir: string): string => projectBoundary(dir, findSkillRoot(dir));

/** A plugin's own JSON file (plugin.json, .mcp.json) read as a side file; undefined when it cannot be read. */
export function readPluginText(file: string, root: string): string | undefined {
  const read = readSideFile(file, caseBoundary(root));
  return read.ok && !read.outside ? read.text : undefined;
}
