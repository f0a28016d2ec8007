import {
  COMMON_PARAMS,
  canonicalCheck,
  checkProblems,
  compositeWeights,
  problemSentence,
  RUBRIC,
  RUBRIC_ALIASES,
} from '@skill-eval/checks';
import { type Check, normalizeCheck } from '@skill-eval/core';
import { agentv4AssertionScript } from './agentv4-custom-assertions.js';
import { agentv4ImplicitCriterion, agentv4TrajectorySteps, agentv4UnreadCriteria } from './agentv4-graders.js';
import { agentv4Kept, agentv4SkipsMember } from './agentv4-kept.js';
import { agentv5DropsEmptySet, agentv5DropsTemplateOnlyRubric } from './agentv5-drops.js';
import { at, describe, isRecord, type ReadContext } from './context.js';
import { readGraderPrompt, renderGraderTemplate } from './grader-prompt.js';
import { agentvNegation } from './negation.js';
import { scoreRangeCriterion } from './score-ranges.js';
import type { DocPath } from './source.js';

/** AgentV 5's message for assertion types it removed; a 4.x file may still use them. */
const V5_TYPE_HINTS: Record<string, string> = {
  rubrics:
    "Assertion type 'rubrics' is the AgentV 4 spelling; AgentV 5 reads type: llm-rubric with the criteria under value.",
  'llm-judge': "Assertion type 'llm-judge' was renamed; AgentV 5 reads type: llm-rubric.",
  'code-judge': "Assertion type 'code-judge' was renamed; AgentV 5 reads type: script with command.",
  'code-grader': "Assertion type 'code-grader' was renamed; AgentV 5 reads type: script with command.",
  composite: "Unsupported assertion type 'composite' in AgentV 5. Use 'assert-set' instead.",
  'skill-trigger':
    "Authored assertion type 'skill-trigger' has been removed in AgentV 5. Use 'skill-used' (or 'not-skill-used') with value: <skill>.",
  'tool-trajectory':
    "Authored assertion type 'tool-trajectory' has been removed in AgentV 5. Use trajectory:tool-used, trajectory:tool-sequence or trajectory:tool-args-match.",
};

/**
 * The types AgentV 5's grader parser refuses, with its words (EntityProcess/agentv 58f316ca2,
 * loaders/grader-parser.ts:42-74 `removedGraderReplacement` / `removedPublicLlmGraderMessage`, 161-218 the stale
 * skill-trigger and tool-trajectory); it compares the type as written (`normalizeGraderType` changes nothing).
 */
const V5_REPLACED: Record<string, string> = {
  'script-grader': 'script',
  'code-judge': 'script',
  'g-eval': 'llm-rubric',
  rubrics: 'llm-rubric with value',
  rubric: 'llm-rubric with value',
  code_grader: 'script',
  code_judge: 'script',
  composite: 'assert-set',
  llm_judge: 'llm-rubric',
  tool_trajectory: 'tool-trajectory',
  field_accuracy: 'field-accuracy',
  token_usage: 'token-usage',
  execution_metrics: 'execution-metrics',
  contains_any: 'contains-any',
  contains_all: 'contains-all',
  icontains_any: 'icontains-any',
  icontains_all: 'icontains-all',
  starts_with: 'starts-with',
  ends_with: 'ends-with',
  is_json: 'is-json',
};

function v5RefusedType(written: string): string | undefined {
  const dashed = written.replace(/_/g, '-');
  if (dashed === 'skill-trigger')
    return "Authored assertion type 'skill-trigger' has been removed. Use 'skill-used' with value: <skill> for expected skill use, or 'not-skill-used' with value: <skill> when the skill must not be used.";
  if (dashed === 'tool-trajectory') return "Authored assertion type 'tool-trajectory' has been removed.";
  if (dashed === 'llm-grader' || dashed === 'llm-judge')
    return "Use 'llm-rubric' for free-form rubric checks or 'agent-rubric' for agentic rubric checks.";
  const replacement = Object.hasOwn(V5_REPLACED, written) ? V5_REPLACED[written] : undefined;
  return replacement ? `Use '${replacement}' instead.` : undefined;
}

