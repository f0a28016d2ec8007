import { basename, dirname, join } from 'node:path';
import type { SkillRef } from './case.js';
import { observedExists, observedText } from './observed-reads.js';
import { untilNextTurn } from './until-next-turn.js';

/** How far up from an eval file the skill root is looked for (skill-up uses the same bound). */
export const SKILL_LEVELS = 10;

/**
 * Whether a directory holds a SKILL.md, remembered until the event loop turns: loading a folder of eval files
 * (thousands of Skillet cases, each its own file) asks the same directories again and again in one go.
 */
const holdsSkill = untilNextTurn((dir: string) => observedExists(join(dir, 'SKILL.md')));

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
  const text = observedText(join(skillDir, 'SKILL.md')).replace(/^\uFEFF/, '');
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
    fields[kv[1]!] = unquoted(value);
  }
  return { name: fields.name, description: fields.description };
}

/** YAML's double-quoted escapes (skill-eval writes a description with them when it cannot be plain). */
const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};

/** A one-line scalar's text: a double-quoted one with its escapes read, a single-quoted one with `''` as `'`. */
function unquoted(value: string): string {
  const double = /^"(.*)"$/s.exec(value);
  if (double) {
    return double[1]!.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (whole, code: string) =>
      code.length > 1 ? String.fromCodePoint(Number.parseInt(code.slice(1), 16)) : (ESCAPES[code] ?? whole),
    );
  }
  const single = /^'(.*)'$/s.exec(value);
  return single ? single[1]!.replaceAll("''", "'") : value;
}

/** The skill a directory holds: its frontmatter name, else the directory name. */
export function readSkillRef(skillDir: string): SkillRef {
  const { name } = readSkillFrontmatter(skillDir);
  return { name: name || basename(skillDir), dir: skillDir };
}
