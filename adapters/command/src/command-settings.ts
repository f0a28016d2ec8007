import { parsePluginSettings, SkillEvalError } from '@skill-eval/core';
import * as z from 'zod';
import { looksLikeCredential } from './secret-rules.js';
import { simpleLineTemplate } from './simple-line-template.js';
import { commandLineProblem } from './template.js';
import { BUILTIN_NAMES } from './template-vars.js';

// `--ek key=value` delivers strings: lists take JSON or whitespace/commas, maps JSON or `A=1,B=2`, booleans words.
const parseJson = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
const stringList = (split: RegExp) =>
  z.preprocess(
    (value) =>
      typeof value !== 'string'
        ? value
        : value.trim().startsWith('[')
          ? parseJson(value)
          : value
              .split(split)
              .map((item) => item.trim())
              .filter(Boolean),
    z.array(z.coerce.string()),
  );
const MAP_FORMS = 'expected a JSON object ({"A":"1"}) or NAME=value pairs (A=1,B=2)';
const stringMap = z.preprocess(
  (value, ctx) => {
    if (typeof value !== 'string') return value;
    const problem = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    if (value.trim().startsWith('{')) {
      const parsed = parseJson(value);
      return parsed === value ? problem(`${MAP_FORMS}; ${JSON.stringify(value)} is not valid JSON`) : parsed;
    }
    const pairs = value.split(',').filter((pair) => pair.trim());
    // A pair without its `=` would become a made-up name (the value cut short) holding the whole text.
    const bare = pairs.find((pair) => pair.indexOf('=') <= 0);
    if (bare !== undefined) return problem(`${MAP_FORMS}; ${JSON.stringify(bare.trim())} has no NAME=`);
    return Object.fromEntries(
      pairs.map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1)]),
    );
  },
  z.record(z.string().regex(/^[A-Za-z_][\w.-]*$/, 'must be a plain name'), z.coerce.string()),
);
const flag = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(word)) return true;
  if (['false', '0', 'no', 'off', ''].includes(word)) return false;
  return value;
}, z.boolean());

export const CommandSettingsSchema = z
  .object({
    /** `simple`: `command` is a shell line, prompt on stdin. `contract`: skill-up's custom engine. Default: `contract` when `args` or `responseFormat: session_result` is set. */
    mode: z.enum(['simple', 'contract']).optional(),
    /** Simple mode: a shell command line run with `sh -c`. Contract mode: the executable. */
    command: z.string({ error: 'is required, e.g. --ek command=./my-agent.sh' }).min(1),
    /** Contract mode: arguments, templated (`${workspace}`, `${input_file}`, `${kwargs.x}`, `${VAR:-default}`). */
    args: stringList(/\s+/).optional(),
    /** `text`: stdout is the answer. `session_result`: a SessionResult JSON in `${output_file}` (else stdout). */
    responseFormat: z.enum(['text', 'session_result']).optional(),
    /** Extra child environment; values may reference `${VAR}` of skill-eval's own environment — the only way secrets reach the command. */
    env: stringMap.default({}),
    /** Non-secret knobs, exposed as `${kwargs.<key>}` and in the SessionInput. */
    kwargs: stringMap.default({}),
    /** Where skills are staged, relative to the workspace. */
    skillRoots: stringList(/[\s,]+/).default(['.agents/skills']),
    /** Allows the command to run. The CLI sets it for a command given on its command line, and from `--trust` for one from an eval file. */
    trusted: flag.default(false),
    /** Model passed as `${model}` / SKILL_EVAL_MODEL when the case chose none. */
    model: z.string().min(1).optional(),
    /** Limit per call in seconds; the smaller of this and the case timeout wins. */
    timeoutSeconds: z.coerce.number().positive().optional(),
    /** Directory a relative program path (`./my-agent.sh`) is taken from; default: where skill-eval was started. */
    baseDir: z.string().min(1).optional(),
  })
  .strict();

export type CommandSettings = z.infer<typeof CommandSettingsSchema>;

/** The mode the settings select. */
export function commandMode(
  settings: Pick<CommandSettings, 'mode' | 'args' | 'responseFormat'>,
): 'simple' | 'contract' {
  return (
    settings.mode ??
    (settings.args !== undefined || settings.responseFormat === 'session_result' ? 'contract' : 'simple')
  );
}

/** The response format, defaulting per mode as skill-up does for its contract. */
export function responseFormat(settings: CommandSettings): 'text' | 'session_result' {
  return settings.responseFormat ?? (commandMode(settings) === 'contract' ? 'session_result' : 'text');
}

const bad = (field: string, why: string) =>
  new SkillEvalError('BAD_INPUT', `Invalid settings for command: ${field} must not carry a secret: ${why}.`, {
    hint: "Secrets reach the command only through the env setting, e.g. env: { OPENAI_API_KEY: '${OPENAI_API_KEY}' }; read them from the environment in your program.",
  });

/** Rejects secrets in argv-like fields the way skill-up does at config load. */
function checkSecrets(settings: CommandSettings): void {
  const simple = commandMode(settings) === 'simple';
  const commandProblem = commandLineProblem(settings.command, BUILTIN_NAMES, simple);
  if (commandProblem) throw bad('command', commandProblem);
  for (const [index, arg] of (settings.args ?? []).entries()) {
    const problem = commandLineProblem(arg, BUILTIN_NAMES);
    if (problem) throw bad(`args[${index}] (${JSON.stringify(arg)})`, problem);
  }
  // kwargs are rendered into command lines through ${kwargs.<key>}, so they get the same treatment.
  for (const [key, value] of Object.entries(settings.kwargs)) {
    const problem = commandLineProblem(value, BUILTIN_NAMES);
    if (problem) throw bad(`kwargs.${key}`, problem);
  }
  for (const [key, value] of Object.entries(settings.env)) {
    if (looksLikeCredential(value)) {
      throw new SkillEvalError('BAD_INPUT', `Invalid settings for command: env.${key} holds a literal credential.`, {
        hint: `Reference it from skill-eval's environment instead: ${key}: '\${${key}}'.`,
      });
    }
  }
}

/** Refuses a simple-mode line that uses a template variable, which only contract mode fills in. */
function checkSimpleLine(settings: CommandSettings): void {
  if (commandMode(settings) !== 'simple') return;
  const template = simpleLineTemplate(settings.command);
  if (!template) return;
  throw new SkillEvalError(
    'BAD_INPUT',
    `Invalid settings for command: command uses ${template.raw}, a template variable of contract mode; in simple mode the line goes to /bin/sh as written, which expands it to nothing.`,
    { hint: `In the command line, ${template.instead}.` },
  );
}

export function parseCommandSettings(raw: unknown): CommandSettings {
  const settings = parsePluginSettings('command', CommandSettingsSchema, raw);
  checkSecrets(settings);
  checkSimpleLine(settings);
  return settings;
}