/** Options of {@link readAssertions}. */
export interface AssertionOptions {
  /** Set on every check, nested ones too (a conversation turn's 1-based number). */
  turn?: number;
  /** The list holds the members of an assert-set or composite, which AgentV runs without their `negate`. */
  members?: boolean;
}

/** Reads an `assert` (or 4.x `assertions`/`evaluators`) list into checks, reporting every faulty entry. */
export function readAssertions(
  list: unknown,
  path: DocPath,
  ctx: ReadContext,
  options: AssertionOptions = {},
): Check[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    ctx.source.sink.error(
      'wrong-type',
      `"${String(path.at(-1))}" is ${describe(list)}; write a list of assertions (strings or {type, value} maps).`,
      at(path),
    );
    return [];
  }
  const checks = list.flatMap((item, i) =>
    item === SKIPPED ? [] : readAssertion(item, [...path, i], ctx, options.members === true),
  );
  const { turn } = options;
  return turn === undefined ? checks : checks.map((c) => onTurn(c, turn));
}

/** Tags a check with its turn; an assert-set's children too, since each child is graded by itself. */
function onTurn(check: Check, turn: number): Check {
  const children = Array.isArray(check.checks) ? (check.checks as Check[]) : undefined;
  return children ? { ...check, turn, checks: children.map((c) => onTurn(c, turn)) } : { ...check, turn };
}

function readAssertion(item: unknown, path: DocPath, ctx: ReadContext, member: boolean): Check[] {
  const sink = ctx.source.sink;
  if (typeof item === 'string') {
    if (item.trim() === '') {
      sink.warning('blank-assertion', 'This assertion is blank and was left out; remove it.', at(path));
      return [];
    }
    // AgentV 5 trims a string criterion (grader-parser.ts at 58f316ca2, lines 603-608): a folded or block scalar's
    // closing newline is not part of it.
    return [{ type: 'llm-rubric', value: ctx.dialect === 'agentv-5' ? item.trim() : item }];
  }
  if (!isRecord(item)) {
    sink.error(
      'wrong-type',
      `An assertion is ${describe(item)}; write a string (a rubric criterion) or a map with a "type".`,
      at(path),
    );
    return [];
  }
  if (typeof item.include === 'string' && item.type === undefined) {
    sink.warning(
      'unsupported-field',
      `Assertion includes ("include: ${item.include}") are not resolved by skill-eval; the entry is kept as an "include" check that grading reports as unsupported. Inline the assertions instead.`,
      at(path),
    );
    return [{ type: 'include', value: item.include }];
  }
  if (typeof item.type !== 'string' || item.type.trim() === '') {
    sink.error(
      'missing-type',
      'This assertion has no "type"; add one (e.g. type: contains) or write it as a string.',
      at(path),
    );
    return [];
  }
  const refused = ctx.dialect === 'agentv-5' ? v5RefusedType(item.type) : undefined;
  if (refused) {
    // grader-parser.ts:656-672 throws on these types, and yaml-parser logs "Skipping test" and goes on.
    sink.warning(
      'dropped-by-agentv',
      `AgentV 5 skips this test: it refuses the assertion type '${item.type}' ("${refused}"), and so does skill-eval.`,
      at(path, 'type'),
    );
    if (ctx.skipTest) ctx.skipTest.skipped = true;
    return [];
  }
  const removedTarget = ctx.dialect === 'agentv-5' ? removedTargetField(item) : undefined;
  if (removedTarget) {
    // grader-parser.ts at 58f316ca2 throws (script: line 877-881; the rubric graders: 1708-1713), and yaml-parser logs
    // "Skipping test" and goes on.
    sink.warning(
      'dropped-by-agentv',
      `AgentV 5 skips this test: ${removedTarget} ("Assertion field 'target' has been removed … Use assertion 'provider' instead"), and so does skill-eval. Write provider: instead of target:.`,
      at(path, 'target'),
    );
    if (ctx.skipTest) ctx.skipTest.skipped = true;
    return [];
  }
  if (ctx.dialect === 'agentv-5' && STRING_LIST_TYPES.has(item.type) && !hasString(item.value)) {
    // grader-parser.ts at 58f316ca2, lines 1534-1541 and 1586-1593 (asStringArrayStrict, 2185-2191): AgentV 5 skips
    // the grader unless its value is a list holding a string; a string, a comma list included, is no such list. Only
    // these spellings reach that code (a `not-` or `_` one is another matter there).
    ctx.source.sink.warning(
      'dropped-by-agentv',
      `AgentV 5 skips this '${String(item.type)}' assertion: its value ${describe(item.value)} is not a list of strings ("value must be a non-empty string array"), so it grades nothing; skill-eval leaves it out too. Write the value as a list.`,
      at(path, 'value'),
    );
    return [];
  }
  return readTypedAssertion(
    negatedAsAgentv(item as Record<string, unknown> & { type: string }, path, ctx, member),
    path,
    ctx,
  );
}

