import { finding, type SkillRule } from '../skill-rule.js';
import { BODY_MAX_TOKENS, CHARS_PER_TOKEN, CLAUDE_CODE_MAX_BYTES, SKILL_MD_MAX_LINES } from '../spec-limits.js';

/**
 * The specification's budget for what an agent loads when it picks the skill (specification.mdx:218-224): SKILL.md
 * under 500 lines, its body under some 5000 tokens. Both are recommendations, and tokens are estimated (4 characters
 * each), so a long file is a warning and many tokens a note. A file over 1 MiB Claude Code does not load at all.
 */
export const bodySizeRule: SkillRule = (skill) => {
  const findings = [];
  const bytes = Buffer.byteLength(skill.text);
  if (bytes > CLAUDE_CODE_MAX_BYTES)
    findings.push(
      finding(
        skill,
        'error',
        'skill/claude-code-skips-large-file',
        `SKILL.md is ${bytes} bytes; Claude Code skips a skill file over ${CLAUDE_CODE_MAX_BYTES} bytes (1 MiB) without loading it. Move the bulk into referenced files.`,
        { line: 1, column: 1 },
      ),
    );
  const lines = skill.text.split('\n').length - (skill.text.endsWith('\n') ? 1 : 0);
  if (lines > SKILL_MD_MAX_LINES)
    findings.push(
      finding(
        skill,
        'warning',
        'skill/too-many-lines',
        `SKILL.md is ${lines} lines long; the specification recommends under ${SKILL_MD_MAX_LINES}, as the agent reads all of it once it picks the skill. Move reference material into files under references/ and link them.`,
        { line: SKILL_MD_MAX_LINES + 1, column: 1 },
      ),
    );
  const tokens = Math.ceil(skill.body.length / CHARS_PER_TOKEN);
  if (tokens > BODY_MAX_TOKENS)
    findings.push(
      finding(
        skill,
        'info',
        'skill/too-many-tokens',
        `The body is some ${tokens} tokens (${skill.body.length} characters at ${CHARS_PER_TOKEN} a token); the specification recommends under ${BODY_MAX_TOKENS}, loaded whole whenever the skill is used. Split detail into referenced files.`,
        { line: skill.bodyLine, column: 1 },
      ),
    );
  return findings;
};
