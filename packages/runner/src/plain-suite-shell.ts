import type { Suite } from '@skill-eval/core';

/** A suite without its cases. */
export type SuiteShell = Omit<Suite, 'cases'>;

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * What `SuiteSchema.omit({ cases: true }).parse(suite)` returns for a plain, valid suite — same keys, order and
 * values — or undefined for anything else (parse that with the schema, which says what is wrong). Discovery checks
 * every loaded suite; a folder of one-case files has as many suites as cases.
 */
export function readPlainSuiteShell(suite: unknown): SuiteShell | undefined {
  if (!isPlain(suite)) return undefined;
  const { id, name, file, format, skill, settings } = suite;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof file !== 'string' || typeof format !== 'string')
    return undefined;
  const shell: Plain = { id, name, file, format };
  if ('skill' in suite) {
    if (skill === undefined) shell.skill = undefined;
    else if (isPlain(skill) && typeof skill.name === 'string' && typeof skill.dir === 'string')
      shell.skill = { name: skill.name, dir: skill.dir };
    else return undefined;
  }
  if (settings === undefined) shell.settings = {};
  else if (isPlain(settings) && !Object.hasOwn(settings, '__proto__')) shell.settings = { ...settings };
  else return undefined;
  return shell as SuiteShell;
}
