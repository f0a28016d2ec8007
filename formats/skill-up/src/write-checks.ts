import { isAbsolute, relative } from 'node:path';
import { type Case, type Check, normalizeCheck } from '@skill-eval/core';
import { goQuoteMeta, jsToGoRegex } from './go-regex.js';
import type { Expect, Judge, Rule } from './rule-schema.js';

/** Where written paths are relative to, and where lost things are listed. */
export interface WriteContext {
  root: string;
  lost: (what: string) => void;
  /** Commands eval.yaml's `environment.setup_steps` already runs for every case. */
  suiteSetup?: string[];
}

/** Does the check compare text ignoring case (`icontains`, Skillet's `contains`)? skill-up's contains rules compare case. */
const ignoresCase = (check: Check): boolean => check.caseSensitive === false || check.type.startsWith('icontains');

/** The contains family without its case-folding `i` (`icontains-any` → `contains-any`). */
const containsType = (check: Check): string => (check.type.startsWith('icontains') ? check.type.slice(1) : check.type);

const list = (value: unknown): string[] | undefined =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value) && value.every((v) => typeof v === 'string')
      ? value
      : undefined;

/** A path inside the skill root, relative to it; undefined when it lies outside. */
export function insideRoot(path: string, root: string): string | undefined {
  const rel = relative(root, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : rel;
}

/** Gates → `expect`. Gates skill-up's expect cannot say are listed as lost. */
export function writeExpect(gates: readonly Check[], label: string, ctx: WriteContext): Expect | undefined {
  const expect: Expect = {};
  const add = (key: 'must_contain' | 'must_not_contain' | 'files_exist' | 'files_not_exist', values: string[]) => {
    expect[key] = [...(expect[key] ?? []), ...values];
  };
  for (const raw of gates) {
    const check = normalizeCheck(raw);
    if (check.turn !== undefined) {
      ctx.lost(
        `${label}: gate ${describe(check)} on turn ${JSON.stringify(check.turn)} (skill-up's expect has no turns)`,
      );
      continue;
    }
    const values = list(check.value);
    const negate = check.negate === true;
    const matchesCase = !ignoresCase(check);
    if ((check.type === 'contains-all' || check.type === 'contains') && !negate && values && matchesCase)
      add('must_contain', values);
    else if ((check.type === 'contains-any' || check.type === 'contains') && negate && values && matchesCase)
      add('must_not_contain', values);
    else if (check.type === 'exit-code' && !negate && typeof check.value === 'number') expect.exit_code = check.value;
    else if ((check.type === 'file-exists' && !negate) || (check.type === 'file-not-exists' && negate)) {
      if (values) add('files_exist', values);
      else ctx.lost(`${label}: gate ${check.type} without paths`);
    } else if ((check.type === 'file-not-exists' && !negate) || (check.type === 'file-exists' && negate)) {
      if (values) add('files_not_exist', values);
      else ctx.lost(`${label}: gate ${check.type} without paths`);
    } else if (
      check.type === 'golden-file' &&
      !negate &&
      check.path === undefined &&
      typeof check.golden === 'string'
    ) {
      const golden = insideRoot(check.golden, ctx.root);
      if (golden && !expect.golden_file) expect.golden_file = golden;
      else ctx.lost(`${label}: golden-file gate ${check.golden} (outside the skill root, or a second one)`);
    } else if (
      check.type === 'file-contains' &&
      !negate &&
      typeof check.path === 'string' &&
      typeof check.value === 'string'
    ) {
      expect.file_contains = [...(expect.file_contains ?? []), { path: check.path, content: check.value }];
    } else ctx.lost(`${label}: gate ${describe(check)} (skill-up's expect cannot express it)`);
  }
  return Object.keys(expect).length > 0 ? expect : undefined;
}

/** One deterministic check → one `rule_based` rule, or undefined when skill-up has no such rule. */
export function checkRule(raw: Check): Rule | undefined {
  const check = normalizeCheck(raw);
  if (check.turn !== undefined) return turnRule(check, check.turn);
  const values = list(check.value);
  const negate = check.negate === true;
  switch (containsType(check)) {
    case 'contains':
    case 'contains-all':
    case 'contains-any': {
      if (!values) return undefined;
      const type = containsType(check);
      if (negate && type === 'contains-all' && values.length > 1) return undefined;
      const lists = negate ? { not: values } : type === 'contains-any' ? { any: values } : { all: values };
      if (!ignoresCase(check)) return { output_contains: lists };
      // output_contains compares case; a case-folding literal match is the same test as an RE2 (?i) pattern.
      const [key, texts] = Object.entries(lists)[0]! as [string, string[]];
      return { output_matches: { [key]: texts.map((text) => `(?i)${goQuoteMeta(text)}`) } };
    }
    case 'regex': {
      const pattern = typeof check.value === 'string' ? jsToGoRegex(check.value, String(check.flags ?? '')) : undefined;
      if (pattern === undefined) return undefined;
      return { output_matches: negate ? { not: [pattern] } : { all: [pattern] } };
    }
    case 'assert-set': {
      // output_matches.any as loaded when its patterns' flags differ.
      const children = Array.isArray(check.checks) ? (check.checks as Check[]) : [];
      const patterns = children.map((c) =>
        c.type === 'regex' && !c.negate && typeof c.value === 'string'
          ? jsToGoRegex(c.value, String(c.flags ?? ''))
          : undefined,
      );
      if (
        negate ||
        children.length === 0 ||
        patterns.some((p) => p === undefined) ||
        check.threshold !== 1 / children.length
      )
        return undefined;
      return { output_matches: { any: patterns as string[] } };
    }
    case 'exit-code':
      return !negate && typeof check.value === 'number' ? { exit_code: check.value } : undefined;
    case 'tool-called':
      if (negate || typeof check.value !== 'string') return undefined;
      return {
        tool_called:
          check.args && typeof check.args === 'object'
            ? { name: check.value, args: check.args as Record<string, unknown> }
            : { name: check.value },
      };
    case 'file-exists':
      return values ? (negate ? { files_not_exist: values } : { files_exist: values }) : undefined;
    case 'file-not-exists':
      return values ? (negate ? { files_exist: values } : { files_not_exist: values }) : undefined;
    default:
      return undefined;
  }
}

/** A check with `turn` → one per-turn rule, or undefined when skill-up has none for it. */
function turnRule(check: Check, turn: unknown): Rule | undefined {
  if (typeof turn !== 'number' || !Number.isInteger(turn) || turn < 1) return undefined;
  const values = list(check.value);
  const negate = check.negate === true;
  const name = typeof check.value === 'string' ? check.value : undefined;
  const args = check.args && typeof check.args === 'object' ? (check.args as Record<string, unknown>) : undefined;
  switch (check.type) {
    case 'contains':
    case 'contains-all':
    case 'contains-any': {
      if (!values || ignoresCase(check)) return undefined;
      if (negate)
        return check.type === 'contains-all' && values.length > 1
          ? undefined
          : { turn_response_not_contains: { turn, not_contains: values } };
      const key = check.type === 'contains-any' ? 'contains_any' : 'contains_all';
      return { turn_response_contains: { turn, [key]: values } };
    }
    case 'tool-called':
    case 'tool-not-called': {
      if (name === undefined) return undefined;
      const called = (check.type === 'tool-called') !== negate;
      if (called) return { tool_called_in_turn: args ? { turn, name, args } : { turn, name } };
      return args ? undefined : { tool_not_called_in_turn: { turn, name } };
    }
    default:
      return undefined;
  }
}

/** Rules whose fields an all-must-hold `assert-set` can merge into one (a per-turn one only on the same turn). */
const MERGEABLE = new Set(['output_contains', 'output_matches', 'turn_response_contains']);

/** A fail-if check → one `failure` rule; an all-must-hold `assert-set` merges into one rule when it can. */
function failureRule(raw: Check): Rule | undefined {
  const check = normalizeCheck(raw);
  if (check.type !== 'assert-set' || check.threshold !== 1 || check.negate) return checkRule(check);
  const merged: Record<string, Record<string, unknown>> = {};
  for (const child of Array.isArray(check.checks) ? (check.checks as Check[]) : []) {
    const rule = checkRule(child);
    const [key, fields] = Object.entries(rule ?? {})[0] ?? [];
    if (key === undefined || !MERGEABLE.has(key)) return undefined;
    merged[key] ??= {};
    for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
      const had = merged[key][name];
      if (had !== undefined && !(name === 'turn' && had === value)) return undefined;
      merged[key][name] = value;
    }
  }
  return Object.keys(merged).length === 1 ? (merged as Rule) : undefined;
}

