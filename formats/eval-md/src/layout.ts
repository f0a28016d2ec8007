import { parseYaml } from '@skill-eval/format-kit';
import type { Block, Outline, SectionKind } from './outline.js';
import type { FrontmatterSplit } from './split-frontmatter.js';

/**
 * How a file is laid out: `suite` (current SkillKit: `## ` cases), `legacy-sections` (one case per
 * file, bare Prompt/Expect sections, loaded by SkillKit ≤0.2 and as zero cases since), `legacy-frontmatter`
 * (the oldest: frontmatter `prompt`, the body is the rubric), or `none` (not a SkillKit eval).
 */
export type Layout = 'suite' | 'legacy-sections' | 'legacy-frontmatter' | 'none';

export const hasSection = (block: Block, kind: SectionKind) => block.sections.some((s) => s.kind === kind);

/** Decides the layout without reporting anything, so that a file that is not an eval stays quiet. */
export function layoutOf(tree: Outline, split: FrontmatterSplit): Layout {
  if (tree.cases.some((c) => hasSection(c, 'prompt') && hasSection(c, 'expect'))) return 'suite';
  if (hasSection(tree.preamble, 'prompt') && hasSection(tree.preamble, 'expect')) return 'legacy-sections';
  if (split.closed) {
    let value: unknown;
    try {
      value = parseYaml(split.yaml).toJS();
    } catch {
      return 'none';
    }
    const prompt = value && typeof value === 'object' ? (value as Record<string, unknown>).prompt : undefined;
    if (typeof prompt === 'string' && prompt.trim() !== '') return 'legacy-frontmatter';
  }
  return 'none';
}
