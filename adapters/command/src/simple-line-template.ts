import { tokenize } from './template.js';
import { BUILTIN_NAMES } from './template-vars.js';

/** The variable every simple-mode call gets for what a contract-mode template variable would hold. */
const ENV_FOR: Record<string, string> = {
  prompt: 'SKILL_EVAL_PROMPT',
  workspace: 'SKILL_EVAL_WORKSPACE',
  input_file: 'SKILL_EVAL_INPUT_FILE',
  output_file: 'SKILL_EVAL_OUTPUT_FILE',
  model: 'SKILL_EVAL_MODEL',
  case_id: 'SKILL_EVAL_CASE_ID',
  variant: 'SKILL_EVAL_VARIANT',
  max_turns: 'SKILL_EVAL_MAX_TURNS',
  timeout_seconds: 'SKILL_EVAL_TIMEOUT_SECONDS',
};

/**
 * The first contract-mode template variable (`${prompt}`, `${kwargs.x}`) a simple-mode line uses, with what to write
 * instead. A simple line goes to the shell as written, and the shell expands such a name to nothing: the program
 * would run without its prompt, and nothing would say so.
 */
export function simpleLineTemplate(commandLine: string): { raw: string; instead: string } | undefined {
  for (const part of tokenize(commandLine)) {
    if (typeof part === 'string') continue;
    if (!BUILTIN_NAMES.has(part.name) && !part.name.startsWith('kwargs.')) continue;
    const env = ENV_FOR[part.name];
    return {
      raw: part.raw,
      instead: env
        ? `write "$${env}" (set for every call) instead, or give args to use contract mode`
        : 'give args (or mode: contract) to use contract mode, where template variables are filled in',
    };
  }
  return undefined;
}
