import type * as z from 'zod';
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

/**
 * CaseSchema's and WorkspaceSpecSchema's defaults (case.ts), a fresh value each time, as zod fills them in. Written
 * out rather than read from the schemas: reading them built CaseSchema, with every schema it holds, in each command
 * that loads a case (some 7 ms). The tests hold them to the parse.
 */
const emptyWorkspace = () => ({ files: [], overlays: [], inline: {}, setup: [], teardown: [], artifacts: [] });

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
const finite = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw MISS;
  return value;
};
const fraction = (value: unknown): number => {
  const n = finite(value);
  if (n < 0 || n > 1) throw MISS;
  return n;
};
const positive = (value: unknown): number => {
  const n = finite(value);
  if (n <= 0) throw MISS;
  return n;
};
const positiveInt = (value: unknown): number => {
  const n = finite(value);
  if (n <= 0 || !Number.isSafeInteger(n)) throw MISS;
  return n;
};
const oneOf = <T extends string>(value: unknown, a: T, b: T): T => {
  if (value !== a && value !== b) throw MISS;
  return value as T;
};

/**
 * An optional field's value: zod sets an optional key whenever the input has it, to `undefined` when it holds that.
 * The callers test `key in input` and set the key themselves: one property store per site keeps the result's shape
 * the same from case to case.
 */
const opt = <T>(value: unknown, read: (v: unknown) => T): T | undefined =>
  value === undefined ? undefined : read(value);

function strings(value: unknown): string[] {
  if (!Array.isArray(value)) throw MISS;
  const out: string[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) out[i] = str(value[i]);
  return out;
}

function list<T>(value: unknown, item: (value: unknown) => T): T[] {
  if (!Array.isArray(value)) throw MISS;
  const out: T[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) out[i] = item(value[i]);
  return out;
}

/** A record of strings to anything: its own keys in order (no symbol keys, which zod would read too). */
function record(value: unknown): Record<string, unknown> {
  const input = plain(value);
  if (Object.getOwnPropertySymbols(input).length > 0) throw MISS;
  return { ...input };
}

/** A record of strings to strings. */
function stringRecord(value: unknown): Record<string, string> {
  const input = plain(value);
  if (Object.getOwnPropertySymbols(input).length > 0) throw MISS;
  const out: Record<string, string> = {};
  for (const key of Object.keys(input)) out[key] = str(input[key]);
  return out;
}

/** `schema.parse(value)`, or a miss when it fails (zod then reports it in the case's own terms). */
function bySchema<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw MISS;
  return parsed.data;
}

const CHECK_KEYS = new Set(['type', 'name', 'weight', 'required', 'negate', 'value']);

/** CheckSchema: its own fields first, in the schema's order, then every other key as written. */
function check(value: unknown): Record<string, unknown> {
  const input = plain(value);
  if (!('type' in input)) throw MISS;
  const out: Record<string, unknown> = { type: nonEmpty(input.type) };
  if ('name' in input) out.name = opt(input.name, str);
  if ('weight' in input)
    out.weight = opt(input.weight, (v) => {
      const n = finite(v);
      if (n < 0) throw MISS;
      return n;
    });
  if ('required' in input) out.required = opt(input.required, bool);
  if ('negate' in input) out.negate = opt(input.negate, bool);
  if ('value' in input) out.value = input.value;
  for (const key in input) if (!CHECK_KEYS.has(key)) out[key] = input[key];
  return out;
}
function checks(value: unknown): Record<string, unknown>[] | undefined {
  return value === undefined ? undefined : list(value, check);
}

function fixtureFile(value: unknown) {
  const input = plain(value);
  if (!('from' in input) || !('to' in input)) throw MISS;
  return { from: str(input.from), to: str(input.to) };
}

function workspace(value: unknown) {
  const input = plain(value);
  const out: Record<string, unknown> = {};
  if ('project' in input) out.project = opt(input.project, (v) => bySchema(ProjectCopySchema, v));
  out.files = input.files === undefined ? [] : list(input.files, fixtureFile);
  if ('missingFiles' in input) out.missingFiles = opt(input.missingFiles, strings);
  out.overlays = input.overlays === undefined ? [] : strings(input.overlays);
  out.inline = input.inline === undefined ? {} : stringRecord(input.inline);
  out.setup = input.setup === undefined ? [] : strings(input.setup);
  out.teardown = input.teardown === undefined ? [] : strings(input.teardown);
  out.artifacts = input.artifacts === undefined ? [] : strings(input.artifacts);
  if ('git' in input) out.git = bySchema(WorkspaceSpecSchema.shape.git, input.git);
  return out;
}

