import { describe, expect, it } from 'vitest';
import { claudeCodeListingBudget, listingEntry } from './claude-code-listing.js';
import { CLAUDE_CODE_LISTING_BUDGET, CLAUDE_CODE_LISTING_MAX } from './spec-limits.js';
import { found, skillDocument, skillMd } from './test-support/skill-folder.js';

const skill = (name: string, description: string, extra = '') =>
  skillDocument(name, { 'SKILL.md': skillMd(`name: ${name}\ndescription: ${description}${extra}`) });

describe("Claude Code's skill listing", () => {
  it('lists a skill as `- name: description - when_to_use`, cut with an ellipsis', () => {
    expect(listingEntry(skill('a', 'Does a.', '\nwhen_to_use: For a.'))).toBe('- a: Does a. - For a.');
    const long = listingEntry(skill('b', 'x'.repeat(CLAUDE_CODE_LISTING_MAX + 10)));
    expect(long).toBe(`- b: ${'x'.repeat(CLAUDE_CODE_LISTING_MAX - 1)}…`);
  });

  it('warns when the skills checked together are over its budget, at the longest', () => {
    // Ten entries of `- sN: ` (6) + 795 characters, joined by newlines: 8019 characters.
    const skills = Array.from({ length: 10 }, (_, i) => skill(`s${i}`, `${i === 3 ? 'y' : 'x'}`.repeat(795)));
    const diagnostics = claudeCodeListingBudget(skills);
    expect(found(diagnostics)).toEqual(['warning skill/claude-code-listing-over-budget']);
    expect(diagnostics[0]?.message).toContain(`8019 characters`);
    expect(diagnostics[0]?.message).toContain(`${CLAUDE_CODE_LISTING_BUDGET}`);
    expect(claudeCodeListingBudget(skills.slice(0, 9))).toEqual([]);
  });

  it('leaves a single skill and skills the model cannot invoke out', () => {
    expect(claudeCodeListingBudget([skill('a', 'x'.repeat(1500))])).toEqual([]);
    const hidden = Array.from({ length: 10 }, (_, i) =>
      skill(`h${i}`, 'x'.repeat(795), '\ndisable-model-invocation: true'),
    );
    expect(claudeCodeListingBudget(hidden)).toEqual([]);
  });
});
