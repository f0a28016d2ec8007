import { join } from 'node:path';
import { observedList, observedLstat } from '@skill-eval/core';

const isDir = (path: string) => observedLstat(path, { throwIfNoEntry: false })?.isDirectory() ?? false;

/**
 * BMAD's setup overlays of the cases of one eval file, laid over the workspace in order: `<evals>/setup/` for every
 * case, then `<evals>/<id>/setup/` for this one. Only real directories count (a symlinked one could point anywhere);
 * an id that is not a plain name has no overlay of its own. The folder is looked at once for the whole file, not
 * once per case (a file can hold thousands).
 */
export function setupOverlays(root: string): (id: string) => string[] {
  const shared = [join(root, 'setup')].filter(isDir);
  let names: Set<string> | undefined;
  // Lower-cased, so that a case-insensitive file system still finds `<id>/`; the lstat below decides.
  const listed = (id: string) => {
    try {
      names ??= new Set(observedList(root).map((name) => name.toLowerCase()));
    } catch {
      names = new Set();
    }
    return names.has(id.toLowerCase());
  };
  return (id) => {
    const plain = /^[\w.-]+$/.test(id) && id !== '.' && id !== '..';
    const own = plain && listed(id) ? [join(root, id, 'setup')].filter(isDir) : [];
    return [...shared, ...own];
  };
}
