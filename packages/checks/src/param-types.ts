import * as z from 'zod';

/**
 * The parameter types checks share. Each carries a description that says what to write: the parameter reference
 * shows it, and a wrong value's message ends with it (`"threshold" is the text "fast"; write …`).
 */

/** A number as written, or text that reads as one (`"5000"`): the checks read both, as promptfoo does. */
export function asNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A parameter's schema as the catalogue reads it: what to write, and whether a value is that. */
export interface ParamSchema {
  /** What to write, for the parameter reference and the end of a wrong value's message. */
  readonly description: string;
  safeParse(value: unknown): { success: boolean };
}

/** How many parameters' zod schemas have been built so far (a test holds start-up to none). */
let built = 0;
export const builtParamSchemas = (): number => built;

/** How each parameter's schema is built: {@link eagerSchema} builds it anew, as the catalogue did at import. */
const builders = new WeakMap<ParamSchema, () => z.ZodType>();

/** A new zod schema of `param`, built now: the slow path the lazy one is held to. */
export function eagerSchema(param: ParamSchema): z.ZodType {
  const build = builders.get(param);
  if (!build) throw new Error(`not a catalogue parameter: ${param.description}`);
  return build().describe(param.description);
}

/**
 * A parameter whose zod schema is built the first time a value is checked against it. The catalogue declares over two
 * hundred parameters and a file uses a handful: building them all at import (each twice, for its description) cost
 * every command that reads an eval file, `list` of one small file included.
 */
function lazyParam(description: string, build: () => z.ZodType): ParamSchema {
  let schema: z.ZodType | undefined;
  const param: ParamSchema = {
    description,
    safeParse(value) {
      if (!schema) {
        schema = build();
        built++;
      }
      return schema.safeParse(value);
    },
  };
  builders.set(param, build);
  return param;
}

/** A parameter whose value passes `test`; `description` says what to write instead. */
export const wants = <T>(description: string, test: (value: unknown) => boolean): ParamSchema =>
  lazyParam(description, () => z.custom<T>(test));

export const anyNumber = (description: string) => wants<number | string>(description, (v) => asNumber(v) !== undefined);

export const atLeastZero = (description: string) =>
  wants<number | string>(description, (v) => (asNumber(v) ?? -1) >= 0);

export const wholeNumber = (description: string) =>
  wants<number | string>(description, (v) => Number.isInteger(asNumber(v)));

export const positiveWholeNumber = (description: string) =>
  wants<number>(description, (v) => typeof v === 'number' && Number.isInteger(v) && v > 0);

/** A score pass mark, 0..1. */
export const passMark = (description: string) =>
  wants<number | string>(description, (v) => {
    const n = asNumber(v);
    return n !== undefined && n >= 0 && n <= 1;
  });

/** Text to look for: a non-empty string, or a number as written (promptfoo refuses an empty one). */
export const needle = (description: string) =>
  wants<string | number>(
    description,
    (v) => (typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isFinite(v)),
  );

/** A string, a number or a boolean, read as text. */
export const textLike = (description: string) =>
  wants<string | number | boolean>(
    description,
    (v) => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)),
  );

export const nonBlank = (description: string) =>
  wants<string>(description, (v) => typeof v === 'string' && v.trim() !== '');

export const flag = (description: string): ParamSchema => lazyParam(description, () => z.boolean());

export const map = (description: string): ParamSchema =>
  lazyParam(description, () => z.record(z.string(), z.unknown()));

export const oneOf = (values: readonly string[], description: string) =>
  wants<string>(description, (v) => typeof v === 'string' && values.includes(v));

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A non-empty list of non-blank strings, or one such string (skill names, paths). */
export const names = (description: string) =>
  wants<string | string[]>(description, (v) => {
    const list = typeof v === 'string' ? [v] : v;
    return Array.isArray(list) && list.length > 0 && list.every((s) => typeof s === 'string' && s.trim() !== '');
  });

/** How a value reads in a message: `the text "fast"`, `a list`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') {
    if (value.trim() === '') return value === '' ? 'empty' : 'blank';
    const shown = value.length > 60 ? `${value.slice(0, 59)}…` : value;
    return `the text ${JSON.stringify(shown)}`;
  }
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${String(value)}`;
}