function readTypedAssertion(written: Record<string, unknown>, path: DocPath, ctx: ReadContext): Check[] {
  const sink = ctx.source.sink;
  const custom = ctx.dialect === 'agentv-4' ? agentv4Custom(written, ctx) : undefined;
  if (custom) return [custom];
  const { type } = normalizeCheck(written as Check);
  const kept = ctx.dialect === 'agentv-4' ? keptByAgentv4(type, written, path, ctx) : written;
  const item = kept && ctx.dialect === 'agentv-4' && type === 'tool-trajectory' ? agentv4Steps(kept, path, ctx) : kept;
  if (!item) return [];
  if (ctx.dialect === 'agentv-4' && (type === 'llm-judge' || type === 'code-judge')) {
    // @agentv/core 4.42.4 parseGraderList (dist/chunk-FRDEARJA.js:18186-18191) skips the deprecated judge types.
    const grader = type.replace('-judge', '-grader');
    sink.warning(
      'dropped-by-agentv',
      `AgentV 4 skips this assertion: '${String(item.type)}' is deprecated there ("Use '${grader}' instead"), so it grades nothing; skill-eval leaves it out too. Write type: ${grader} to have it graded.`,
      at(path, 'type'),
    );
    return [];
  }
  const hint = V5_TYPE_HINTS[type];
  if (hint && ctx.dialect === 'agentv-5') {
    sink.warning('renamed-assertion', `${hint} skill-eval still reads it.`, at(path, 'type'));
  }
  const rubric = type === RUBRIC || RUBRIC_ALIASES.has(type);
  // The catalogue checks every parameter; the criteria of a rubric are the rubric reader's to report.
  const problems = checkProblems(item, { vocabulary: 'agentv', children: false }).filter(
    (p) => !(rubric && (p.path.length === 0 || CRITERIA_KEYS.has(String(p.path[0])))),
  );
  for (const problem of problems) {
    const where = at(path, ...problem.path);
    sink.report(problem.severity, problem.ruleId, problemSentence(problem), where);
  }
  if (problems.some((p) => p.severity === 'error')) return [];
  if (rubric) return rubricChecks(type, item, criteriaParams(item), modifiers(item), path, ctx);
  if (type === 'assert-set' || type === 'composite') return groupCheck(item, path, ctx);
  const check = canonicalCheck(item as Check, AGENTV);
  // AgentV 4's tool-trajectory reads one list, the one its mode names (`ToolTrajectoryGrader.evaluate`, @agentv/core
  // 4.42.4 dist/chunk-FRDEARJA.js:4647-4688); AgentV 5's trajectory:tool-sequence, which maps onto it too, does not.
  return [ctx.dialect === 'agentv-4' && type === 'tool-trajectory' ? { ...check, agentv: true } : check];
}

/** The assertion with its `not-` prefix and `negate` replaced by what AgentV makes of them at the file's version. */
function negatedAsAgentv(
  item: Record<string, unknown> & { type: string },
  path: DocPath,
  ctx: ReadContext,
  member: boolean,
): Record<string, unknown> {
  const negation = agentvNegation(item.type, item.negate, ctx.dialect, member);
  const { warning } = negation;
  if (warning) {
    const where = at(path, warning.onType ? 'type' : 'negate');
    const sink = ctx.source.sink;
    if (warning.kind === 'negate-cancelled') sink.warning('negate-cancelled', warning.message, where);
    else if (warning.kind === 'member-negate-ignored') sink.warning('member-negate-ignored', warning.message, where);
    else sink.warning('unknown-negated-type', warning.message, where);
  }
  const { negate: _negate, ...plain } = item;
  return { ...plain, type: negation.type, ...(negation.negate ? { negate: true } : {}) };
}

