import type { Check } from '@skill-eval/core';
import { baselineCheck } from './baseline-check.js';
import { createdPathPattern } from './created-path-pattern.js';
import type { CaseDiagnostics, Where } from './diagnostics.js';
import type { Located } from './located.js';
import type { RawGrader } from './read-case-files.js';

/** A grader read into skill-eval terms. */
export interface MappedGrader {
  name: string;
  type: string;
  weight: number;
  /** Claude Code's with-only grader: a plugin-fired indicator under with/without ablation, not part of the score. */
  withOnly: boolean;
  /** The check that grades it as Claude Code does; undefined when skill-eval cannot (diagnosed as an error). */
  check?: Check;
}

/*
 * The grader kinds and their fields, from the binary's zod union (search `type:Ag("tool_used")`): every kind is a
 * strict object with `name`, `weight` (positive, default 1) and `arm` (`with-only` | `both`, optional).
 */
export const COMMON = ['type', 'name', 'weight', 'arm'];
export const FIELDS: Record<string, string[]> = {
  regex: ['target', 'pattern', 'flags', 'match'],
  tool_order: ['before', 'after'],
  tool_used: ['tool', 'input_match', 'min', 'max'],
  file_exists: ['path', 'exists'],
  llm: ['criteria', 'focus'],
  baseline: ['baseline_file', 'criteria'],
};
export const GRADER_TYPES = Object.keys(FIELDS);

/** The fields a grader of `type` can have (the common ones only, for a type that is not one). */
export const graderFields = (type: unknown): string[] => [
  ...COMMON,
  ...(typeof type === 'string' && Object.hasOwn(FIELDS, type) ? FIELDS[type]! : []),
];

/** Claude Code's Skill tool: `tool_used: Skill` without `arm` is with-only (binary: `function Nm(e)`). */
const SKILL_TOOL = 'Skill';

/** Reads one grader; undefined when it is malformed (diagnosed: Claude Code refuses the case). */
export function mapGrader(
  grader: RawGrader,
  diagnostics: CaseDiagnostics,
  caseDir: string,
  mocked = false,
): MappedGrader | undefined {
  const { fields, at } = grader;
  const type = fields.type?.value;
  // A grader with an empty field is refused as such (build-case.ts refuseEmptyValues).
  const known = graderFields(type);
  if (Object.entries(fields).some(([key, entry]) => entry.value === null && known.includes(key))) return undefined;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) {
    diagnostics.error(
      'wrong-type',
      `Grader type ${JSON.stringify(type)} is not one Claude Code knows; write one of ${GRADER_TYPES.join(', ')}.`,
      fields.type?.at ?? at,
    );
    return undefined;
  }
  let valid = true;
  const fail = (message: string, where: Where) => {
    diagnostics.error('wrong-type', message, where);
    valid = false;
  };
  for (const [key, entry] of Object.entries(fields)) {
    if (!COMMON.includes(key) && !FIELDS[type]!.includes(key)) {
      fail(
        `A ${type} grader has no field "${key}" (Claude Code refuses the case); its fields are ${[...COMMON, ...FIELDS[type]!].join(', ')}.`,
        entry.at,
      );
    }
  }
  const name = fields.name?.value;
  if (typeof name !== 'string') fail('A grader needs a "name" (a string).', fields.name?.at ?? at);
  const weight = fields.weight?.value ?? 1;
  if (typeof weight !== 'number' || !(weight > 0)) {
    fail(
      `"weight" is ${JSON.stringify(weight)}; Claude Code takes a positive number (default 1).`,
      fields.weight?.at ?? at,
    );
  }
  const arm = fields.arm?.value;
  if (arm !== undefined && arm !== 'with-only' && arm !== 'both') {
    fail(`"arm" is ${JSON.stringify(arm)}; write with-only or both.`, fields.arm!.at);
  }
  if (!valid) return undefined;
  const withOnly =
    arm === 'with-only' || (arm === undefined && type === 'tool_used' && fields.tool?.value === SKILL_TOOL);
  const mapped: MappedGrader = { name: name as string, type, weight: weight as number, withOnly };
  const check = checkOf(type, fields, at, diagnostics, caseDir, mocked);
  if (check === null) return undefined;
  if (check) mapped.check = { ...check, name: name as string };
  return mapped;
}

