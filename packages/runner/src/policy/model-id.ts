import type { PolicyEntry } from './policy-types.js';

/**
 * A plain model id, as providers and agent CLIs spell them: `claude-sonnet-4-5`, `openai/gpt-5`, `gemini-2.5-pro`,
 * `us.anthropic.claude-sonnet-4-5-v1:0`, `claude-3-5-sonnet@20240620`, `claude-sonnet-4-5[1m]`, SkillKit's
 * `anthropic://claude-sonnet-4-6`. It starts with a letter or a digit and holds no space, `=` or quote.
 */
const PLAIN_MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/@[\]-]*$/;

/**
 * A model name is handed to the agent CLI on its command line; a value that is no plain model id (`--attach=http://…`)
 * could be read there as an option of that CLI — opencode's `--attach` sends the whole session to the server it names.
 */
export const notPlainModelId = (value: unknown): boolean =>
  value !== undefined && value !== null && (typeof value !== 'string' || !PLAIN_MODEL_ID.test(value));

/** {@link notPlainModelId} in words, for the table's `when`. */
export const NOT_PLAIN_MODEL_ID =
  'it is no plain model id (letters, digits and `._:/@[]-`, starting with a letter or digit)';

/** Why a model name is powerful, in the words of a message. */
export const MODEL_ON_COMMAND_LINE =
  "is handed to the agent's CLI on its command line, where anything but a plain model id could read as an option of that CLI (opencode's --attach would send the session to the server it names)";

/** A row's power over a model name: the same whether an eval file's field or an engine setting names it. */
export const MODEL_NAME_POWER: Pick<PolicyEntry, 'power' | 'powerfulWhen' | 'when'> = {
  power: 'starts-program',
  powerfulWhen: notPlainModelId,
  when: NOT_PLAIN_MODEL_ID,
};
