import type { z } from 'zod';
import {
  type Case,
  CaseSchema,
  ProjectCopySchema,
  RetryPolicySchema,
  ToolRestrictionSchema,
  UserSimulatorSpecSchema,
  WorkspaceSpecSchema,
} from './case.js';
import { EnvironmentSpecSchema } from './environment.js';
import { McpServerSchema } from './mcp.js';

/**
 * What `CaseSchema.parse(input)` gives for a case a format has just built, without zod's walk of it (the walk took
 * about a sixth of loading 10,000 cases): the same fields in the same order, defaults filled in, unknown keys of
 * closed objects dropped, those of checks kept. It takes only what it can be sure of — plain objects, finite numbers,
 * strings where strings belong — and gives `undefined` for anything else, which the caller then parses with zod (so
 * that an invalid case gets zod's own issues). Rare nested parts (an environment, MCP servers, a user simulator,
 * tools, a retry policy, a project copy, git steps) are parsed by their own schemas.
 * With SKILL_EVAL_CHECK_FAST_PATHS set (every test process) each answer is held to the parse, and a difference throws.
 */
export function conformCase(input: unknown): Case | undefined {
  let fast: Case | undefined;
  try {
    fast = readCase(input);
  } catch (error) {
    if (error !== MISS) throw error;
  }
  if (fast !== undefined && CHECKED) checkAgainstSchema(input, fast);
  return fast;
}

/** Read once: `process.env` is slow to read, and this runs for every case. */
const CHECKED = Boolean(process.env.SKILL_EVAL_CHECK_FAST_PATHS);

/** Thrown inside the fast path at the first value it is not sure of: zod decides instead. */
const MISS = new Error('not a case the fast path reads');

const SHAPE = CaseSchema.shape;
/** The schema's default, a fresh shallow copy each time, as zod fills it in. */
const defaultOf = (schema: unknown): unknown => (schema as { def: { defaultValue: unknown } }).def.defaultValue;

/** An object whose keys are only its own (as a YAML or JSON reader or a format's literal makes it). */
function plain(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw MISS;
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || Object.hasOwn(value, '__proto__')) throw MISS;
  return value as Record<string, unknown>;
}

const str = (value: unknown): string => {
  if (typeof value !== 'string') throw MISS;
  return value;
};
const nonEmpty = (value: unknown): string => {
  if (typeof value !== 'string' || value.length === 0) throw MISS;
  return value;
};
const bool = (value: unknown): boolean => {
  if (typeof value !== 'boolean') throw MISS;
  return value;
};
const num = (value: unknown, test: (n: number) => boolean): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || !test(value)) throw MISS;
  return value;
};
const fraction = (n: number) => n >= 0 && n <= 1;
const positive = (n: number) => n > 0;
const positiveInt = (n: number) => n > 0 && Number.isSafeInteger(n);
const oneOf =
  <T extends string>(...values: T[]) =>
  (value: unknown): T => {
    if (!values.includes(value as T)) throw MISS;
    return value as T;
  };

function list<T>(value: unknown, item: (value: unknown) => T): T[] {
  if (!Array.isArray(value)) throw MISS;
  const out: T[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) out[i] = item(value[i]);
  return out;
}
const strings = (value: unknown) => list(value, str);

/** A record of strings to anything: its own keys in order (no symbol keys, which zod would read too). */
function record(value: unknown, item?: (value: unknown) => unknown): Record<string, unknown> {
  const input = plain(value);
  if (Object.getOwnPropertySymbols(input).length > 0) throw MISS;
  if (!item) return { ...input };
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) out[key] = item(input[key]);
  return out;
}

/** `schema.parse(value)`, or a miss when it fails (zod then reports it in the case's own terms). */
const bySchema =
  <T>(schema: z.ZodType<T>) =>
  (value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw MISS;
    return parsed.data;
  };

/** An optional field: set when the key is there (to `undefined` when it holds that), as zod does. */
function optional(
  out: Record<string, unknown>,
  input: Record<string, unknown>,
  key: string,
  read: (v: unknown) => unknown,
) {
  if (!(key in input)) return;
  const value = input[key];
  out[key] = value === undefined ? undefined : read(value);
}

/** A field with a default: always set, to a fresh copy of the schema's default when it is undefined. */
function defaulted(
  out: Record<string, unknown>,
  input: Record<string, unknown>,
  key: keyof typeof SHAPE,
  read: (v: unknown) => unknown,
) {
  const value = input[key];
  out[key] = value === undefined ? defaultOf(SHAPE[key]) : read(value);
}

/** A field without a default that must be there. */
function required(
  out: Record<string, unknown>,
  input: Record<string, unknown>,
  key: string,
  read: (v: unknown) => unknown,
) {
  if (!(key in input)) throw MISS;
  out[key] = read(input[key]);
}

const CHECK_KEYS = new Set(['type', 'name', 'weight', 'required', 'negate', 'value']);

/** CheckSchema: its own fields first, in the schema's order, then every other key as written. */
function check(value: unknown): Record<string, unknown> {
  const input = plain(value);
  const out: Record<string, unknown> = {};
  required(out, input, 'type', nonEmpty);
  optional(out, input, 'name', str);
  optional(out, input, 'weight', (v) => num(v, (n) => n >= 0));
  optional(out, input, 'required', bool);
  optional(out, input, 'negate', bool);
  if ('value' in input) out.value = input.value;
  for (const key in input) if (!CHECK_KEYS.has(key)) out[key] = input[key];
  return out;
}
const checks = (value: unknown) => list(value, check);