const AGENTV = { vocabulary: 'agentv' } as const;
/** Why AgentV 5 refuses a grader's `target` (its judge is named by `provider` now), or undefined if it does not. */
function removedTargetField(item: Record<string, unknown>): string | undefined {
  const type = String(item.type).toLowerCase().replaceAll('_', '-');
  if ((type === 'script' || type === 'code-grader') && item.target !== undefined)
    return `its script grader names its judge with 'target'`;
  if ((type === 'llm-rubric' || type === 'agent-rubric') && typeof item.target === 'string')
    return `its '${type}' grader names its judge with 'target'`;
  return undefined;
}

/** The types whose value AgentV 5 reads as a list of strings. */
const STRING_LIST_TYPES = new Set(['contains-any', 'contains-all', 'icontains-any', 'icontains-all']);
const hasString = (value: unknown) => Array.isArray(value) && value.some((v) => typeof v === 'string');
/** A composite member AgentV skips (and the reader has said so), kept in its place in the list. */
const SKIPPED = Symbol('skipped by AgentV');
const CRITERIA_KEYS = new Set(['value', 'criteria', 'rubrics', 'prompt']);
/** The keys under which AgentV groups hold their members. */
const MEMBER_KEYS = ['assert', 'assertions', 'evaluators', 'checks'] as const;

/**
 * The modifiers every AgentV grader takes (name or metric, weight, required, min_score, negate), as the catalogue
 * reads them in AgentV's vocabulary.
 */
function modifiers(item: Record<string, unknown>): Partial<Check> {
  const common = Object.fromEntries(Object.entries(item).filter(([key]) => Object.hasOwn(COMMON_PARAMS, key)));
  // Any type without parameter spellings of its own reads the modifiers alone.
  const { type: _type, ...base } = canonicalCheck({ ...common, type: 'is-json' }, AGENTV);
  return base;
}

/** A rubric's keys beside the modifiers: its criteria, prompt and whatever else it carries. */
function criteriaParams(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).filter(
      ([key]) => !Object.hasOwn(COMMON_PARAMS, key) && key !== 'threshold' && key !== 'value',
    ),
  );
}

/**
 * The assertion as AgentV 4.42.4's loader keeps it (agentv4-kept.ts): undefined when AgentV skips it, which is said
 * at its line; a parameter AgentV leaves out is said too.
 */
function keptByAgentv4(
  type: string,
  item: Record<string, unknown>,
  path: DocPath,
  ctx: ReadContext,
): Record<string, unknown> | undefined {
  const kept = agentv4Kept(type, item);
  const sink = ctx.source.sink;
  if ('dropped' in kept) {
    sink.warning(
      'dropped-by-agentv',
      `AgentV 4 skips this '${type}' assertion: ${kept.dropped.message}. skill-eval leaves it out too and grades the test's other assertions.`,
      kept.dropped.key ? at(path, kept.dropped.key) : at(path),
    );
    if (ctx.dropped) ctx.dropped.count++;
    return undefined;
  }
  for (const { key, message } of kept.removed)
    sink.warning('ignored-by-agentv', `${message}; so does skill-eval.`, at(path, ...key));
  return kept.item;
}

/**
 * A 4.x custom assertion type with its script in the project's `.agentv/assertions/` (agentv4-custom-assertions.ts):
 * a code grader running `bun run <script>`, as AgentV 4 runs it, under the assertion's name and modifiers.
 */
function agentv4Custom(item: Record<string, unknown>, ctx: ReadContext): Check | undefined {
  const type = String(item.type).replaceAll('_', '-');
  const script = agentv4AssertionScript(type, ctx.fileBases[0] ?? '.', ctx.projectRoot);
  if (!script) return undefined;
  return {
    ...modifiers(item),
    name: typeof item.name === 'string' ? item.name : type,
    type: 'code-grader',
    command: ['bun', 'run', script],
  };
}

/**
 * A 4.x tool-trajectory's steps as skill-eval's trajectory reads them (agentv4-graders.ts), the grader's `args_match`
 * applied to them; what cannot be followed is said at its line.
 */
