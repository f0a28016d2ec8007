import { problemSentence, validChecks } from '@skill-eval/checks';
import type { Check } from '@skill-eval/core';
import type { CaseContext } from './case-context.js';
import { goToJsRegex } from './go-regex.js';
import type { Rule } from './rule-schema.js';
import { keyNodeAt, nodeAt, pathText } from './yaml-path.js';

/** Rule keys in the order skill-up's dispatcher tries them; it checks only the first one set. */
const ORDER = [
  'output_contains',
  'output_matches',
  'exit_code',
  'tool_called',
  'files_exist',
  'files_not_exist',
  'turn_response_contains',
  'turn_response_not_contains',
  'tool_called_in_turn',
  'tool_not_called_in_turn',
] as const;

/** Rule keys skill-up dispatches on only when their list has entries. */
const LISTS = new Set<(typeof ORDER)[number]>(['files_exist', 'files_not_exist']);
const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

/**
 * Maps one `rule_based` rule onto checks (all must hold for the rule to hold); per-turn rules become
 * checks with `turn`. Keys beyond the first set one are ignored by skill-up, so they are reported and
 * left out; an empty rule fails every run in skill-up, so it is an error.
 */
export function ruleChecks(rule: Rule, path: PropertyKey[], ctx: Pick<CaseContext, 'sink' | 'yaml'>): Check[] {
  // skill-up's dispatcher skips a files_exist / files_not_exist list that is empty, as if it were not written.
  const set = ORDER.filter((key) => rule[key] !== undefined && !(LISTS.has(key) && isEmptyList(rule[key])));
  const where = pathText(path);
  if (set.length === 0) {
    // A key the rule does not know was reported as an unknown check where it is written.
    if (Object.keys(rule).some((key) => !(ORDER as readonly string[]).includes(key))) return [];
    const emptyLists = [...LISTS].filter((key) => isEmptyList(rule[key]));
    const why = emptyLists.length
      ? `; an empty ${emptyLists.join(' or ')} list counts as none, so skill-up fails this rule on every run`
      : '';
    ctx.sink.error(
      'empty-rule',
      `Rule "${where}" names no check${why}. Write one of ${ORDER.join(', ')}.`,
      nodeAt(ctx.yaml, path),
    );
    return [];
  }
  const key = set[0]!;
  if (set.length > 1) {
    ctx.sink.warning(
      'rule-several-keys',
      `Rule "${where}" sets ${set.join(' and ')}; skill-up checks only ${key}, so ${set.slice(1).join(', ')} ${set.length > 2 ? 'are' : 'is'} ignored. Write each as its own rule.`,
      keyNodeAt(ctx.yaml, path, set[1]!),
    );
  }
  return catalogued(checksOf(key, rule, [...path, key], ctx), [...path, key], ctx);
}

/** The checks a rule became, each checked against the catalogue at the rule's key; one with an error is left out. */
export function catalogued(checks: Check[], path: PropertyKey[], ctx: Pick<CaseContext, 'sink' | 'yaml'>): Check[] {
  return validChecks(checks, (problem) =>
    ctx.sink.report(
      problem.severity,
      problem.ruleId,
      problemSentence(problem, `"${pathText(path)}": `),
      nodeAt(ctx.yaml, path),
    ),
  );
}

function checksOf(
  key: (typeof ORDER)[number],
  rule: Rule,
  path: PropertyKey[],
  ctx: Pick<CaseContext, 'sink' | 'yaml'>,
): Check[] {
  switch (key) {
    case 'output_contains': {
      const { all, any, not } = rule.output_contains!;
      const checks: Check[] = [];
      if (all?.length) checks.push({ type: 'contains-all', value: all });
      if (any?.length) checks.push({ type: 'contains-any', value: any });
      if (not?.length) checks.push({ type: 'contains-any', value: not, negate: true });
      return checks;
    }
    case 'output_matches':
      return matchChecks(rule.output_matches!, path, ctx);
    case 'exit_code':
      return [{ type: 'exit-code', value: rule.exit_code }];
    case 'tool_called': {
      const { name, args } = rule.tool_called!;
      return [
        args && Object.keys(args).length > 0
          ? { type: 'tool-called', value: name, args }
          : { type: 'tool-called', value: name },
      ];
    }
    case 'files_exist':
      return rule.files_exist!.length ? [{ type: 'file-exists', value: rule.files_exist }] : [];
    case 'files_not_exist':
      return rule.files_not_exist!.length ? [{ type: 'file-not-exists', value: rule.files_not_exist }] : [];
    case 'turn_response_contains': {
      const { turn, contains_all: all, contains_any: any } = rule.turn_response_contains!;
      const checks: Check[] = [];
      if (all?.length) checks.push({ type: 'contains-all', value: all, turn });
      if (any?.length) checks.push({ type: 'contains-any', value: any, turn });
      return checks;
    }
    case 'turn_response_not_contains': {
      const { turn, not_contains: not } = rule.turn_response_not_contains!;
      return not.length ? [{ type: 'contains-any', value: not, negate: true, turn }] : [];
    }
    case 'tool_called_in_turn': {
      const { turn, name, args } = rule.tool_called_in_turn!;
      return [
        args && Object.keys(args).length > 0
          ? { type: 'tool-called', value: name, args, turn }
          : { type: 'tool-called', value: name, turn },
      ];
    }
    case 'tool_not_called_in_turn': {
      const { turn, name } = rule.tool_not_called_in_turn!;
      return [{ type: 'tool-not-called', value: name, turn }];
    }
  }
}

/** `output_matches`: every `all` and `not` pattern is its own regex check; `any` patterns are one alternation. */
function matchChecks(
  lists: NonNullable<Rule['output_matches']>,
  path: PropertyKey[],
  ctx: Pick<CaseContext, 'sink' | 'yaml'>,
): Check[] {
  const convert = (list: 'all' | 'any' | 'not') =>
    (lists[list] ?? []).flatMap((pattern, i) => {
      const js = goToJsRegex(pattern);
      if (js.ok) return [js];
      ctx.sink.error(
        'invalid-regex',
        `Pattern ${JSON.stringify(pattern)} cannot be used: ${js.reason}. Write it in the RE2 syntax both Go and JavaScript accept.`,
        nodeAt(ctx.yaml, [...path, list, i]),
      );
      return [];
    });
  const regex = (source: string, flags: string, negate = false): Check => ({
    type: 'regex',
    value: source,
    ...(flags ? { flags } : {}),
    ...(negate ? { negate: true } : {}),
  });
  const checks = convert('all').map((r) => regex(r.source, r.flags));
  const any = convert('any');
  if (any.length === 1 || (any.length > 1 && any.every((r) => r.flags === any[0]!.flags))) {
    const source = any.length === 1 ? any[0]!.source : any.map((r) => `(?:${r.source})`).join('|');
    checks.push(regex(source, any[0]!.flags));
  } else if (any.length > 1) {
    checks.push({ type: 'assert-set', checks: any.map((r) => regex(r.source, r.flags)), threshold: 1 / any.length });
  }
  checks.push(...convert('not').map((r) => regex(r.source, r.flags, true)));
  return checks;
}
