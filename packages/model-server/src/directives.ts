import type { FakeResponse, FakeToolCall } from './script.js';

const OPENER = /\[\[(tool|call|custom|pre|reason|text|http):/g;

/**
 * Turns `[[…]]` directives in the user text into a conversation, for ad-hoc manual runs:
 * `[[tool:NAME {json}]]` / `[[call:NAME {json}]]` (one tool call per model turn, in order),
 * `[[custom:NAME]]raw[[/custom]]` (a custom tool call), `[[pre:…]]` (text before each tool call),
 * `[[reason:…]]` (reasoning on every turn), `[[text:…]]` (final answer), `[[http:CODE]]` (error).
 * Tool turns are only scripted when the request offers tools, so side requests get the final text.
 * Returns undefined when the text holds no directive.
 */
export function directiveResponses(text: string, hasTools: boolean): FakeResponse[] | undefined {
  const calls: FakeToolCall[] = [];
  let pre: string | undefined;
  let reasoning: string | undefined;
  let final: string | undefined;
  let found = false;
  OPENER.lastIndex = 0;
  for (let match = OPENER.exec(text); match; match = OPENER.exec(text)) {
    found = true;
    const kind = match[1]!;
    const start = OPENER.lastIndex;
    const parsed = kind === 'tool' || kind === 'call' ? parseCall(text, start) : parseCustomOrText(kind, text, start);
    if ('problem' in parsed) return [badDirective(parsed.problem)];
    OPENER.lastIndex = parsed.end;
    if (kind === 'http') {
      const status = Number(parsed.value);
      if (!Number.isInteger(status) || status < 400 || status > 599) return [badDirective(`[[http:${parsed.value}]]`)];
      return [{ error: { status, message: `fake ${status}` } }];
    }
    if (kind === 'pre') pre = parsed.value;
    else if (kind === 'reason') reasoning = parsed.value;
    else if (kind === 'text') final = parsed.value;
    else if ('call' in parsed && parsed.call) calls.push(parsed.call);
  }
  if (!found) return undefined;
  const shared = reasoning === undefined ? {} : { reasoning };
  const toolTurns = hasTools
    ? calls.map((call) => ({ ...shared, ...(pre ? { text: pre } : {}), toolCalls: [call] }))
    : [];
  return [...toolTurns, { ...shared, text: final ?? 'OK' }];
}

type Parsed = { end: number; value?: string; call?: FakeToolCall } | { problem: string };

function parseCall(text: string, start: number): Parsed {
  const name = /^[^\s\]]+/.exec(text.slice(start))?.[0];
  if (!name) return { problem: 'a tool directive needs a name' };
  let at = skipSpace(text, start + name.length);
  let input: Record<string, unknown> = {};
  if (text[at] === '{') {
    const end = jsonObjectEnd(text, at);
    try {
      input = JSON.parse(text.slice(at, end));
    } catch {
      return { problem: `[[tool:${name} …]] has invalid JSON` };
    }
    at = skipSpace(text, end);
  }
  if (!text.startsWith(']]', at)) return { problem: `[[tool:${name} …]] is not closed with ]]` };
  return { end: at + 2, call: { name, input } };
}

function parseCustomOrText(kind: string, text: string, start: number): Parsed {
  const close = text.indexOf(']]', start);
  if (close < 0) return { problem: `[[${kind}:…]] is not closed with ]]` };
  const value = text.slice(start, close);
  if (kind !== 'custom') return { end: close + 2, value };
  const endTag = text.indexOf('[[/custom]]', close + 2);
  if (endTag < 0) return { problem: `[[custom:${value}]] needs a closing [[/custom]]` };
  return { end: endTag + 11, call: { name: value, input: text.slice(close + 2, endTag), custom: true } };
}

/** Index just past the `}` that closes the object starting at `start` (string-aware). */
function jsonObjectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

function badDirective(problem: string): FakeResponse {
  return { error: { status: 400, type: 'invalid_request_error', message: `fake model: bad directive: ${problem}` } };
}
