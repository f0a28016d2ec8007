import type { FakeResponse } from './script.js';

/**
 * The agent's working directory as the request states it: Claude Code's and engine-anthropic's
 * "Primary working directory: X" line, or codex's `<cwd>X</cwd>` environment context.
 */
export function workingDirectory(bodyText: string): string | undefined {
  const match = /Primary working directory: ([^\s"\\]+)/.exec(bodyText) ?? /<cwd>([^<"\\]+)<\/cwd>/.exec(bodyText);
  return match?.[1];
}

/** `{{skill:<prefix>}}` in a scripted input. */
const SKILL_PLACEHOLDER = /\{\{skill:([A-Za-z0-9_.:-]+)\}\}/g;

/**
 * The skill the request lists under a name that starts with `prefix`: the longest such name (letters, digits and
 * `_ . : -`) in its text. A harness that stages a skill under a name of its own making (skill-creator's run_eval.py
 * lists `<name>-skill-<8 hex>`) is answered with that name; undefined when the request holds none.
 */
export function skillNamed(prefix: string, bodyText: string): string | undefined {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let longest: string | undefined;
  for (const [found] of bodyText.matchAll(new RegExp(`(?<![A-Za-z0-9_.:-])${escaped}[A-Za-z0-9_.:-]*`, 'g'))) {
    // A listing's `name: description` or a sentence's full stop is no part of the name.
    const name = found.replace(/[.:]+$/, '');
    if (name.length >= prefix.length && (longest === undefined || name.length > longest.length)) longest = name;
  }
  return longest;
}

function fill(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((item) => fill(item, replace));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, replace)]));
  }
  return value;
}

/**
 * Fills scripted tool-call inputs from the request: `{{cwd}}` with its working directory, so one script can name
 * absolute paths (Claude Code's Write needs them) in a workspace made at run time, and `{{skill:<prefix>}}` with the
 * name of the skill it lists under that prefix ({@link skillNamed}). A placeholder the request cannot fill stays.
 */
export function fillPlaceholders(response: FakeResponse, bodyText: string): FakeResponse {
  if (!response.toolCalls?.length) return response;
  const cwd = workingDirectory(bodyText);
  const replace = (text: string) => {
    const filled = cwd === undefined ? text : text.replaceAll('{{cwd}}', cwd);
    return filled.replace(SKILL_PLACEHOLDER, (whole, prefix: string) => skillNamed(prefix, bodyText) ?? whole);
  };
  const toolCalls = response.toolCalls.map((call) => ({
    ...call,
    input: fill(call.input, replace) as typeof call.input,
  }));
  const changed = toolCalls.some(
    (call, i) => JSON.stringify(call.input) !== JSON.stringify(response.toolCalls![i]!.input),
  );
  return changed ? { ...response, toolCalls } : response;
}
