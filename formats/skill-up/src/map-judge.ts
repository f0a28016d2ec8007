import type { Check } from '@skill-eval/core';
import { quote } from 'shlex';
import { type CaseContext, SKILL_UP_DEFAULTS } from './case-context.js';
import { catalogued, ruleChecks } from './map-rules.js';
import type { MappedJudge } from './mapped-judge.js';
import { resolveSkillPath } from './resolve-path.js';
import type { Judge } from './rule-schema.js';
import { keyNodeAt, nodeAt, pathText } from './yaml-path.js';

export type JudgeContext = Pick<CaseContext, 'sink' | 'yaml' | 'suite'>;

/**
 * Maps a judge with a `type` (the case's own, with `model`, `pass_threshold`, `timeout_seconds` and
 * `context` already inherited from the suite judge, as skill-up merges them) onto checks. `path` is
 * where the judge is written, for diagnostics.
 */
export function mapJudge(
  judge: Judge & { type: NonNullable<Judge['type']> },
  path: PropertyKey[],
  ctx: JudgeContext,
  inherited: ReadonlySet<string> = new Set(),
  { suiteDefault = false }: { suiteDefault?: boolean } = {},
): MappedJudge {
  const mapped: MappedJudge = { checks: [], failIf: [], unapplied: {} };
  const where = pathText(path);
  const notHonoured = (key: 'context' | 'timeout_seconds', what: string) => {
    mapped.unapplied[key] = judge[key];
    // Inherited from the suite judge: reported once, where eval.yaml says it.
    if (inherited.has(key)) return;
    ctx.sink.warning(
      'not-honoured',
      `"${where}.${key}" (${what}) is not applied by skill-eval; it is kept in metadata.`,
      nodeAt(ctx.yaml, [...path, key]),
    );
  };
  if (judge.type === 'rule_based') {
    (judge.success ?? []).forEach((rule, i) => {
      const checks = ruleChecks(rule, [...path, 'success', i], ctx);
      mapped.checks.push(...checks.map((c) => ({ ...c, required: true })));
    });
    (judge.failure ?? []).forEach((rule, i) => {
      const checks = ruleChecks(rule, [...path, 'failure', i], ctx);
      // A failure rule matches when everything it says holds.
      if (checks.length === 1) mapped.failIf.push(checks[0]!);
      else if (checks.length > 1) mapped.failIf.push({ type: 'assert-set', checks, threshold: 1 });
    });
  } else if (judge.type === 'script') {
    if (!judge.script_path) {
      ctx.sink.error(
        'missing-key',
        `"${where}.script_path" is missing; a script judge names its script (relative to the skill root).`,
        nodeAt(ctx.yaml, path),
      );
    } else {
      const script = resolveSkillPath(
        judge.script_path,
        ctx.suite.skillRoot,
        `${where}.script_path`,
        ctx.sink,
        nodeAt(ctx.yaml, [...path, 'script_path']),
      );
      const timeout =
        judge.timeout_seconds && judge.timeout_seconds > 0 ? { timeoutSeconds: judge.timeout_seconds } : {};
      if (script) {
        const check: Check = { type: 'script', value: quote(script), required: true, ...timeout };
        mapped.checks.push(...catalogued([check], [...path, 'script_path'], ctx));
      }
    }
  } else {
    // eval.yaml's judge is only a default: skill-up validates the judge of each case (validator.go,
    // ValidateCaseConfig; ValidateEvalConfig reads no judge), and a case judge with a type takes no criteria from it
    // (judge_plan.go, mergeJudgePlanConfig). A case that falls back to it reports its missing criteria instead.
    if (!judge.criteria?.length && !suiteDefault) {
      ctx.sink.error(
        'missing-key',
        `"${where}.criteria" is missing or empty; an agent_judge lists the criteria to grade.`,
        nodeAt(ctx.yaml, path),
      );
    }
    (judge.criteria ?? []).forEach((value, i) => {
      mapped.checks.push(...catalogued([{ type: 'llm-rubric', value }], [...path, 'criteria', i], ctx));
    });
    mapped.threshold = judge.pass_threshold ?? SKILL_UP_DEFAULTS.passThreshold;
    if (judge.model) mapped.model = judge.model;
    if (judge.timeout_seconds !== undefined) notHonoured('timeout_seconds', 'deadline of one judge call');
  }
  if (judge.context !== undefined) notHonoured('context', 'what the judge is shown');
  return mapped;
}

/** skill-up refuses a file that sets both `judge` and `judges`: which one grades would be a guess. */
export function judgeAndJudges(sink: JudgeContext['sink'], yaml: JudgeContext['yaml']): void {
  sink.error(
    'judge-and-judges',
    'This file sets both "judge" and "judges"; skill-up refuses it. Keep one: move the judge into the "judges" list (with an id), or drop the list.',
    keyNodeAt(yaml, [], 'judges'),
  );
}
