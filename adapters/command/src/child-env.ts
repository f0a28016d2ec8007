import type { EngineRunInput } from '@skill-eval/core';
import type { SessionInputJson } from './session-input.js';

/** Linux refuses to start a program when one environment string passes 128 KiB; stay well below. */
const MAX_ENV_VALUE = 100_000;

/** The SKILL_EVAL_* variables of one call, and warnings for values too large to pass. */
export function skillEvalEnv(
  call: {
    prompt: string;
    previous: string;
    turn: number;
    turnCount: number;
    system?: string;
    promptFile: string;
    inputFile: string;
    outputFile: string;
  },
  session: SessionInputJson,
): { env: Record<string, string>; warnings: string[] } {
  const env: Record<string, string> = {
    SKILL_EVAL_PROMPT_FILE: call.promptFile,
    SKILL_EVAL_TURN: String(call.turn),
    SKILL_EVAL_TURN_COUNT: String(call.turnCount),
    SKILL_EVAL_WORKSPACE: session.workspace,
    SKILL_EVAL_INPUT_FILE: call.inputFile,
    SKILL_EVAL_OUTPUT_FILE: call.outputFile,
    SKILL_EVAL_CASE_ID: session.case_id,
    SKILL_EVAL_VARIANT: session.variant,
    SKILL_EVAL_TIMEOUT_SECONDS: String(session.timeout_seconds),
  };
  if (session.model) env.SKILL_EVAL_MODEL = session.model;
  if (session.max_turns !== undefined) env.SKILL_EVAL_MAX_TURNS = String(session.max_turns);
  const warnings: string[] = [];
  const large: [string, string | undefined][] = [
    ['SKILL_EVAL_PROMPT', call.prompt],
    ['SKILL_EVAL_PREVIOUS', call.previous],
    ['SKILL_EVAL_SYSTEM', call.system],
  ];
  for (const [name, value] of large) {
    if (value === undefined) continue;
    if (Buffer.byteLength(value) > MAX_ENV_VALUE) {
      warnings.push(`${name} left unset: ${Buffer.byteLength(value)} bytes is too large for the environment`);
    } else env[name] = value;
  }
  return { env, warnings };
}

/** The child environment: the runner's allowlisted env, the rendered `env` setting, then skill-eval's own. */
export function buildChildEnv(
  input: Pick<EngineRunInput, 'env' | 'home'>,
  extra: Record<string, string>,
  own: Record<string, string>,
): Record<string, string> {
  return { ...input.env, HOME: input.home, ...extra, ...own };
}
