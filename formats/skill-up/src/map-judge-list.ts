import type { Check } from '@skill-eval/core';
import { type JudgeContext, mapJudge } from './map-judge.js';
import type { MappedJudge } from './mapped-judge.js';
import type { JudgeMember } from './rule-schema.js';
import { nodeAt, pathText } from './yaml-path.js';

/** skill-up's rule for a member id (it names the member's report folder). */
const JUDGE_ID = /^[a-z][a-z0-9_-]{0,63}$/;

/**
 * Maps newer skill-up's `judges` list (written at `path`). skill-up grades each member on its own, as it grades a
 * single judge, and the case passes only when every member passes (its `all_required` policy). Rule and script
 * members are required checks already; an agent_judge member becomes one required group of its criteria passing at
 * its own `pass_threshold`, so its criteria count toward no other member's verdict. A list of one is that judge.
 * Members inherit nothing from a suite `judge` (skill-up takes them as written).
 */
export function mapJudgeList(members: readonly JudgeMember[], path: PropertyKey[], ctx: JudgeContext): MappedJudge {
  checkIds(members, path, ctx);
  if (members.length === 1) return mapJudge(members[0]!, [...path, 0], ctx);
  const memberSettings: Record<string, Record<string, unknown>> = {};
  const list: MappedJudge = { checks: [], failIf: [], unapplied: {}, memberSettings };
  members.forEach((member, i) => {
    const mapped = mapJudge(member, [...path, i], ctx);
    if (Object.keys(mapped.unapplied).length > 0) memberSettings[member.id] = mapped.unapplied;
    list.failIf.push(...mapped.failIf);
    if (member.type === 'script') {
      list.checks.push(...mapped.checks.map((check) => ({ ...check, name: `judge ${member.id}` })));
      return;
    }
    if (member.type === 'rule_based') {
      list.checks.push(...mapped.checks);
      return;
    }
    const group: Check = {
      type: 'assert-set',
      name: `judge ${member.id}`,
      checks: mapped.checks,
      threshold: mapped.threshold,
      required: true,
    };
    list.checks.push(group);
    if (!mapped.model) return;
    if (list.model === undefined) list.model = mapped.model;
    else if (list.model !== mapped.model)
      ctx.sink.warning(
        'not-honoured',
        `"${pathText([...path, i, 'model'])}" is ${JSON.stringify(mapped.model)}, but skill-eval grades a case with one judge model: every criterion here is graded by ${JSON.stringify(list.model)} (the first member's), unless --judge names another.`,
        nodeAt(ctx.yaml, [...path, i, 'model']),
      );
  });
  return list;
}

/** skill-up refuses a list whose ids are not safe lowercase identifiers or repeat. */
function checkIds(members: readonly JudgeMember[], path: PropertyKey[], ctx: JudgeContext): void {
  const seen = new Set<string>();
  members.forEach((member, i) => {
    const where = [...path, i, 'id'];
    if (!JUDGE_ID.test(member.id)) {
      ctx.sink.error(
        'bad-judge-id',
        `"${pathText(where)}" is ${JSON.stringify(member.id)}; skill-up takes a lowercase letter followed by up to 63 of a-z, 0-9, _ and - (e.g. "functional").`,
        nodeAt(ctx.yaml, where),
      );
    } else if (seen.has(member.id)) {
      ctx.sink.error(
        'bad-judge-id',
        `"${pathText(where)}" repeats the id ${JSON.stringify(member.id)}; give each judge its own id.`,
        nodeAt(ctx.yaml, where),
      );
    }
    seen.add(member.id);
  });
}
