import { SkillEvalError } from './errors.js';
import { mapStrings } from './map-strings.js';
import { REDACTED, redactText, secretParts, secretValues } from './secrets.js';

/**
 * Copies a value with every secret replaced in its strings and keys (returning what holds none as it is); `inert`
 * when there is no secret to replace. `text` redacts one string; `secrets` are the values replaced, for what redacts
 * files. The one redaction path: results, transcripts, artifacts, run.json, cases.json, what reporters see and what
 * the CLI prints all go through one of these.
 */
export type Redactor = (<T>(value: T) => T) & {
  readonly inert: boolean;
  readonly secrets: readonly string[];
  text(text: string): string;
};

/** A redactor of `secrets` (longest first, as {@link secretValues} gives them). */
export function createRedactor(secrets: readonly string[]): Redactor {
  const text = secrets.length === 0 ? (s: string) => s : (s: string) => redactText(s, secrets);
  const redact = secrets.length === 0 ? <T>(value: T) => value : <T>(value: T) => mapStrings(value, text);
  return Object.assign(redact, { inert: secrets.length === 0, secrets, text });
}

/** The redactor of the secrets in `env` (values of variables named like keys, tokens, secrets, passwords). */
export const redactorOf = (env: Record<string, string | undefined>): Redactor => createRedactor(secretValues(env));

/**
 * A string of a redacted value that held secrets: where it is (keys and indexes from the value's top) and, for each
 * `[REDACTED]` in it from left to right, the variable whose value it replaced — null where the text itself said
 * `[REDACTED]`. Names, never values: what a later run needs to take the values again from its environment.
 */
export interface Redaction {
  path: (string | number)[];
  variables: (string | null)[];
}

/**
 * `value` redacted of the secrets in `env`, with where each secret was, so that {@link restoreRedacted} can put the
 * values back from the environment later (`run --resume` of a run whose `--ek` held a key): nothing secret is kept.
 */
export function redactRecorded<T>(
  value: T,
  env: Record<string, string | undefined>,
): { value: T; redactions: Redaction[] } {
  const secrets = secretValues(env);
  if (secrets.length === 0) return { value, redactions: [] };
  const nameOf = new Map<string, string>();
  for (const [name, secret] of Object.entries(env)) if (secret && !nameOf.has(secret)) nameOf.set(secret, name);
  const redactions: Redaction[] = [];
  const redacted = mapStrings(value, (text, path, isKey) => {
    // Keys are not restored: a secret as a key is redacted like anywhere else, and stays so.
    if (isKey) return redactText(text, secrets);
    const parts = secretParts(text, secrets);
    if (!parts.some((part) => typeof part !== 'string')) return text;
    const variables = parts.flatMap((part) =>
      typeof part === 'string'
        ? part
            .split(REDACTED)
            .slice(1)
            .map(() => null)
        : [nameOf.get(part.secret)!],
    );
    redactions.push({ path: [...path], variables });
    return parts.map((part) => (typeof part === 'string' ? part : REDACTED)).join('');
  });
  return { value: redacted, redactions };
}

/**
 * `value` (as {@link redactRecorded} gave it) with each recorded secret taken again from `env`. A variable that is
 * no longer set, or a string that no longer has the `[REDACTED]`s recorded, is an error naming what to do — the
 * caller would otherwise run with `[REDACTED]` as a setting. `what` names the value for messages (`run.json`).
 */
export function restoreRedacted<T>(
  value: T,
  redactions: readonly Redaction[],
  env: Record<string, string | undefined>,
  what: string,
): T {
  let restored: unknown = structuredClone(value);
  for (const { path, variables } of redactions) {
    const text = path.reduce<unknown>(
      (at, key) => (at as Record<string | number, unknown> | undefined)?.[key],
      restored,
    );
    const pieces = typeof text === 'string' ? text.split(REDACTED) : [];
    if (pieces.length !== variables.length + 1) {
      throw new SkillEvalError(
        'BAD_INPUT',
        `${what} was changed: ${path.join('.')} no longer holds the secrets it held.`,
        {
          hint: 'Start a new run instead.',
        },
      );
    }
    const missing = variables.filter((name): name is string => name !== null && !env[name]);
    if (missing.length) {
      throw new SkillEvalError(
        'USAGE',
        `${what} holds ${path.join('.')} with the value of ${missing.map((name) => `$${name}`).join(', ')}, which was redacted when it was written and is not set now.`,
        { hint: `Set ${missing.join(', ')} as it was when the run started, then run the command again.` },
      );
    }
    let whole = pieces[0]!;
    variables.forEach((variable, i) => {
      whole += `${variable === null ? REDACTED : env[variable]}${pieces[i + 1]}`;
    });
    restored = setAt(restored, path, whole);
  }
  return restored as T;
}

function setAt(value: unknown, path: readonly (string | number)[], text: string): unknown {
  if (path.length === 0) return text;
  const [key, ...rest] = path;
  (value as Record<string | number, unknown>)[key!] = setAt(
    (value as Record<string | number, unknown>)[key!],
    rest,
    text,
  );
  return value;
}
