import { readlink, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

const within = (path: string, dir: string) => {
  const rel = relative(dir, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
};

/**
 * What the staged copy of the symlink `rel` of a skill points to. A link to a file of the skill itself becomes
 * relative, so the copy reads (and an agent writes) the staged file, never the author's source skill; a link out of
 * the skill (`notes.md -> ../shared-notes.md`) stays a live link to the file it resolves to.
 */
export async function skillLinkTarget(skillDir: string, rel: string): Promise<string> {
  const at = join(skillDir, rel);
  const resolved = resolve(dirname(at), await readlink(at));
  for (const root of [skillDir, await realpath(skillDir)]) {
    if (within(resolved, root)) return relative(dirname(join(root, rel)), resolved) || '.';
  }
  return resolved;
}
