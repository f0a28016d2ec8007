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

/** The fields of an object schema, in shape order: each key, how to read it, and whether it may be absent. */
type Fields = readonly { key: string; read: Reader; optional: boolean }[];

function fields(shape: Record<string, Reader>, optional: readonly string[] = []): Fields {
  return Object.entries(shape).map(([key, read]) => ({ key, read, optional: optional.includes(key) }));
}

/** An object of `fields`: known keys in shape order (optional ones only when given), other keys dropped. */
function object(input: unknown, known: Fields): Plain {
  const source = plain(input);
  const out: Plain = {};
  for (const { key, read, optional } of known) {
    if (key in source) {
      const value = source[key];
      out[key] = value === undefined && optional ? undefined : read(value);
    } else if (!optional) out[key] = read(undefined);
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
const CHECK_FIELDS = fields(CHECK_KEYS, ['name', 'weight', 'required', 'negate', 'value']);

function check(input: unknown): Plain {
  const out = object(input, CHECK_FIELDS);
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

const FIXTURE_FIELDS = fields({ from: string, to: string });
const SKILL_FIELDS = fields({ name: string, dir: string });
const LIMIT_FIELDS = fields({ timeoutSeconds: positive, maxTurns: positiveInt }, ['timeoutSeconds', 'maxTurns']);
const SOURCE_FIELDS = fields(
  { file: string, line: positiveInt, column: positiveInt, format: string, dialect: string },
  ['line', 'column', 'dialect'],
);

const WORKSPACE_FIELDS = fields(
  {
    files: withDefault(
      (v) => list(v, (f) => object(f, FIXTURE_FIELDS)),
      () => [],
    ),
    missingFiles: strings,
    overlays: withDefault(strings, () => []),
    inline: withDefault(
      (v) => record(v, string),
      () => ({}),
    ),
    setup: withDefault(strings, () => []),
    teardown: withDefault(strings, () => []),
    artifacts: withDefault(strings, () => []),
    // Git steps and a project copy are left to the schema.
    git: (v) => (v === undefined ? undefined : stray()),
    project: (v) => (v === undefined ? undefined : stray()),
  },
  ['missingFiles', 'git', 'project'],
);

const CASE_FIELDS = fields(
  {
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
    verdictRule: oneOf('every-check', 'mean-score'),
    workspace: withDefault((v) => object(v, WORKSPACE_FIELDS), emptyWorkspace),
    limits: withDefault(
      (v) => object(v, LIMIT_FIELDS),
      () => ({}),
    ),
    runs: positiveInt,
    // A retry policy is left to the schema.
    retry: (v) => (v === undefined ? undefined : stray()),
    skills: withDefault(
      (v) => list(v, (s) => object(s, SKILL_FIELDS)),
      () => [],
    ),
    // MCP servers are left to the schema.
    mcpServers: withDefault(
      (v) => (Array.isArray(v) && v.length === 0 ? [] : stray()),
      () => [],
    ),
    // An environment is left to the schema.
    environment: (v) => (v === undefined ? undefined : stray()),
    engine: string,
    model: string,
    judge: string,
    tags: withDefault(strings, () => []),
    metadata: withDefault(
      (v) => record(v, (x) => x),
      () => ({}),
    ),
    source: (v) => object(v, SOURCE_FIELDS),
  },
  [
    'rawId',
    'system',
    'reference',
    'shouldTrigger',
    'triggerThreshold',
    'triggerDetection',
    'threshold',
    'verdictRule',
    'runs',
    'retry',
    'environment',
    'engine',
    'model',
    'judge',
  ],
);

/** `CaseSchema.parse(input)` for a plain, valid case; undefined for anything else (parse that with the schema). */
export function readPlainCase(input: unknown): Case | undefined {
  try {
    return object(input, CASE_FIELDS) as unknown as Case;
  } catch (error) {
    if (error === STRAY) return undefined;
    throw error;
  }
}