/** The check for a well-formed grader; undefined when skill-eval cannot grade it, null when it is malformed. */
function checkOf(
  type: string,
  fields: Record<string, Located>,
  at: Where,
  diagnostics: CaseDiagnostics,
  caseDir: string,
  mocked: boolean,
): Check | undefined | null {
  const need = (key: string, what: string, test: (v: unknown) => boolean): unknown => {
    const entry = fields[key];
    if (entry && test(entry.value)) return entry.value;
    diagnostics.error(
      entry ? 'wrong-type' : 'missing-field',
      entry ? `"${key}" must be ${what}.` : `A ${type} grader needs "${key}" (${what}).`,
      entry?.at ?? at,
    );
    return null;
  };
  const cannot = (message: string, where: Where = at): undefined => {
    diagnostics.error('grader-not-gradable', message, where);
    return undefined;
  };
  const isString = (v: unknown) => typeof v === 'string';
  switch (type) {
    case 'regex':
      return regexCheck(fields, at, diagnostics, need, cannot, mocked);
    case 'llm': {
      const criteria = need('criteria', 'the rubric, a string', isString);
      if (criteria === null) return null;
      const focus = fields.focus?.value ?? 'last_message';
      if (focus === 'mock_calls') {
        return cannot(
          "An llm grader with focus: mock_calls judges Claude Code's log of the calls its MCP mocks answered; skill-eval's judge is not shown such a log, so it cannot be graded.",
          fields.focus!.at,
        );
      }
      if (focus !== 'last_message') {
        diagnostics.info(
          'judge-sees-more',
          `Claude Code shows its judge only the ${typeof focus === 'object' ? 'focus file' : focus}; skill-eval's judge reads the final answer with the run's transcript and workspace, and is told the criterion.`,
          fields.focus!.at,
        );
      }
      return { type: 'llm-rubric', value: criteria, verdict: 'pass-fail' };
    }
    case 'tool_used':
      return toolUsedCheck(fields, diagnostics, need);
    case 'file_exists': {
      const path = need('path', 'a path (glob) relative to the run directory', isString);
      if (path === null) return null;
      const exists = fields.exists?.value ?? true;
      if (typeof exists !== 'boolean') {
        diagnostics.error('wrong-type', '"exists" must be true or false.', fields.exists!.at);
        return null;
      }
      // Tested, as Claude Code tests it, on the paths the run created (created-path-pattern.ts).
      return {
        type: 'regex',
        over: 'created-files',
        value: createdPathPattern(path as string),
        flags: 'm',
        ...(exists ? {} : { negate: true }),
      };
    }
    case 'tool_order':
      return toolOrderCheck(fields, diagnostics, need);
    case 'baseline': {
      const criteria = need('criteria', 'the criterion, a string', isString);
      const file = need('baseline_file', 'a path inside the case directory', isString);
      if (criteria === null || file === null) return null;
      return baselineCheck(fields, caseDir, criteria as string, at, diagnostics);
    }
    default:
      return undefined;
  }
}

/**
 * Binary `function Dm(e,{run:r})`: the first call matching `before` comes before the first matching `after`. Each is a
 * tool name or `{tool, input_match}` (binary `function Cs()`: a string, or a strict object of those two keys).
 */
