import { closeSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { finding, type SkillRule } from '../skill-rule.js';

/** Folders under scripts/ that hold no script of the skill's own. */
const SKIPPED = new Set(['node_modules', '__pycache__', '.venv', 'venv']);
/** Files that are programs: a script language's extension, or none. Data, schemas and archives are not. */
const PROGRAM = /(?:^[^.]+|\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|rb|pl|php|lua|r))$/i;

/**
 * Programs under `scripts/` (specification.mdx:191-198: "executable code that agents can run"). One directly in
 * scripts/ without a `#!` line runs only when the agent names its interpreter (a note; a module in a subfolder or an
 * `__init__.py` is imported, not run); one with a `#!` line but no execute permission fails when the agent runs it
 * as the line means it to (`./scripts/x.sh` → permission denied), a warning.
 */
export const scriptsRule: SkillRule = (skill) => {
  const findings = [];
  for (const file of programs(join(skill.dir, 'scripts'))) {
    const shown = relative(skill.dir, file);
    const stat = lstatSync(file);
    if (!firstBytes(file).startsWith('#!')) {
      if (dirname(file) !== join(skill.dir, 'scripts') || basename(file) === '__init__.py') continue;
      findings.push(
        finding(
          skill,
          'info',
          'skill/script-without-shebang',
          `${shown} has no \`#!\` line, so it runs only when the agent names its interpreter; start it with one such as \`#!/usr/bin/env python3\`.`,
          { line: 1, column: 1 },
          file,
        ),
      );
    } else if (process.platform !== 'win32' && (stat.mode & 0o111) === 0)
      findings.push(
        finding(
          skill,
          'warning',
          'skill/script-not-executable',
          `${shown} starts with \`#!\` but may not be executed, so running it as ./${shown} fails with "permission denied"; run \`chmod +x ${shown}\` (and commit the mode).`,
          { line: 1, column: 1 },
          file,
        ),
      );
  }
  return findings;
};

/** The regular files under a folder that may be programs, links not followed. */
function programs(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : programs(path);
      return entry.isFile() && PROGRAM.test(entry.name) ? [path] : [];
    });
}

/** The first bytes of a file, as text. */
function firstBytes(file: string): string {
  const buffer = Buffer.alloc(2);
  const fd = openSync(file, 'r');
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, 2, 0)).toString('latin1');
  } finally {
    closeSync(fd);
  }
}