function agentv4Steps(item: Record<string, unknown>, path: DocPath, ctx: ReadContext): Record<string, unknown> {
  const { expected, notes } = agentv4TrajectorySteps(item);
  for (const note of notes) {
    const where = at(path, ...note.key);
    if (note.code === 'trajectory-latency')
      ctx.source.sink.report(note.severity, 'trajectory-latency', note.message, where);
    else ctx.source.sink.report(note.severity, 'trajectory-args', note.message, where);
  }
  if (expected === undefined) return item;
  const { args_match: _a, argsMatch: _b, ...rest } = item;
  return { ...rest, expected };
}

/** `assert-set` and AgentV 4's `composite`: the members read like any assertion, weighed by the aggregator. */
function groupCheck(item: Record<string, unknown>, path: DocPath, ctx: ReadContext): Check[] {
  const key = MEMBER_KEYS.find((k) => item[k] !== undefined) ?? 'assert';
  const composite = normalizeCheck(item as Check).type === 'composite';
  const written = Array.isArray(item[key]) ? (item[key] as unknown[]) : (item[key] ?? []);
  const members = readAssertions(membersAgentvReads(written, composite, [...path, key], ctx), [...path, key], ctx, {
    members: true,
  });
  if (!composite && agentv5DropsEmptySet(written, members.length, path, ctx)) return [];
  if (composite && ctx.dialect === 'agentv-4' && members.length === 0 && Array.isArray(written) && written.length > 0) {
    // "no valid member evaluators" (@agentv/core 4.42.4 dist/chunk-FRDEARJA.js:18403-18408).
    ctx.source.sink.warning(
      'dropped-by-agentv',
      "AgentV 4 skips this composite: it keeps none of its members. skill-eval leaves it out too and grades the test's other assertions.",
      at(path, key),
    );
    if (ctx.dropped) ctx.dropped.count++;
    return [];
  }
  const { [key]: _members, ...rest } = item;
  const group = canonicalCheck({ ...rest, type: String(item.type), [key]: [] } as Check, AGENTV);
  return [{ ...group, checks: composite ? compositeWeights(members, item.aggregator) : members }];
}

/**
 * A 4.x composite's members without those AgentV skips for want of a `name` or of a type spelled as it knows it
 * (agentv4-kept.ts `agentv4SkipsMember`); each is said at its line, and its place is kept so that lines stay right.
 */
function membersAgentvReads(written: unknown, composite: boolean, path: DocPath, ctx: ReadContext): unknown {
  if (!composite || ctx.dialect !== 'agentv-4' || !Array.isArray(written)) return written;
  return written.map((member, i) => {
    if (!agentv4SkipsMember(member)) return member;
    ctx.source.sink.warning(
      'dropped-by-agentv',
      'AgentV 4 skips this composite member: it needs a "name", and its type spelled with "-" as AgentV spells it. skill-eval leaves it out too.',
      at(path, i),
    );
    return SKIPPED;
  });
}

