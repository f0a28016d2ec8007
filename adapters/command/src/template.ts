import { isSensitiveName, isSensitiveTemplateName, looksLikeCredential } from './secret-rules.js';

/** One `${…}` reference: `${name}`, `${name:-default}` or `${name?message}`. */
export interface TemplateToken {
  /** The whole reference as written. */
  raw: string;
  name: string;
  /** Set for `${name:-default}`: used when the variable is missing or empty. */
  fallback?: string;
  /** Set for `${name?message}`: the error when the variable is missing or empty. */
  required?: string;
}

/** Template variables skill-eval provides to a command (`${workspace}`, `${kwargs.x}`, …). */
export type TemplateVars = Record<string, string>;

/** Thrown for a template that cannot be rendered; the engine turns it into BAD_INPUT naming the field. */
export class TemplateError extends Error {}

function parseToken(inner: string, raw: string): TemplateToken {
  const dash = inner.indexOf(':-');
  const question = inner.indexOf('?');
  if (dash > 0 && (question < 0 || dash < question)) {
    return { raw, name: inner.slice(0, dash).trim(), fallback: inner.slice(dash + 2) };
  }
  if (question > 0) return { raw, name: inner.slice(0, question).trim(), required: inner.slice(question + 1) };
  return { raw, name: inner.trim() };
}

/** The text split into literal strings and `${…}` tokens; an unterminated `${` stays literal. */
export function tokenize(text: string): (string | TemplateToken)[] {
  const parts: (string | TemplateToken)[] = [];
  let rest = text;
  for (let open = rest.indexOf('${'); open >= 0; open = rest.indexOf('${')) {
    const close = rest.indexOf('}', open);
    if (close < 0) break;
    if (open > 0) parts.push(rest.slice(0, open));
    parts.push(parseToken(rest.slice(open + 2, close), rest.slice(open, close + 1)));
    rest = rest.slice(close + 1);
  }
  if (rest) parts.push(rest);
  return parts;
}

/**
 * Why `text` may not appear on a command line, or undefined when it may: it names a secret-like variable
 * (`${OPENAI_API_KEY}`, `${kwargs.token}`, `${api_key}`), bakes a credential-shaped default, or is one.
 * `shellRefs` also checks plain `$NAME` references, for lines a shell will expand.
 */
export function commandLineProblem(text: string, builtins: ReadonlySet<string>, shellRefs = false): string | undefined {
  for (const part of tokenize(text)) {
    if (typeof part === 'string') {
      if (!shellRefs) continue;
      for (const match of part.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)) {
        if (isSensitiveName(match[1]!)) return `it references $${match[1]}, a secret-like variable`;
      }
      continue;
    }
    const builtin = builtins.has(part.name) || part.name.startsWith('kwargs.');
    if (builtin ? isSensitiveTemplateName(part.name) : isSensitiveName(part.name)) {
      return `it references ${part.raw}, a secret-like ${builtin ? 'template variable' : 'variable'}`;
    }
    if (part.fallback !== undefined && looksLikeCredential(part.fallback)) {
      return `the default of ${part.raw.replace(part.fallback, '…')} looks like a credential`;
    }
  }
  if (looksLikeCredential(text)) return 'it contains a value that looks like a credential';
  return undefined;
}

/**
 * Replaces every `${…}` in `text`: template variables first, then `lookupEnv`. A missing variable without a
 * default is an error, as in skill-up. With `strict`, a variable whose value looks like a credential is refused.
 */
export function renderTemplate(
  text: string,
  vars: TemplateVars,
  lookupEnv: (name: string) => string | undefined,
  strict = false,
): string {
  let out = '';
  for (const part of tokenize(text)) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const fromVars = Object.hasOwn(vars, part.name) ? vars[part.name] : undefined;
    const value = fromVars ?? lookupEnv(part.name);
    if (strict && fromVars === undefined && value && looksLikeCredential(value)) {
      throw new TemplateError(`variable ${part.name} holds a value that looks like a credential`);
    }
    if (value) out += value;
    else if (part.fallback !== undefined) out += part.fallback;
    else if (part.required !== undefined) throw new TemplateError(part.required || `${part.name} is required`);
    else if (fromVars !== undefined)
      continue; // a template variable may be empty (`${model}` with no model)
    else if (part.name === 'api_key') {
      throw new TemplateError(
        'skill-eval has no ${api_key}: reference the provider variable itself, e.g. OPENAI_API_KEY: ${OPENAI_API_KEY}',
      );
    } else if (part.name.startsWith('kwargs.')) {
      throw new TemplateError(`${part.raw} is not set: add it to kwargs or give a default (\${${part.name}:-…})`);
    } else throw new TemplateError(`environment variable ${part.name} is required but not set`);
  }
  return out;
}
