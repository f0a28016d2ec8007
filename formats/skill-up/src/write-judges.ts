import { type Case, type Check, normalizeCheck } from '@skill-eval/core';
import type { Judge, JudgeMember } from './rule-schema.js';
import { type WriteContext, writeJudge } from './write-checks.js';

const JUDGE_ID = /^[a-z][a-z0-9_-]{0,63}$/;

/** A required group of rubric criteria only: what an agent_judge member of a `judges` list reads as. */
const isCriteriaGroup = (check: Check): boolean =>
  check.type === 'assert-set' &&
  check.required === true &&
  check.negate !== true &&
  Array.isArray(check.checks) &&
  check.checks.length > 0 &&
  (check.checks as Check[]).every((c) => normalizeCheck(c).type === 'llm-rubric');

/**
 * The case's checks as a skill-up `judges` list, when one judge cannot hold them but a list can: every check must
 * pass (no case threshold, no loose rubric criteria), and they need several judges — a group of criteria with its
 * own pass mark (an agent_judge member), or a script beside other checks. Undefined when a single judge fits.
 */
export function writeJudges(testCase: Case, label: string, ctx: WriteContext): JudgeMember[] | undefined {
  const checks = testCase.checks.map(normalizeCheck);
  if (testCase.threshold !== undefined || checks.some((c) => c.type === 'llm-rubric')) return undefined;
  const groups = checks.filter(isCriteriaGroup);
  const scripts = checks.filter((c) => c.type === 'script');
  const rest = checks.filter((c) => !isCriteriaGroup(c) && c.type !== 'script');
  const ruleMember = rest.length > 0 || testCase.failIf.length > 0 || testCase.kind === 'trigger';
  if (groups.length === 0 && scripts.length + (ruleMember ? 1 : 0) < 2) return undefined;

  const settings = (testCase.metadata.judgesSettings ?? {}) as Record<string, Record<string, unknown>>;
  const ids = new Set<string>();
  const idOf = (wanted: string | undefined, fallback: string) => {
    let id = wanted && JUDGE_ID.test(wanted) && !ids.has(wanted) ? wanted : undefined;
    for (let n = 1; id === undefined; n++) if (!ids.has(`${fallback}-${n}`)) id = `${fallback}-${n}`;
    ids.add(id);
    return id;
  };
  const part = (caseChecks: Check[], extra: Partial<Case>): Judge | undefined =>
    writeJudge({ ...testCase, checks: caseChecks, failIf: [], kind: 'task', metadata: {}, ...extra }, label, ctx, []);
  const members: JudgeMember[] = [];
  const add = (judge: Judge | undefined, id: string) => {
    if (judge?.type) members.push({ id, ...judge, type: judge.type });
  };
  const memberId = (check: Check, fallback: string) => {
    const wanted = typeof check.name === 'string' ? /^judge (.+)$/.exec(check.name)?.[1] : undefined;
    const id = idOf(wanted, fallback);
    if (check.name !== undefined && wanted !== id) ctx.lost(`${label}: name "${check.name}" of ${check.type}`);
    return id;
  };
  for (const script of scripts) {
    const id = memberId(script, 'script');
    add(part([{ ...script, name: undefined }], {}), id);
  }
  for (const group of groups) {
    const id = memberId(group, 'review');
    const threshold = typeof group.threshold === 'number' ? group.threshold : undefined;
    add(part(group.checks as Check[], { threshold, metadata: { judgeSettings: settings[id] ?? {} } }), id);
  }
  if (ruleMember) add(writeJudge({ ...testCase, checks: rest, metadata: {} }, label, ctx, []), idOf('rules', 'rules'));
  return members;
}