/** `llm-rubric` (v5), `rubrics`/`llm-grader` (4.x): one check per criterion, weights splitting the grader's share. */
function rubricChecks(
  type: string,
  item: Record<string, unknown>,
  params: Record<string, unknown>,
  base: Partial<Check>,
  path: DocPath,
  ctx: ReadContext,
): Check[] {
  const { criteria, rubrics, prompt, ...rest } = params;
  const unread = ctx.dialect === 'agentv-4' ? agentv4UnreadCriteria(String(item.type), item) : [];
  for (const k of unread)
    ctx.source.sink.warning(
      'ignored-by-agentv',
      `AgentV 4 does not read "${k}" on an llm-grader (it grades the test's criteria, unless the grader has a "prompt" or "rubrics"); so does skill-eval. Write prompt: <the criterion> to have this text graded.`,
      at(path, k),
    );
  const key =
    item.value !== undefined && unread.length === 0
      ? 'value'
      : criteria !== undefined && unread.length === 0
        ? 'criteria'
        : 'rubrics';
  const raw = unread.length > 0 ? rubrics : (item.value ?? criteria ?? rubrics);
  const grader = prompt === undefined ? undefined : readGraderPrompt(prompt, [...path, 'prompt'], ctx);
  // Bare prompt text is the criterion, over any value (AgentV's llmGraderFactory puts it in {{ criteria }}).
  if (grader?.kind === 'criteria') return [{ ...base, type: 'llm-rubric', value: grader.text, ...rest }];
  const template = grader?.kind === 'template' ? grader : undefined;
  if (template) {
    ctx.source.sink.warning(
      'grader-template',
      `This grader's prompt template${template.file ? ` (${template.file})` : ''} becomes the instructions of its criterion for skill-eval's judge, its {{ variables }} filled from the test; {{ output }}, {{ tool_calls }} and {{ file_changes }} point at the agent's work, which the judge is shown. The judge answers in its own format (a verdict with quoted evidence), not the template's.`,
      at(path, 'prompt'),
    );
  }
  if (agentv5DropsTemplateOnlyRubric(item.type, template?.file, raw, path, ctx)) return [];
  const withTemplate = (text: string) => (template ? renderGraderTemplate(template.text, text, ctx) : text);
  if (typeof raw === 'string' && raw.trim() !== '')
    return [{ ...base, type: 'llm-rubric', value: withTemplate(raw), ...rest }];
  if (!Array.isArray(raw) || raw.length === 0) {
    if (template)
      return [{ ...base, type: 'llm-rubric', value: withTemplate(ctx.graderVars?.criteria ?? ''), ...rest }];
    const implicit =
      ctx.dialect === 'agentv-4' ? agentv4ImplicitCriterion(String(item.type), ctx.graderVars?.criteria) : undefined;
    if (implicit !== undefined) return [{ ...base, type: 'llm-rubric', value: implicit, ...rest }];
    ctx.source.sink.warning(
      'missing-criteria',
      ctx.dialect === 'agentv-4' && String(item.type).replaceAll('_', '-') === 'llm-grader'
        ? `This 'llm-grader' assertion has no criteria of its own, and its test has no "criteria": AgentV 4 would grade the answer against empty criteria; skill-eval leaves it out. Give the test criteria, or the assertion a "prompt".`
        : `This '${type}' assertion has no criteria (no "value" and no "prompt"); AgentV skips it with a warning, and so does skill-eval. Give "value" a criterion string or a list of criteria.`,
      raw === undefined ? at(path) : at(path, key),
    );
    return [];
  }
  const itemWeight = (c: unknown) => (isRecord(c) && typeof c.weight === 'number' ? c.weight : 1);
  const total = raw.reduce((sum: number, c) => sum + itemWeight(c), 0) || 1;
  const share = base.weight ?? 1;
  const checks: Check[] = [];
  raw.forEach((criterion, i) => {
    const text =
      typeof criterion === 'string' ? criterion : isRecord(criterion) ? criterionText(criterion, i) : undefined;
    if (typeof text !== 'string' || text.trim() === '') {
      ctx.source.sink.error(
        'missing-criteria',
        `Criterion ${i + 1} of this '${type}' assertion has no text; write a string or a map with "outcome".`,
        at(path, key, i),
      );
      return;
    }
    const check: Check = { ...base, type: 'llm-rubric', value: withTemplate(text), ...rest };
    if (raw.length > 1 || itemWeight(criterion) !== 1) check.weight = (share * itemWeight(criterion)) / total;
    if (isRecord(criterion)) {
      const { outcome, id, weight, required, min_score, operator, ...more } = criterion;
      if (typeof id === 'string') check.name = id;
      if (typeof required === 'boolean') check.required = required;
      if (typeof min_score === 'number') check.threshold = min_score;
      if (operator === 'contradiction') {
        check.value = `The output does not contradict this: ${outcome}`;
        Object.assign(check, { operator, outcome });
      } else if (operator !== undefined) Object.assign(check, { operator });
      Object.assign(check, more);
    }
    checks.push(check);
  });
  return checks;
}

/** A rubric item's text: its `outcome` (or `criteria`); an item with `score_ranges`, those as AgentV words them. */
function criterionText(item: Record<string, unknown>, index: number): unknown {
  return scoreRangeCriterion(item, index) ?? item.outcome ?? item.criteria;
}
