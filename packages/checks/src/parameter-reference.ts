import { CHECK_ALIASES } from './alias-checks.js';
import { CHECK_CATALOGUE } from './catalogue.js';
import type { CheckSpec } from './check-spec.js';
import { COMMON_PARAMS, UNSUPPORTED_PARAMS } from './common-params.js';
import { UNSUPPORTED_CHECK_TYPES } from './unsupported-check-types.js';

const ORIGIN_NAMES = { 'skill-eval': 'skill-eval', promptfoo: 'promptfoo', agentv: 'AgentV' } as const;

/** `|` inside a table cell would end it. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function needed(spec: CheckSpec, key: string): string {
  for (const need of spec.needs ?? []) {
    if (need === key) return ' (required)';
    if (typeof need !== 'string' && need.includes(key)) return ` (one of ${need.map((k) => `\`${k}\``).join(', ')})`;
  }
  return '';
}

function typeSection(type: string, spec: CheckSpec): string[] {
  const origins = spec.origins.map((o) => ORIGIN_NAMES[o]).join(', ');
  const lines = [`### \`${type}\``, '', `${sentence(cell(spec.summary))}. Written by: ${origins}.`, ''];
  const params = Object.entries(spec.params);
  if (params.length > 0) {
    lines.push('| parameter | what to write |', '|---|---|');
    for (const [key, schema] of params)
      lines.push(`| \`${key}\`${needed(spec, key)} | ${cell(schema.description ?? '')} |`);
    lines.push('');
  }
  for (const [key, why] of Object.entries(spec.unsupported ?? {})) lines.push(`\`${key}\` is refused: ${why}.`, '');
  if (spec.extraKeys === 'keep')
    lines.push('Other keys are passed on as they are (AgentV sends them to the grader as `config`).', '');
  return lines;
}

/**
 * The parameter reference of every check type, as Markdown: the parameters every check takes, each type of the
 * catalogue with its own, the promptfoo and AgentV names read as them, and the types skill-eval cannot grade.
 */
export function renderParameterReference(): string {
  const lines = [
    '# Check types and their parameters',
    '',
    '<!-- Generated from the check catalogue (packages/checks) by `pnpm docs:checks`; edit the catalogue, not this file. -->',
    '',
    'Every format turns its assertions into these checks. `skill-eval validate` checks each against this catalogue when',
    'the file loads: a parameter of the wrong kind, or a missing one, is an error at its line saying what to write; a',
    'parameter the type does not take is a warning naming the closest one it does.',
    '',
    '## Every check',
    '',
    '| parameter | what to write |',
    '|---|---|',
    ...Object.entries(COMMON_PARAMS).map(([key, schema]) => `| \`${key}\` | ${cell(schema.description ?? '')} |`),
    '',
    ...Object.entries(UNSUPPORTED_PARAMS).map(
      ([key, { severity, why }]) => `- \`${key}\` ${why} (${severity === 'error' ? 'an error' : 'a warning'}).`,
    ),
    '',
    '## Types',
    '',
    ...Object.entries(CHECK_CATALOGUE).flatMap(([type, spec]) => typeSection(type, spec)),
    '## promptfoo and AgentV names',
    '',
    'Read as the check they mean, with their own parameters:',
    '',
    ...Object.entries(CHECK_ALIASES).flatMap(([type, spec]) => typeSection(type, spec)),
    '## Types skill-eval cannot grade',
    '',
    '| type | why, and what to use instead |',
    '|---|---|',
    ...Object.entries(UNSUPPORTED_CHECK_TYPES).map(([type, why]) => `| \`${type}\` | ${cell(why)} |`),
    '',
  ];
  return lines.join('\n');
}
