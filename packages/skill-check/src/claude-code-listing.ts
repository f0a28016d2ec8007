import { basename } from 'node:path';
import type { Diagnostic } from '@skill-eval/core';
import type { SkillDocument } from './skill-document.js';
import { characters, finding } from './skill-rule.js';
import { CLAUDE_CODE_LISTING_BUDGET, CLAUDE_CODE_LISTING_MAX } from './spec-limits.js';

/**
 * One skill's line in Claude Code 2.1.330's listing (bin/claude.exe, `r5n`, `o5n`, `QZt`): `- name: description`, the
 * description followed by ` - when_to_use` when there is one, cut to {@link CLAUDE_CODE_LISTING_MAX} characters.
 */
export function listingEntry(skill: SkillDocument): string {
  const data = skill.frontmatter?.data ?? {};
  const name = typeof data.name === 'string' && data.name.trim() !== '' ? data.name.trim() : basename(skill.dir);
  const description = typeof data.description === 'string' ? data.description.trim() : '';
  const whenToUse = typeof data.when_to_use === 'string' ? data.when_to_use.trim() : '';
  const listed = whenToUse ? `${description} - ${whenToUse}` : description;
  const shown =
    characters(listed) > CLAUDE_CODE_LISTING_MAX
      ? `${[...listed].slice(0, CLAUDE_CODE_LISTING_MAX - 1).join('')}…`
      : listed;
  return `- ${name}: ${shown}`;
}

/**
 * The skills checked together, listed as Claude Code lists them, against its listing budget: over it, Claude Code
 * shows some skills by name alone, so the model cannot tell when to use them. The user's other skills share the
 * budget and a larger context window widens it, so this is a warning at the skill with the longest entry.
 */
export function claudeCodeListingBudget(skills: readonly SkillDocument[]): Diagnostic[] {
  const described = skills.filter(
    (skill) => skill.frontmatter !== undefined && !skill.frontmatter.data['disable-model-invocation'],
  );
  if (described.length < 2) return [];
  const entries = described.map((skill) => ({ skill, length: characters(listingEntry(skill)) }));
  const total = entries.reduce((sum, entry) => sum + entry.length, 0) + entries.length - 1;
  if (total <= CLAUDE_CODE_LISTING_BUDGET) return [];
  const longest = entries.reduce((a, b) => (b.length > a.length ? b : a));
  return [
    finding(
      longest.skill,
      'warning',
      'skill/claude-code-listing-over-budget',
      `Listed together, these ${entries.length} skills take ${total} characters of Claude Code's skill listing, over its budget of ${CLAUDE_CODE_LISTING_BUDGET} (1 % of a 200k-token context): Claude Code then shows some of them by name alone, without their description. Shorten the descriptions; this one is the longest (${longest.length} characters).`,
      longest.skill.frontmatter?.valueAt('description'),
    ),
  ];
}