function limits(value: unknown) {
  const input = plain(value);
  const out: Record<string, unknown> = {};
  if ('timeoutSeconds' in input) out.timeoutSeconds = opt(input.timeoutSeconds, positive);
  if ('maxTurns' in input) out.maxTurns = opt(input.maxTurns, positiveInt);
  return out;
}

function skill(value: unknown) {
  const input = plain(value);
  if (!('name' in input) || !('dir' in input)) throw MISS;
  return { name: str(input.name), dir: str(input.dir) };
}

function source(value: unknown) {
  const input = plain(value);
  if (!('file' in input) || !('format' in input)) throw MISS;
  const out: Record<string, unknown> = { file: str(input.file) };
  if ('line' in input) out.line = opt(input.line, positiveInt);
  if ('column' in input) out.column = opt(input.column, positiveInt);
  out.format = str(input.format);
  if ('dialect' in input) out.dialect = opt(input.dialect, str);
  return out;
}

function turns(value: unknown): string[] {
  const read = strings(value);
  if (read.length === 0) throw MISS;
  return read;
}

/** CaseSchema's fields in its order: required ones must be there, optional ones set when present, defaults filled. */
function readCase(value: unknown): Case {
  const input = plain(value);
  if (!('id' in input) || !('name' in input) || !('kind' in input) || !('turns' in input) || !('source' in input))
    throw MISS;
  const out: Record<string, unknown> = { id: nonEmpty(input.id) };
  if ('rawId' in input) out.rawId = input.rawId;
  out.name = str(input.name);
  out.kind = oneOf(input.kind, 'task', 'trigger');
  out.turns = turns(input.turns);
  if ('system' in input) out.system = opt(input.system, str);
  if ('reference' in input) out.reference = opt(input.reference, str);
  if ('shouldTrigger' in input) out.shouldTrigger = opt(input.shouldTrigger, bool);
  if ('triggerThreshold' in input) out.triggerThreshold = opt(input.triggerThreshold, fraction);
  if ('triggerDetection' in input)
    out.triggerDetection = opt(input.triggerDetection, (v) => oneOf(v, 'any-tool', 'first-tool'));
  if ('expectedSkill' in input) out.expectedSkill = opt(input.expectedSkill, (v) => (v === null ? null : str(v)));
  out.gates = checks(input.gates) ?? [];
  out.checks = checks(input.checks) ?? [];
  out.failIf = checks(input.failIf) ?? [];
  if ('threshold' in input) out.threshold = opt(input.threshold, fraction);
  if ('verdictRule' in input) out.verdictRule = opt(input.verdictRule, (v) => oneOf(v, 'every-check', 'mean-score'));
  out.workspace = input.workspace === undefined ? emptyWorkspace() : workspace(input.workspace);
  out.limits = input.limits === undefined ? {} : limits(input.limits);
  if ('tools' in input) out.tools = opt(input.tools, (v) => bySchema(ToolRestrictionSchema, v));
  if ('runs' in input) out.runs = opt(input.runs, positiveInt);
  if ('retry' in input) out.retry = opt(input.retry, (v) => bySchema(RetryPolicySchema, v));
  out.skills = input.skills === undefined ? [] : list(input.skills, skill);
  out.mcpServers = input.mcpServers === undefined ? [] : list(input.mcpServers, (v) => bySchema(McpServerSchema, v));
  if ('environment' in input) out.environment = opt(input.environment, (v) => bySchema(EnvironmentSpecSchema, v));
  if ('engine' in input) out.engine = opt(input.engine, str);
  if ('model' in input) out.model = opt(input.model, str);
  if ('judge' in input) out.judge = opt(input.judge, str);
  if ('userSimulator' in input)
    out.userSimulator = opt(input.userSimulator, (v) => bySchema(UserSimulatorSpecSchema, v));
  out.tags = input.tags === undefined ? [] : strings(input.tags);
  out.metadata = input.metadata === undefined ? {} : record(input.metadata);
  out.source = source(input.source);
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