function toolOrderCheck(fields: Record<string, Located>, diagnostics: CaseDiagnostics, need: Need): Check | null {
  const isPattern = (v: unknown) =>
    (typeof v === 'string' && v !== '') ||
    (typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      typeof (v as { tool?: unknown }).tool === 'string' &&
      Object.keys(v).every((key) => key === 'tool' || key === 'input_match') &&
      ['string', 'undefined'].includes(typeof (v as { input_match?: unknown }).input_match));
  const what = 'a tool name, or {tool, input_match}';
  const before = need('before', what, isPattern);
  const after = need('after', what, isPattern);
  if (before === null || after === null) return null;
  const pattern = (key: 'before' | 'after', value: unknown) => {
    if (typeof value === 'string') return value;
    const { tool, input_match: inputMatches } = value as { tool: string; input_match?: string };
    if (inputMatches === undefined) return { tool };
    try {
      new RegExp(inputMatches);
    } catch (error) {
      diagnostics.error(
        'invalid-regex',
        `"${key}.input_match" is not a JavaScript regular expression: ${(error as Error).message}.`,
        fields[key]!.at,
      );
      return null;
    }
    return { tool, inputMatches };
  };
  const first = pattern('before', before);
  const then = pattern('after', after);
  if (first === null || then === null) return null;
  return { type: 'tool-order', before: first, after: then };
}

/** Binary `function Lm(e,{run:r})`: passes when min (default 1) ≤ the tool's calls ≤ max (default ∞). */
function toolUsedCheck(fields: Record<string, Located>, diagnostics: CaseDiagnostics, need: Need): Check | null {
  const isString = (v: unknown) => typeof v === 'string';
  const tool = need('tool', 'a tool name', isString);
  if (tool === null) return null;
  for (const key of ['min', 'max']) {
    const v = fields[key]?.value;
    if (v !== undefined && !(Number.isInteger(v) && (v as number) >= 0)) {
      diagnostics.error('wrong-type', `"${key}" must be a whole number ≥ 0.`, fields[key]!.at);
      return null;
    }
  }
  const inputMatches = fields.input_match?.value;
  if (inputMatches !== undefined) {
    if (typeof inputMatches !== 'string' || inputMatches === '') {
      diagnostics.error(
        'wrong-type',
        '"input_match" must be a regular expression (JavaScript syntax).',
        fields.input_match!.at,
      );
      return null;
    }
    try {
      new RegExp(inputMatches);
    } catch (error) {
      diagnostics.error(
        'invalid-regex',
        `"input_match" is not a JavaScript regular expression: ${(error as Error).message}.`,
        fields.input_match!.at,
      );
      return null;
    }
  }
  const min = fields.min?.value as number | undefined;
  const max = fields.max?.value as number | undefined;
  if (min === undefined && max === 0) {
    diagnostics.warning(
      'never-passes',
      `max: 0 without min never passes in Claude Code: min defaults to 1, so it asks for 1 to 0 ${String(tool)} calls; graded so here too. For "never called" write min: 0 and max: 0.`,
      fields.max!.at,
    );
  }
  // Binary `function Lm(e,{run:r})`: the calls `nc` takes (the tool, and `input_match` found by `new RegExp(…).test`
  // in the call's input as JSON text), counted from min (default 1) to max (default no limit).
  if (inputMatches === undefined && (min ?? 1) === 1 && max === undefined) return { type: 'tool-called', value: tool };
  if (inputMatches === undefined && min === 0 && max === 0) return { type: 'tool-not-called', value: tool };
  return {
    type: 'tool-called',
    value: tool,
    ...(inputMatches === undefined ? {} : { inputMatches }),
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
  };
}

type Need = (key: string, what: string, test: (v: unknown) => boolean) => unknown;

