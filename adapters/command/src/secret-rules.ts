/**
 * skill-up's rules for keeping credentials off command lines (`internal/config/customengine.go`):
 * a command line may not name a secret-like variable, nor carry a value shaped like a well-known credential.
 */

/** Variable names that look like credentials; the underscore bounds avoid false hits like MONKEY_PATH. */
const SENSITIVE_NAME = /(^|_)(API_?KEY|ACCESS_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|AUTHORIZATION)(_|$)/i;

/** Well-known credential shapes (vendor key prefixes, JWTs). Conservative on purpose: paths and URLs pass. */
const CREDENTIAL_SHAPES: readonly RegExp[] = [
  /(?:^|[^A-Za-z0-9_])sk-[A-Za-z0-9_-]{16,}/,
  /(?:^|[^A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{20,}/,
  /(?:^|[^A-Za-z0-9_])AIza[A-Za-z0-9_-]{20,}/,
  /(?:^|[^A-Za-z0-9_])xox[abposr]-[A-Za-z0-9-]{10,}/,
  /(?:^|[^A-Za-z0-9_])(?:AKIA|ASIA)[A-Z0-9]{16}/,
  /(?:^|[^A-Za-z0-9_])ey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/,
];

/** Template variables that carry (or may carry) a credential. */
const SENSITIVE_BUILTINS = new Set(['api_key', 'kwargs', 'kwargs_json', 'session_input', 'session_input_json']);

/** `apiKey`, `api-key`, `bearerToken` → `API_KEY`, `API_KEY`, `BEARER_TOKEN`, so the name rule sees them. */
export function normalizeKeyName(key: string): string {
  return key
    .replace(/[^\p{L}\p{N}]/gu, '_')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1_$2')
    .toUpperCase();
}

/** True for a variable name that looks like a credential (`OPENAI_API_KEY`, `GH_TOKEN`, `apiKey`). */
export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(normalizeKeyName(name));
}

/** True for a value shaped like a well-known credential (`sk-…`, `ghp_…`, `AKIA…`, a JWT). */
export function looksLikeCredential(value: string): boolean {
  return value !== '' && CREDENTIAL_SHAPES.some((shape) => shape.test(value));
}

/** True for a template variable that must not reach a command line. */
export function isSensitiveTemplateName(name: string): boolean {
  if (SENSITIVE_BUILTINS.has(name)) return true;
  if (name.startsWith('kwargs.')) return isSensitiveName(name.slice('kwargs.'.length));
  return false;
}
