import { characters, finding, type SkillRule } from '../skill-rule.js';
import { CLAUDE_CODE_LISTING_MAX, DESCRIPTION_MAX } from '../spec-limits.js';
import { kindOf } from './frontmatter-keys.js';

/** Words by which a description says when to use the skill ("Use when …", "… whenever the user asks …"). */
const SAYS_WHEN = /\b(when|whenever|if the user|use (it|this|for|to)|trigger|for (requests|tasks|questions)|asks?)\b/i;

/**
 * `description` as the specification has it (specification.mdx:91-97): present, 1-1024 characters, saying what the
 * skill does and when to use it (validator.py:70-84; quick_validate.py:73-84, which also refuses `<` and `>`).
 * Whether it says when is read from its words, so that finding is a note.
 */
export const descriptionRule: SkillRule = (skill) => {
  const frontmatter = skill.frontmatter;
  if (!frontmatter) return [];
  const { data } = frontmatter;
  const at = frontmatter.valueAt('description');
  const value = data.description;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return [
      finding(
        skill,
        'error',
        'skill/missing-description',
        'The frontmatter has no `description`: agents choose a skill by it alone, so without one the skill is never picked (Claude Code falls back on the first lines of the body). Say what the skill does and when to use it.',
        at ?? { line: 2, column: 1 },
      ),
    ];
  if (typeof value !== 'string')
    return [
      finding(
        skill,
        'error',
        'skill/wrong-type',
        `\`description\` is ${kindOf(value)}; write it as text (quote it if it holds ": ").`,
        at,
      ),
    ];
  const description = value.trim();
  const findings = [];
  const length = characters(description);
  if (length > DESCRIPTION_MAX)
    findings.push(
      finding(
        skill,
        'error',
        'skill/description-too-long',
        `The description is ${length} characters long; the specification allows at most ${DESCRIPTION_MAX}, and Codex does not load a skill whose description is longer. Keep what tells an agent when to pick the skill and move the rest into the body.`,
        at,
      ),
    );
  if (/[<>]/.test(description))
    findings.push(
      finding(
        skill,
        'warning',
        'skill/description-angle-brackets',
        "The description holds `<` or `>`: skill-creator's quick_validate.py refuses the skill for it (a description is placed inside the agent's prompt). Write the words instead.",
        at,
      ),
    );
  if (!SAYS_WHEN.test(description))
    findings.push(
      finding(
        skill,
        'info',
        'skill/description-no-when',
        'The description does not seem to say when to use the skill; the specification asks for both what it does and when ("Use when …"), which is what an agent matches a request against.',
        at,
      ),
    );
  // Claude Code lists `description - when_to_use`, cut to its per-skill cap.
  const whenToUse = typeof data.when_to_use === 'string' ? data.when_to_use.trim() : '';
  const listed = whenToUse ? `${description} - ${whenToUse}` : description;
  if (characters(listed) > CLAUDE_CODE_LISTING_MAX)
    findings.push(
      finding(
        skill,
        'warning',
        'skill/claude-code-truncates-description',
        `Claude Code shows the model ${whenToUse ? 'the description and `when_to_use` together' : 'the description'} cut to ${CLAUDE_CODE_LISTING_MAX} characters; this is ${characters(listed)}, so the end is never seen. Put what decides when to use the skill first, or shorten it.`,
        at,
      ),
    );
  return findings;
};
