import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SkillRef } from './case.js';
import { untilNextTurn } from './until-next-turn.js';

/** How far up from an eval file the skill root is looked for (skill-up uses the same bound). */
export const SKILL_LEVELS = 10;

/**
 * Whether a directory holds a SKILL.md, remembered until the event loop turns: loading a folder of eval files
 * (thousands of Skillet cases, each its own file) asks the same directories again and again in one go.
 */
const holdsSkill = untilNextTurn((dir: string) => existsSync(join(dir, 'SKILL.md')));

/** The nearest directory at or above `from` that holds a SKILL.md, within ten levels. */
export function findSkillRoot(from: string): string | undefined {
  let dir = from;
  for (let level = 0; level <= SKILL_LEVELS; level++) {
    if (holdsSkill(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/** Frontmatter `name` and `description` of a SKILL.md (the plain `key: value` lines; block scalars folded). */
export function readSkillFrontmatter(skillDir: string): { name?: string; description?: string } {
  return { ...frontmatterOf(skillDir) };
}

/** {@link readSkillFrontmatter}, remembered until the event loop turns (a failed read is not remembered). */
const frontmatterOf = untilNextTurn(readFrontmatter);

function readFrontmatter(skillDir: string): { name?: string; description?: string } {
  const text = readFileSync(join(skillDir, 'SKILL.md'), 'utf8').replace(/^\uFEFF/, '');
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) return {};
  const fields: Record<string, string> = {};
  const lines = match[1]!.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const kv = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(lines[i]!);
    if (!kv) continue;
    let value = kv[2]!.trim();
    if (value === '|' || value === '>' || value === '|-' || value === '>-') {
      const block: string[] = [];
      while (i + 1 < lines.length && /^\s+\S|^\s*$/.test(lines[i + 1]!)) block.push(lines[++i]!.trim());
      value = block.join(value.startsWith('|') ? '\n' : ' ').trim();
    }
    fields[kv[1]!] = value.replace(/^(['"])(.*)\1$/, '$2');
  }
  return { name: fields.name, description: fields.description };
}

/** The skill a directory holds: its frontmatter name, else the directory name. */
export function readSkillRef(skillDir: string): SkillRef {
  const { name } = readSkillFrontmatter(skillDir);
  return { name: name || basename(skillDir), dir: skillDir };
}
