import { finding, type SkillRule } from '../skill-rule.js';
import { CLAUDE_CODE_KEYS, SPEC_KEYS } from '../spec-limits.js';

const spec: readonly string[] = SPEC_KEYS;

/**
 * Keys the specification does not define. skills-ref and quick_validate.py refuse them (validator.py:104-115,
 * quick_validate.py:44-50), but the specification itself only lists its own (specification.mdx:25-32) and agents read
 * more — so a key Claude Code reads (`when_to_use`, `model`, …) is a note, and any other a warning: no agent reads it.
 */
export const frontmatterKeys: SkillRule = (skill) => {
  const frontmatter = skill.frontmatter;
  if (!frontmatter) return [];
  return Object.keys(frontmatter.data)
    .filter((key) => !spec.includes(key))
    .map((key) =>
      CLAUDE_CODE_KEYS.includes(key)
        ? finding(
            skill,
            'info',
            'skill/key-not-in-spec',
            `\`${key}\` is read by Claude Code but is not an Agent Skills key: other agents ignore it, and skills-ref and skill-creator's quick_validate.py refuse the skill for it.`,
            frontmatter.keyAt(key),
          )
        : finding(
            skill,
            'warning',
            'skill/unknown-key',
            `Unknown frontmatter key \`${key}\`: no agent reads it, and skills-ref and quick_validate.py refuse the skill for it. The specification's keys are ${spec.join(', ')}; put anything else under \`metadata\`.`,
            frontmatter.keyAt(key),
          ),
    );
};

/** What a YAML value is, in a message. */
export const kindOf = (value: unknown): string =>
  value === null
    ? 'empty'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'a map'
        : typeof value === 'string'
          ? 'text'
          : `a ${typeof value}`;

/**
 * The types of the specification's optional keys (specification.mdx:29-32): `license` and `compatibility` are text,
 * `metadata` a map from text to text, `allowed-tools` a space-separated text. skills-ref turns metadata values into
 * text (parser.py:61-62) and Claude Code takes `allowed-tools` as a list as well, so those two are advice.
 */
export const frontmatterTypes: SkillRule = (skill) => {
  const frontmatter = skill.frontmatter;
  if (!frontmatter) return [];
  const { data } = frontmatter;
  const findings = [];
  for (const key of ['license', 'compatibility'] as const) {
    if (key in data && typeof data[key] !== 'string')
      findings.push(
        finding(
          skill,
          'error',
          'skill/wrong-type',
          `\`${key}\` is ${kindOf(data[key])}; the specification makes it text: write it as one line of text.`,
          frontmatter.valueAt(key),
        ),
      );
  }
  if ('metadata' in data) {
    const metadata = data.metadata;
    if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata))
      findings.push(
        finding(
          skill,
          'error',
          'skill/wrong-type',
          `\`metadata\` is ${kindOf(metadata)}; the specification makes it a map from keys to text (\`author: example-org\` lines indented below it).`,
          frontmatter.valueAt('metadata'),
        ),
      );
    else
      for (const [key, value] of Object.entries(metadata))
        if (typeof value !== 'string')
          findings.push(
            finding(
              skill,
              'info',
              'skill/metadata-not-text',
              `\`metadata.${key}\` is ${kindOf(value)}; the specification makes metadata values text, and skills-ref reads it as the text \`${String(value)}\`. Quote it to keep it as written.`,
              frontmatter.valueAt('metadata'),
            ),
          );
  }
  if ('allowed-tools' in data && typeof data['allowed-tools'] !== 'string')
    findings.push(
      finding(
        skill,
        Array.isArray(data['allowed-tools']) ? 'info' : 'error',
        'skill/wrong-type',
        `\`allowed-tools\` is ${kindOf(data['allowed-tools'])}; the specification makes it one space-separated text (\`Bash(git:*) Read\`)${Array.isArray(data['allowed-tools']) ? ', though Claude Code reads a list too' : ''}.`,
        frontmatter.valueAt('allowed-tools'),
      ),
    );
  return findings;
};
