import type { Dialect } from './dialect.js';
import { lookupVar, renderTemplate } from './template.js';

// How AgentV puts a test's vars into its input, at the version a file is written for.
//
// AgentV 4.42.4, packages/core/src/evaluation/interpolation.ts (tag v4.42.4, interpolateTemplateVars, lines 118-148):
// the context is the vars alone (`{{ vars.x }}` finds nothing), a reference it cannot resolve stays as written, and
// an object or list is written as JSON.
//
// AgentV 5 (from v5.1.0-next.1; packages/core/src/evaluation/interpolation.ts at f0c5db805c20d83a2e01d6b4e0e9bc9e5c7618a0,
// interpolateTemplateVars, lines 132-162): nunjucks with the context `{ ...vars, vars }` (line 138), so `{{ name }}` and
// `{{ vars.name }}` both resolve; `throwOnUndefined: false` (line 50) renders what is not set as nothing, and nunjucks
// writes an object as "[object Object]" and a list joined by commas. In both versions a value that is one reference
// alone takes the var's own value (a list stays a list).

const V4_WHOLE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}$/;
const V4_ANY = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;
const V5_WHOLE = /^\s*\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*\}\}\s*$/;

const clone = (value: unknown): unknown => structuredClone(value);

/** How nunjucks writes a value into text (`suppressValue`: null and undefined are empty, the rest `String(v)`). */
const nunjucksText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function renderV4(text: string, vars: Record<string, unknown>): unknown {
  const whole = V4_WHOLE.exec(text);
  if (whole) {
    const resolved = lookupVar(vars, whole[1]!);
    return resolved === undefined ? text : clone(resolved);
  }
  return text.replace(V4_ANY, (match, name: string) => {
    const resolved = lookupVar(vars, name);
    if (resolved === undefined) return match;
    return typeof resolved === 'string' ? resolved : JSON.stringify(resolved);
  });
}

function renderV5(text: string, vars: Record<string, unknown>): unknown {
  const context = { ...vars, vars };
  const whole = V5_WHOLE.exec(text);
  if (whole) {
    const resolved = lookupVar(context, whole[1]!);
    if (resolved !== undefined) return clone(resolved);
  }
  return text.includes('{{') ? renderTemplate(text, context, nunjucksText).text : text;
}

/** Every string inside a value (message lists, content parts) rendered with the vars, as the dialect's AgentV does. */
export function interpolateVars(value: unknown, vars: Record<string, unknown>, dialect: Dialect): unknown {
  if (typeof value === 'string') return dialect === 'agentv-4' ? renderV4(value, vars) : renderV5(value, vars);
  if (Array.isArray(value)) return value.map((v) => interpolateVars(v, vars, dialect));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateVars(v, vars, dialect)]));
  return value;
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** AgentV 5's `isTestMessage` (packages/core/src/evaluation/types.ts at f0c5db805c20, lines 148-177). */
export function isTestMessage(value: unknown): boolean {
  if (!isPlainObject(value) || typeof value.role !== 'string' || !ROLES.has(value.role)) return false;
  const content = value.content;
  if (typeof content === 'string') return true;
  if (Array.isArray(content) && content.every((item) => typeof item === 'string' || isPlainObject(item))) return true;
  if (Array.isArray(value.tool_calls) && value.tool_calls.length > 0) return true;
  return isPlainObject(content);
}

/**
 * A rendered input text that is a JSON list of chat messages, as AgentV 5 reads it: `expandInputShorthand` turns a
 * string input into messages when `parseChatArrayPrompt` accepts it (packages/core/src/evaluation/loaders/
 * shorthand-expansion.ts at f0c5db805c20, lines 31-36 and 57-72; since v5.1.0-next.1). This is how a JSON chat
 * prompt file, read as text, becomes its system and user messages. Otherwise undefined.
 */
export function chatMessagesIn(text: string): Record<string, unknown>[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
    return parsed.every(isTestMessage) ? (parsed as Record<string, unknown>[]) : undefined;
  } catch {
    return undefined;
  }
}

/** AgentV 5's `stablePromptId` (yaml-parser.ts at f0c5db805c20, lines 549-551): 12 hex digits of the JSON's sha256. */
export function stablePromptId(value: unknown): string {
  // Taken here, not imported: reading a suite seldom needs it, and node:crypto is some 6 ms to load.
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);
}

/** AgentV 5's `safePromptId` (yaml-parser.ts at f0c5db805c20, lines 561-567). */
export function safePromptId(value: string): string {
  const safe = value
    .trim()
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return safe.length > 0 ? safe.slice(0, 48) : stablePromptId(value);
}

/**
 * The id suffix of a test expanded over several prompts: `__prompt_<safe prompt id>`, as AgentV 5's
 * `expandPromptMatrix` names it (yaml-parser.ts at f0c5db805c20, lines 1165-1167; `prompts` came in v5.1.0-next.1).
 */
export const promptIdSuffix = (promptId: string) => `__prompt_${safePromptId(promptId)}`;

/** What `resolveFileReference` shows of a path, and the prompt's id (file-utils.ts at f0c5db805c20, lines 127-143). */
export function promptFileId(ref: string): string {
  const raw = ref.startsWith('file://') ? ref.slice('file://'.length) : ref;
  const trimmed = raw.replace(/^[/\\]+/, '');
  return trimmed.length > 0 ? trimmed : raw;
}
