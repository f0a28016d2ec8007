import { SkillEvalError } from '@skill-eval/core';

/**
 * The error for an answer that is not the API's JSON, such as a proxy's or gateway's login page sent with status 200.
 * The SDKs hand such an answer back as text, or fail reading it with a JavaScript error (`what` says which).
 */
export function unreadableAnswer(api: string, baseURL: string | undefined, what: string): SkillEvalError {
  return new SkillEvalError(
    'ENGINE_FAILED',
    `The endpoint${baseURL ? ` at ${baseURL}` : ''} answered with something that is not a ${api} response (${what}).`,
    { hint: 'Check the base URL: a proxy or a gateway may be answering in the API’s place.' },
  );
}

/** {@link unreadableAnswer} for an answer the SDK handed back as it came. */
export function unexpectedAnswer(api: string, baseURL: string | undefined, answer: unknown): SkillEvalError {
  const text = typeof answer === 'string' ? answer : (JSON.stringify(answer) ?? String(answer));
  return unreadableAnswer(api, baseURL, `it began ${JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 120))}`);
}

/** Whether `value` is an object holding an array at `key` — the least a response of the API has. */
export function hasArray(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>)[key]);
}