function fixtureFile(value: unknown) {
  const input = plain(value);
  const out: Record<string, unknown> = {};
  required(out, input, 'from', str);
  required(out, input, 'to', str);
  return out;
}

const WORKSPACE = WorkspaceSpecSchema.shape;
function workspace(value: unknown) {
  const input = plain(value);
  const out: Record<string, unknown> = {};
  const orDefault = (key: keyof typeof WORKSPACE, read: (v: unknown) => unknown) => {
    const v = input[key];
    out[key] = v === undefined ? defaultOf(WORKSPACE[key]) : read(v);
  };
  optional(out, input, 'project', bySchema(ProjectCopySchema));
  orDefault('files', (v) => list(v, fixtureFile));
  optional(out, input, 'missingFiles', strings);
  orDefault('overlays', strings);
  orDefault('inline', (v) => record(v, str));
  orDefault('setup', strings);
  orDefault('teardown', strings);
  orDefault('artifacts', strings);
  optional(out, input, 'git', bySchema(WORKSPACE.git));
  return out;
}

function limits(value: unknown) {
  const input = plain(value);
  const out: Record<string, unknown> = {};
  optional(out, input, 'timeoutSeconds', (v) => num(v, positive));
  optional(out, input, 'maxTurns', (v) => num(v, positiveInt));
  return out;
}

function skill(value: unknown) {
  const input = plain(value);
  const out: Record<string, unknown> = {};
  required(out, input, 'name', str);
  required(out, input, 'dir', str);
  return out;
}

function source(value: unknown) {
  const input = plain(value);
  const out: Record<string, unknown> = {};
  required(out, input, 'file', str);
  optional(out, input, 'line', (v) => num(v, positiveInt));
  optional(out, input, 'column', (v) => num(v, positiveInt));
  required(out, input, 'format', str);
  optional(out, input, 'dialect', str);
  return out;
}

function readCase(value: unknown): Case {
  const input = plain(value);
  const out: Record<string, unknown> = {};
  required(out, input, 'id', nonEmpty);
  if ('rawId' in input) out.rawId = input.rawId;
  required(out, input, 'name', str);
  required(out, input, 'kind', oneOf('task', 'trigger'));
  required(out, input, 'turns', (v) => {
    const turns = strings(v);
    if (turns.length === 0) throw MISS;
    return turns;
  });
  optional(out, input, 'system', str);
  optional(out, input, 'reference', str);
  optional(out, input, 'shouldTrigger', bool);
  optional(out, input, 'triggerThreshold', (v) => num(v, fraction));
  optional(out, input, 'triggerDetection', oneOf('any-tool', 'first-tool'));
  optional(out, input, 'expectedSkill', (v) => (v === null ? null : str(v)));
  defaulted(out, input, 'gates', checks);
  defaulted(out, input, 'checks', checks);
  defaulted(out, input, 'failIf', checks);
  optional(out, input, 'threshold', (v) => num(v, fraction));
  optional(out, input, 'verdictRule', oneOf('every-check', 'mean-score'));
  defaulted(out, input, 'workspace', workspace);
  defaulted(out, input, 'limits', limits);
  optional(out, input, 'tools', bySchema(ToolRestrictionSchema));
  optional(out, input, 'runs', (v) => num(v, positiveInt));
  optional(out, input, 'retry', bySchema(RetryPolicySchema));
  defaulted(out, input, 'skills', (v) => list(v, skill));
  defaulted(out, input, 'mcpServers', (v) => list(v, bySchema(McpServerSchema)));
  optional(out, input, 'environment', bySchema(EnvironmentSpecSchema));
  optional(out, input, 'engine', str);
  optional(out, input, 'model', str);
  optional(out, input, 'judge', str);
  optional(out, input, 'userSimulator', bySchema(UserSimulatorSpecSchema));
  defaulted(out, input, 'tags', strings);
  defaulted(out, input, 'metadata', (v) => record(v));
  required(out, input, 'source', source);
  return out as Case;
}

/** Throws unless zod's parse succeeds and gives the same value: the same keys in the same order, all the way down. */
function checkAgainstSchema(input: unknown, fast: Case): void {
  const slow = CaseSchema.safeParse(input);
  const problem = !slow.success ? `the parse fails: ${slow.error.message}` : difference(fast, slow.data, 'case');
  if (problem) throw new Error(`conformCase differs from CaseSchema.parse: ${problem}`);
}

function difference(fast: unknown, slow: unknown, at: string): string | undefined {
  if (Object.is(fast, slow)) return undefined;
  if (typeof fast !== 'object' || typeof slow !== 'object' || fast === null || slow === null)
    return `${at}: ${String(fast)} against ${String(slow)}`;
  if (Array.isArray(fast) !== Array.isArray(slow)) return `${at}: a list against an object`;
  const fastKeys = Reflect.ownKeys(fast);
  const slowKeys = Reflect.ownKeys(slow);
  if (fastKeys.join() !== slowKeys.join()) return `${at}: keys ${fastKeys.join()} against ${slowKeys.join()}`;
  for (const key of fastKeys) {
    const found = difference(
      (fast as Record<PropertyKey, unknown>)[key],
      (slow as Record<PropertyKey, unknown>)[key],
      `${at}.${String(key)}`,
    );
    if (found) return found;
  }
  return undefined;
}
