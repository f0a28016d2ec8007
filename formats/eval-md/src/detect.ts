import { basename } from 'node:path';
import { bodyLines, readSkillKitLine } from './skillkit-lines.js';
import { splitFrontmatter } from './split-frontmatter.js';

/** File names SkillKit discovers (case-sensitive globs, as in `SkillKit.Eval.load_dir/1`). */
export const FILE_PATTERNS = ['EVAL.md', '*.eval.md', '*.EVAL.md'] as const;

/** Whether SkillKit's discovery would pick the file up by its name. */
export const claimsName = (file: string) => {
  const name = basename(file);
  return name === 'EVAL.md' || name.endsWith('.eval.md') || name.endsWith('.EVAL.md');
};

/**
 * How sure (0..1) it is that `text` is a SkillKit EVAL.md: a `## ` case with both a Prompt and an
 * Expect section, or one of the older single-case layouts. A cheap line scan that skips code fences
 * (the Markdown parser is loaded only by `load`). A file with SkillKit's name but other content gets
 * 0.1, so that `load` can say it was skipped rather than a discovery warning.
 */
export function detectEvalMd(file: string, text: string): number {
  if (!/\.(md|markdown)$/i.test(file)) return 0;
  const named = claimsName(file);
  const split = splitFrontmatter(text);
  let current: Set<string> | undefined;
  const preamble = new Set<string>();
  for (const line of bodyLines(text, split.closed ? split.bodyOffset : 0)) {
    if (line.inFence) continue;
    const reading = readSkillKitLine(line.text);
    if (reading.kind === 'case') current = new Set();
    else if (reading.kind === 'section') {
      const target = current ?? preamble;
      target.add(reading.section);
      if (current && target.size === 2) return named ? 0.95 : 0.7;
    }
  }
  const legacyFrontmatter = split.closed && /^prompt:[ \t]*\S/m.test(split.yaml);
  if (preamble.size === 2 || legacyFrontmatter) return named ? 0.9 : 0.6;
  return named ? 0.1 : 0;
}