/** Binary `async function $m(e,r)`: contains = `RegExp.test`, not_contains its negation, count:N = N matches. */
function regexCheck(
  fields: Record<string, Located>,
  at: Where,
  diagnostics: CaseDiagnostics,
  need: Need,
  cannot: (message: string, where?: Where) => undefined,
  mocked: boolean,
): Check | undefined | null {
  const pattern = need('pattern', 'a regular expression (JavaScript syntax)', (v) => typeof v === 'string');
  if (pattern === null) return null;
  const flags = fields.flags?.value ?? '';
  if (typeof flags !== 'string' || !/^[dgimsuvy]*$/.test(flags)) {
    diagnostics.error('wrong-type', '"flags" must be JS RegExp flags (d g i m s u v y).', fields.flags?.at ?? at);
    return null;
  }
  const match = fields.match?.value ?? 'contains';
  if (typeof match !== 'string' || !/^(contains|not_contains|count:\d+)$/.test(match)) {
    diagnostics.error('wrong-type', '"match" must be contains | not_contains | count:N.', fields.match?.at ?? at);
    return null;
  }
  try {
    new RegExp(pattern as string, flags);
  } catch (error) {
    diagnostics.error(
      'invalid-regex',
      `The pattern is not a valid JavaScript regular expression (${(error as Error).message}); Claude Code fails this grader on every run.`,
      fields.pattern!.at,
    );
    return null;
  }
  const target = fields.target?.value ?? 'last_message';
  const negate = match === 'not_contains' || match === 'count:0';
  const file = fileTarget(target);
  const literal = literalOf(pattern as string);
  if (file !== undefined && literal !== undefined && /^i?$/.test(flags) && match === 'contains') {
    // Binary `async function $m(e,r)`: the pattern tested on the text of the file the run left (`rc(e.target,r)`); a
    // pattern that is plain text (metacharacters escaped) finds what skill-eval's file-contains finds.
    return {
      type: 'file-contains',
      path: file,
      value: literal,
      ...(flags === 'i' ? { caseSensitive: false } : {}),
    };
  }
  // Binary `async function rc(`: `files` is the list of paths the run created, sorted, one a line (`function Og`);
  // `mock_calls` one JSON line per call its MCP stand-ins answered — and no text at all, the grader failing whatever its
  // match, when no stand-in applies to the case.
  // A `{source: file, path}` target: the file's text (a leading BOM cut), the file required whatever the match
  // (`Ki` throws for a missing path, and the grader fails).
  const over =
    file !== undefined
      ? 'file'
      : target === 'files'
        ? 'created-files'
        : target === 'mock_calls'
          ? 'mcp-calls'
          : undefined;
  if (target === 'mock_calls' && !mocked) {
    return cannot(
      'A regex grader over mock_calls on a case no mocks/ folder applies to: Claude Code fails it on every run ("no mock stand-ins were active in this run"). Add the mock, or drop the grader.',
      fields.target?.at ?? at,
    );
  }
  if (target !== 'last_message' && over === undefined) {
    const what =
      target === 'trace'
        ? "Claude Code's own JSON trace of the run (its stream of events, which no other engine writes)"
        : JSON.stringify(target);
    return cannot(
      `A regex grader over ${what} cannot be graded: skill-eval's regex check reads the final answer, a file, the files the run created or its MCP calls.`,
      fields.target?.at ?? at,
    );
  }
  // count:N passes with exactly N matches (`k.length===I`, k all the matches with the `g` flag added).
  const count = match.startsWith('count:') && !negate ? Number.parseInt(match.slice('count:'.length), 10) : undefined;
  return {
    type: 'regex',
    value: pattern,
    ...(flags ? { flags } : {}),
    ...(over ? { over } : {}),
    ...(file !== undefined ? { path: file } : {}),
    ...(negate ? { negate: true } : {}),
    ...(count !== undefined ? { matchCount: count } : {}),
  };
}

/** The path of a `{source: file, path}` target. */
function fileTarget(target: unknown): string | undefined {
  if (typeof target !== 'object' || target === null) return undefined;
  const { source, path } = target as { source?: unknown; path?: unknown };
  return source === 'file' && typeof path === 'string' && path !== '' ? path : undefined;
}

/** The text a pattern matches when it is plain text (every metacharacter escaped), else undefined. */
export function literalOf(pattern: string): string | undefined {
  let text = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || !/[.*+?^${}()|[\]\\/-]/.test(next)) return undefined;
      text += next;
      i++;
    } else if (/[.*+?^${}()|[\]]/.test(c)) return undefined;
    else text += c;
  }
  return text === '' ? undefined : text;
}
