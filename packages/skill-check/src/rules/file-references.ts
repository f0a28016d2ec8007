import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Diagnostic } from '@skill-eval/core';
import type { Position } from '@skill-eval/format-kit';
import type { SkillDocument } from '../skill-document.js';
import { finding, type SkillRule } from '../skill-rule.js';

/** A file the body points at: by a Markdown link (the agent follows it), or by naming a path (it may). */
interface Reference {
  path: string;
  at: Position;
  how: 'link' | 'mention';
}

const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const INLINE_CODE = /`([^`\n]+)`/g;
/** A path in the specification's folders, written anywhere (`python scripts/extract.py` in a code block). */
const BUNDLED_PATH = /(?<![\w/.@-])(?:\.\/)?(?:scripts|references|assets)\/[\w@./-]*[\w-]\.[A-Za-z0-9]{1,8}\b/g;
/** A relative path with a folder and an extension, as a code span holds one. */
const PATH_LIKE = /^(?:\.\/)?[\w@.-]+(?:\/[\w@.-]+)*\/[\w@.-]*\.[A-Za-z0-9]{1,8}$/;
const FENCE = /^\s{0,3}(```|~~~)/;
/** A link to a web page, a mail address or a place in the same file. */
const NOT_A_FILE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

/**
 * Files the body refers to that are not in the skill folder. The specification has a skill refer to its files by
 * paths relative to its root (specification.mdx:226-237); a skill is installed (and staged by skill-eval) as its folder
 * alone, so a link out of it breaks as surely as a link to nothing. A missing link target is a warning; a path only
 * mentioned (in a code span or a command) is a note, as it may name a file the agent is to create.
 */
export const fileReferencesRule: SkillRule = (skill) => {
  const findings: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const reference of references(skill)) {
    const key = `${reference.at.line}\0${reference.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const target = resolve(skill.dir, reference.path);
    const inside = relative(skill.dir, target);
    if (isAbsolute(reference.path) || inside.startsWith('..') || isAbsolute(inside)) {
      if (reference.how === 'link')
        findings.push(
          finding(
            skill,
            'warning',
            'skill/reference-outside-skill',
            `The link to ${reference.path} leaves the skill folder; a skill is installed as its folder alone, so the link breaks wherever it is installed. Copy the file into the skill (references/ is the usual place) and link it there.`,
            reference.at,
          ),
        );
      continue;
    }
    if (existsSync(target)) continue;
    findings.push(
      reference.how === 'link'
        ? finding(
            skill,
            'warning',
            'skill/missing-file',
            `The link to ${reference.path} names no file in the skill folder; add the file, or correct the path (relative to the folder holding SKILL.md).`,
            reference.at,
          )
        : finding(
            skill,
            'info',
            'skill/missing-file',
            `The body names ${reference.path}, which is not in the skill folder; if the skill is to bring it, add it (paths are relative to the folder holding SKILL.md).`,
            reference.at,
          ),
    );
  }
  return findings;
};

/** The references of the body, in order: links outside code blocks, then paths mentioned. */
function references(skill: SkillDocument): Reference[] {
  const topLevel = new Set(safeList(skill.dir));
  const found: Reference[] = [];
  let fence: string | undefined;
  skill.body.split('\n').forEach((text, index) => {
    const line = skill.bodyLine + index;
    const marker = FENCE.exec(text)?.[1];
    if (marker && (fence === undefined || fence === marker)) fence = fence === undefined ? marker : undefined;
    else if (fence === undefined) {
      for (const match of text.matchAll(LINK)) {
        const path = linkPath(match[1]!);
        if (path) found.push({ path, at: { line, column: match.index + 1 }, how: 'link' });
      }
      for (const match of text.matchAll(INLINE_CODE)) {
        const path = match[1]!.trim();
        const first = path.replace(/^\.\//, '').split('/')[0]!;
        if (PATH_LIKE.test(path) && topLevel.has(first))
          found.push({ path, at: { line, column: match.index + 2 }, how: 'mention' });
      }
    }
    for (const match of text.matchAll(BUNDLED_PATH))
      found.push({ path: match[0], at: { line, column: match.index + 1 }, how: 'mention' });
  });
  return found;
}

/** A link target as a path in the skill folder: undefined for a web address or an anchor. */
function linkPath(target: string): string | undefined {
  if (NOT_A_FILE.test(target)) return undefined;
  const path = target.replace(/[#?].*$/, '');
  if (path === '') return undefined;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The names in a folder, none when it cannot be read; scripts, references and assets are the specification's own. */
function safeList(dir: string): string[] {
  try {
    return [...readdirSync(dir), 'scripts', 'references', 'assets'];
  } catch {
    return ['scripts', 'references', 'assets'];
  }
}
