import { problemSentence, validChecks } from '@skill-eval/checks';
import { type Case, type Check, parseCase } from '@skill-eval/core';
import { property } from '@skill-eval/format-kit';
import type { Node } from 'jsonc-parser';
import { type CaseFiles, type CaseIdentity, cap } from './case-fields.js';
import type { Dialect } from './dialect.js';
import type { ReadContext } from './read-context.js';

/** What a dialect reader found in one item, before grading rules are applied. */
export interface CaseParts {
  identity: CaseIdentity;
  /** The item's object node (position of the case). */
  item: Node;
  name: string;
  prompt: string;
  /** `expected_output`: context for the judge. */
  reference: string | undefined;
  /** Natural-language criteria, in file order. */
  criteria: Check[];
  /** Per-item `should_trigger` (AgentV transpile), with its node for diagnostics. */
  trigger: { value: boolean; node: Node } | undefined;
  timeoutSeconds: number | undefined;
  files: CaseFiles;
  metadata: Record<string, unknown>;
}

/**
 * The key a dialect's items list their criteria under, for advice to the file's author: skill-creator's schema and
 * BMAD's first generation say `expectations`, agentskills.io and AgentV `assertions`, BMAD's cases `rubric` (see
 * dialect.ts), TEA's `expect`.
 */
const CRITERIA_KEY: Record<Dialect, string> = {
  'skill-creator': 'expectations',
  'bmad-1': 'expectations',
  agentskills: 'assertions',
  'agentv-transpile': 'assertions',
  'bmad-2': 'rubric',
  'bmad-tea': 'expect',
};

/** Every key an item can list its criteria under. */
const CRITERIA_KEYS = ['assertions', 'expectations', 'rubric'] as const;

/**
 * Applies the grading rules shared by every dialect: a `should_trigger` item becomes a trigger case
 * with a `skill-used` check; `expected_output` stays judge context and becomes the criterion only
 * when nothing else grades the case (or always, when asked); a case with nothing to grade is kept
 * but warned about, since it would pass on any completed run.
 */
export function buildCase(parts: CaseParts, ctx: ReadContext): Case {
  const { identity, item, trigger, reference } = parts;
  const checks: Check[] = [];
  if (trigger) {
    if (ctx.skillName) {
      checks.push({ type: 'skill-used', value: ctx.skillName, ...(trigger.value ? {} : { negate: true }) });
    } else {
      ctx.sink.error(
        'missing-skill-name',
        `${cap(identity.label)} says "should_trigger" but the skill is unknown; add "skill_name" or put the file under the skill's directory (next to SKILL.md).`,
        trigger.node,
      );
    }
  }
  checks.push(...parts.criteria);
  const gradeReference = reference?.trim() && ctx.expectedOutput !== 'never';
  if (gradeReference && (ctx.expectedOutput === 'always' || checks.length === 0)) {
    checks.push({ type: 'llm-rubric', value: reference, name: 'expected_output' });
    if (ctx.expectedOutput === 'auto') {
      ctx.sink.info(
        'expected-output-as-criterion',
        `${cap(identity.label)} has no assertions, so its expected_output is graded as the single criterion; add "assertions" to grade specific behaviour.`,
        item,
      );
    }
  } else if (checks.length === 0) {
    // The key the item wrote (of the wrong type, or empty) is the one to fix; else the one its dialect reads.
    const own = CRITERIA_KEYS.find((name) => property(item, name) !== undefined);
    const key = own ?? CRITERIA_KEY[ctx.dialect];
    const criteria = own ? `no usable "${key}"` : `no "${key}"`;
    const lacks = key === 'rubric' ? criteria : `${criteria} and no expected_output`;
    ctx.sink.warning(
      'nothing-to-grade',
      `${cap(identity.label)} has ${lacks}: nothing can grade it, so its runs end as errors; ${own ? 'fix' : 'add'} "${key}".`,
      item,
    );
  }
  const position = ctx.sink.position(item);
  const catalogued = validChecks(checks, (problem) =>
    ctx.sink.report(problem.severity, problem.ruleId, problemSentence(problem, `${cap(identity.label)}: `), item),
  );
  return parseCase({
    id: identity.id,
    rawId: identity.rawId,
    name: parts.name,
    kind: trigger ? 'trigger' : 'task',
    turns: [parts.prompt],
    reference: reference?.trim() ? reference : undefined,
    shouldTrigger: trigger?.value,
    checks: catalogued,
    workspace: {
      ...(ctx.project ? { project: ctx.project } : {}),
      files: parts.files.found,
      ...(parts.files.missing.length > 0 ? { missingFiles: parts.files.missing } : {}),
      overlays: ctx.overlays?.(identity.id) ?? [],
    },
    limits: parts.timeoutSeconds === undefined ? {} : { timeoutSeconds: parts.timeoutSeconds },
    runs: trigger ? ctx.triggerRuns : undefined,
    skills: ctx.skills,
    metadata: parts.metadata,
    source: { file: ctx.file, ...position, format: 'evals-json', dialect: ctx.dialect },
  });
}
