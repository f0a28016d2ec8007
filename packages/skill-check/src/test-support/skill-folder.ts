import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempFolder } from '@skill-eval/testing/temp-folder';
import { readSkillDocument, type SkillDocument } from '../skill-document.js';

/** A SKILL.md with this frontmatter (YAML lines) and body. */
export const skillMd = (frontmatter: string, body = '# Steps\n\nDo the thing.\n') =>
  `---\n${frontmatter}\n---\n${body}`;

/**
 * A skill folder named `name` in a fresh temporary folder, holding `files` (path → text; a path ending in `*` is
 * written executable, without the star). Returns the skill's folder.
 */
export function skillFolder(name: string, files: Record<string, string>): string {
  const dir = join(tempFolder('skill-check-'), name);
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    const executable = path.endsWith('*');
    const file = join(dir, executable ? path.slice(0, -1) : path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    chmodSync(file, executable ? 0o755 : 0o644);
  }
}

/** The document of a skill folder made by {@link skillFolder}. */
export function skillDocument(name: string, files: Record<string, string>): SkillDocument {
  return readSkillDocument(skillFolder(name, files)).document;
}

/** The rule ids and severities of diagnostics, for comparing. */
export const found = (diagnostics: readonly { ruleId: string; severity: string }[]) =>
  diagnostics.map((d) => `${d.severity} ${d.ruleId}`);
