import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';

/** Where a Skillet eval file sits: its eval set (the `evals/<name>/` folder) and its id within it. */
export interface EvalLocation {
  /** `<name>` of `evals/<name>/`, else the file's folder name. */
  evalSet: string;
  /** Path below `evals/<name>/`, `/`-separated, without `.yaml` — Skillet's `_source` less its extension. */
  id: string;
}

const stripExtension = (name: string) => name.replace(/\.ya?ml$/i, '');

/**
 * Skillet has no ids: it names an eval by its path relative to the folder it loaded, which for the
 * usual layout is `evals/<name>/`. The nearest `evals` folder that has a folder below it (before the
 * file) is taken as that layout; a file anywhere else is known by its own name, as Skillet does for a
 * single file.
 */
export function evalLocation(file: string): EvalLocation {
  const parts = resolve(file).split(sep);
  for (let i = parts.length - 3; i >= 0; i--) {
    if (parts[i] === 'evals') {
      return { evalSet: parts[i + 1]!, id: stripExtension(parts.slice(i + 2).join('/')) };
    }
  }
  return { evalSet: basename(dirname(resolve(file))), id: stripExtension(basename(file)) };
}

/**
 * The folder Skillet loads for a bare eval-set name: `$SKILLET_DIR/evals/<name>/`, `SKILLET_DIR`
 * defaulting to `~/.skillet`. The CLI may call it when a path argument does not exist. A name that
 * is absolute or climbs out with `..` is refused.
 */
export function resolveSkilletName(name: string, env: NodeJS.ProcessEnv = process.env): string {
  if (name.trim() === '' || isAbsolute(name) || name.split(/[\\/]+/).includes('..')) {
    throw new SkillEvalError('BAD_INPUT', `"${name}" is not a Skillet eval-set name.`, {
      hint: 'Give the name of a folder under $SKILLET_DIR/evals/ (e.g. "conventional-comments"), or a path to eval files.',
    });
  }
  const root = env.SKILLET_DIR?.trim() || join(env.HOME?.trim() || homedir(), '.skillet');
  return join(resolve(root), 'evals', name);
}
