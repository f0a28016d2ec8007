import type { Case } from './case.js';

/*
 * CaseSchema.parse, written out for the cases formats build every day. Loading 10,000 cases spent more time in the
 * schema's generic object parsing (its checks take any extra key) than in reading the files. `readPlainCase` returns
 * exactly what `CaseSchema.parse` would — the same values, keys and key order, defaults filled — or undefined
 * whenever the input strays outside the plain subset it knows: anything invalid, a retry policy, MCP servers, git
 * steps, objects that are not plain. The caller then parses with the schema, which also explains what is wrong.
 * fast-case.test.ts holds the two to the same output on generated inputs.
 */

type Plain = Record<string, unknown>;

/** Thrown inside to leave the fast path. */
const STRAY = Symbol('stray');
const stray = (): never => {
  throw STRAY;
};

function plain(value: unknown): Plain {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return stray();
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null ? (value as Plain) : stray();
}

const string = (value: unknown): string => (typeof value === 'string' ? value : stray());
const nonEmpty = (value: unknown): string => (string(value).length > 0 ? (value as string) : stray());
const boolean = (value: unknown): boolean => (typeof value === 'boolean' ? value : stray());
const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : stray());
const positive = (value: unknown): number => (finite(value) > 0 ? (value as number) : stray());
const positiveInt = (value: unknown): number =>
  Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : stray();
const fraction = (value: unknown): number =>
  finite(value) >= 0 && (value as number) <= 1 ? (value as number) : stray();
const nonNegative = (value: unknown): number => (finite(value) >= 0 ? (value as number) : stray());
const oneOf =
  <T extends string>(...allowed: T[]) =>
  (value: unknown): T =>
    allowed.includes(value as T) ? (value as T) : stray();
function list<T>(value: unknown, item: (v: unknown) => T): T[] {
  if (!Array.isArray(value)) return stray();
  const out: T[] = [];
  // By index: a hole reads as undefined, as the schema reads it.
  for (let i = 0; i < value.length; i++) out.push(item(value[i]));
  return out;
}
const strings = (value: unknown): string[] => list(value, string);
/** A key JavaScript would not take as an own property by assignment. */
const unsafeKey = (key: string): boolean => key === '__proto__';

type Reader = (value: unknown) => unknown;

/** An object of `shape`: known keys in shape order (optional ones only when given), other keys dropped. */
function object(input: unknown, shape: Record<string, Reader>, optional: ReadonlySet<string>, out: Plain = {}): Plain {
  const source = plain(input);
  for (const key in shape) {
    if (key in source) {
      const value = source[key];
      out[key] = value === undefined && optional.has(key) ? undefined : shape[key]!(value);
    } else if (!optional.has(key)) out[key] = shape[key]!(undefined);
  }
  return out;
}

/** `value`, or a fresh copy of the default when it is undefined. */
const withDefault =
  (read: Reader, fallback: () => unknown): Reader =>
  (value) =>
    value === undefined ? fallback() : read(value);

const CHECK_KEYS: Record<string, Reader> = {
  type: nonEmpty,
  name: string,
  weight: nonNegative,
  required: boolean,
  negate: boolean,
  value: (v) => v,
};
const CHECK_OPTIONAL = new Set(['name', 'weight', 'required', 'negate', 'value']);

function check(input: unknown): Plain {
  const out = object(input, CHECK_KEYS, CHECK_OPTIONAL);
  // Other keys are the check's own parameters, kept as given, after the known ones.
  for (const key of Object.keys(input as Plain)) {
    if (key in CHECK_KEYS) continue;
    if (unsafeKey(key)) stray();
    out[key] = (input as Plain)[key];
  }
  return out;
}

function record(input: unknown, value: Reader): Plain {
  const source = plain(input);
  const out: Plain = {};
  for (const key of Object.keys(source)) {
    if (unsafeKey(key)) stray();
    out[key] = value(source[key]);
  }
  return out;
}

const emptyWorkspace = () => ({ files: [], overlays: [], inline: {}, setup: [], teardown: [], artifacts: [] });

const WORKSPACE_KEYS: Record<string, Reader> = {
  files: withDefault(
    (v) => list(v, (f) => object(f, { from: string, to: string }, new Set())),
    () => [],
  ),
  overlays: withDefault(strings, () => []),
  inline: withDefault(
    (v) => record(v, string),
    () => ({}),
  ),
  setup: withDefault(strings, () => []),
  teardown: withDefault(strings, () => []),
  artifacts: withDefault(strings, () => []),
  // Git steps are left to the schema.
  git: (v) => (v === undefined ? undefined : stray()),
};

const CASE_KEYS: Record<string, Reader> = {
  id: nonEmpty,
  rawId: (v) => v,
  name: string,
  kind: oneOf('task', 'trigger'),
  turns: (v) => (Array.isArray(v) && v.length > 0 ? strings(v) : stray()),
  system: string,
  reference: string,
  shouldTrigger: boolean,
  triggerThreshold: fraction,
  triggerDetection: oneOf('any-tool', 'first-tool'),
  gates: withDefault(
    (v) => list(v, check),
    () => [],
  ),
  checks: withDefault(
    (v) => list(v, check),
    () => [],
  ),
  failIf: withDefault(
    (v) => list(v, check),
    () => [],
  ),
  threshold: fraction,
  workspace: withDefault((v) => object(v, WORKSPACE_KEYS, new Set(['git'])), emptyWorkspace),
  limits: withDefault(
    (v) => object(v, { timeoutSeconds: positive, maxTurns: positiveInt }, new Set(['timeoutSeconds', 'maxTurns'])),
    () => ({}),
  ),
  runs: positiveInt,
  // A retry policy is left to the schema.
  retry: (v) => (v === undefined ? undefined : stray()),
  skills: withDefault(
    (v) => list(v, (s) => object(s, { name: string, dir: string }, new Set())),
    () => [],
  ),
  // MCP servers are left to the schema.
  mcpServers: withDefault(
    (v) => (Array.isArray(v) && v.length === 0 ? [] : stray()),
    () => [],
  ),
  engine: string,
  judge: string,
  tags: withDefault(strings, () => []),
  metadata: withDefault(
    (v) => record(v, (x) => x),
    () => ({}),
  ),
  source: (v) =>
    object(
      v,
      { file: string, line: positiveInt, column: positiveInt, format: string, dialect: string },
      new Set(['line', 'column', 'dialect']),
    ),
};
const CASE_OPTIONAL = new Set([
  'rawId',
  'system',
  'reference',
  'shouldTrigger',
  'triggerThreshold',
  'triggerDetection',
  'threshold',
  'runs',
  'retry',
  'engine',
  'judge',
]);

/** `CaseSchema.parse(input)` for a plain, valid case; undefined for anything else (parse that with the schema). */
export function readPlainCase(input: unknown): Case | undefined {
  try {
    return object(input, CASE_KEYS, CASE_OPTIONAL) as unknown as Case;
  } catch (error) {
    if (error === STRAY) return undefined;
    throw error;
  }
}