/** The case's checks and fail-if conditions → a skill-up judge (one type per case). */
export function writeJudge(testCase: Case, label: string, ctx: WriteContext, extraGates: Check[]): Judge | undefined {
  const checks = testCase.checks.map(normalizeCheck);
  const rubrics = checks.filter((c) => c.type === 'llm-rubric');
  const scripts = checks.filter((c) => c.type === 'script');
  const rest = checks.filter((c) => c.type !== 'llm-rubric' && c.type !== 'script');
  const settings = (testCase.metadata.judgeSettings ?? {}) as Record<string, unknown>;
  if (rubrics.length > 0) {
    for (const check of [...rest, ...scripts]) {
      if (writeExpectable(check)) {
        extraGates.push(check);
        ctx.lost(
          `${label}: check ${describe(check)} written to expect (skill-up has one judge per case; a failing expect skips the judge)`,
        );
      } else ctx.lost(`${label}: check ${describe(check)} (an agent_judge case cannot also run it)`);
    }
    if (testCase.failIf.length > 0)
      ctx.lost(`${label}: ${testCase.failIf.length} fail-if condition(s) (an agent_judge has no failure rules)`);
    const criteria = rubrics.map((c) => (typeof c.value === 'string' ? c.value : JSON.stringify(c.value)));
    if (testCase.threshold === undefined)
      ctx.lost(`${label}: "every criterion must pass" written as pass_threshold: 1`);
    noteScoring(rubrics, label, ctx, false);
    return {
      type: 'agent_judge',
      ...(testCase.judge ? { model: testCase.judge } : {}),
      criteria,
      pass_threshold: testCase.threshold ?? 1,
      ...settings,
    };
  }
  if (scripts.length === 1 && rest.length === 0 && testCase.failIf.length === 0) {
    const script = scripts[0]!;
    const path = typeof script.value === 'string' ? insideRoot(unquote(script.value), ctx.root) : undefined;
    if (path) {
      const timeout = typeof script.timeoutSeconds === 'number' ? { timeout_seconds: script.timeoutSeconds } : {};
      return { type: 'script', script_path: path, ...timeout, ...settings };
    }
  }
  const success: Rule[] = [];
  for (const check of [...scripts, ...rest]) {
    const rule = checkRule(check);
    if (rule) success.push(rule);
    else ctx.lost(`${label}: check ${describe(check)} (no skill-up rule for it)`);
  }
  noteScoring(rest, label, ctx, true);
  if (testCase.threshold !== undefined && rest.length > 0)
    ctx.lost(`${label}: threshold ${testCase.threshold} (every skill-up rule must hold)`);
  const failure: Rule[] = [];
  for (const check of testCase.failIf) {
    const rule = failureRule(check);
    if (rule) failure.push(rule);
    else ctx.lost(`${label}: fail-if ${describe(normalizeCheck(check))} (no skill-up failure rule for it)`);
  }
  if (testCase.kind === 'trigger')
    (testCase.shouldTrigger === false ? failure : success).push({ tool_called: { name: 'Skill' } });
  if (success.length + failure.length === 0) {
    if (Object.keys(settings).length > 0)
      ctx.lost(`${label}: judge settings ${Object.keys(settings).join(', ')} (no judge to attach them to)`);
    return undefined;
  }
  return {
    type: 'rule_based',
    ...(success.length ? { success } : {}),
    ...(failure.length ? { failure } : {}),
    ...settings,
  };
}

function writeExpectable(check: Check): boolean {
  const lost: string[] = [];
  writeExpect([check], '', { root: '/', lost: (what) => lost.push(what) });
  return lost.length === 0 && check.type !== 'golden-file' && check.turn === undefined;
}

/** skill-up rules are all required and unweighted; say when a check was otherwise. */
function noteScoring(checks: Check[], label: string, ctx: WriteContext, requiredExpected: boolean): void {
  for (const check of checks) {
    if (check.weight !== undefined && check.weight !== 1)
      ctx.lost(`${label}: weight ${check.weight} of ${describe(check)}`);
    if (check.name !== undefined) ctx.lost(`${label}: name "${check.name}" of ${describe(check)}`);
    if (requiredExpected && check.required !== true)
      ctx.lost(`${label}: ${describe(check)} becomes required (every skill-up rule must hold)`);
  }
}

function describe(check: Check): string {
  const value = check.value === undefined ? '' : ` ${JSON.stringify(check.value).slice(0, 60)}`;
  return `${check.negate ? 'not ' : ''}${check.type}${value}`;
}

function unquote(word: string): string {
  return /^'.*'$/s.test(word) ? word.slice(1, -1).replaceAll(`'\\''`, "'") : word;
}
