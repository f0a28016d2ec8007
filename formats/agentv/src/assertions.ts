import type { Check } from '@skill-eval/core';
import { at, atKey, describe, isRecord, type ReadContext } from './context.js';
import { readGraderPrompt, renderGraderTemplate } from './grader-prompt.js';
import type { DocPath } from './source.js';

const RUBRIC_TYPES = new Set(['llm-rubric', 'rubrics', 'llm-grader', 'llm-judge', 'g-eval', 'agent-rubric']);
/** AgentV compares these with the output and the value both trimmed (`runStartsWithAssertion`, `runEqualsAssertion`). */
export const AFFIX_TYPES = new Set(['starts-with', 'ends-with', 'equals']);
const COMMON = new Set(['type', 'value', 'name', 'metric', 'weight', 'required', 'min_score', 'threshold', 'negate']);

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

/** Options of {@link readAssertions}. */
export interface AssertionOptions {
  /** Set on every check, nested ones too (a conversation turn's 1-based number). */
  turn?: number;
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
  const checks = list.flatMap((item, i) => readAssertion(item, [...path, i], ctx));
  const { turn } = options;
  return turn === undefined ? checks : checks.map((c) => onTurn(c, turn));
}

/** Tags a check with its turn; an assert-set's children too, since each child is graded by itself. */
function onTurn(check: Check, turn: number): Check {
  const children = Array.isArray(check.checks) ? (check.checks as Check[]) : undefined;
  return children ? { ...check, turn, checks: children.map((c) => onTurn(c, turn)) } : { ...check, turn };
}

function readAssertion(item: unknown, path: DocPath, ctx: ReadContext): Check[] {
  const sink = ctx.source.sink;
  if (typeof item === 'string') {
    if (item.trim() === '') {
      sink.warning('blank-assertion', 'This assertion is blank and was left out; remove it.', at(path));
      return [];
    }
    return [{ type: 'llm-rubric', value: item }];
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
  let type = item.type.trim().toLowerCase().replaceAll('_', '-');
  let negate = item.negate === true;
  if (type.startsWith('not-')) {
    type = type.slice(4);
    negate = !negate;
  }
  const hint = V5_TYPE_HINTS[type];
  if (hint && (ctx.dialect === 'agentv-5' || type === 'llm-judge' || type === 'code-judge')) {
    sink.warning('renamed-assertion', `${hint} skill-eval still reads it.`, at(path, 'type'));
  }
  const common = readCommon(item, type, path, ctx);
  if (!common) return [];
  const base: Partial<Check> = { ...common, ...(negate ? { negate: true } : {}) };
  const params = Object.fromEntries(Object.entries(item).filter(([k]) => !COMMON.has(k)));
  // Types are kept as written: grading checks them when the suite loads (unknown or unsupported is an error there).
  return mapType(type, item, params, base, path, ctx);
}

/** `name`/`metric`, `weight`, `required`, `min_score`/`threshold`: the modifiers every AgentV grader takes. */
function readCommon(item: Record<string, unknown>, type: string, path: DocPath, ctx: ReadContext) {
  const sink = ctx.source.sink;
  const out: Partial<Check> & { threshold?: number } = {};
  const name = item.name ?? item.metric;
  if (typeof name === 'string' && name.trim() !== '') out.name = name;
  if (item.weight !== undefined) {
    if (typeof item.weight === 'number' && item.weight >= 0) out.weight = item.weight;
    else sink.error('wrong-type', `"weight" is ${String(item.weight)}; write a number ≥ 0.`, at(path, 'weight'));
  }
  if (item.required !== undefined) {
    if (typeof item.required === 'boolean') out.required = item.required;
    else if (typeof item.required === 'number' && item.required > 0 && item.required <= 1) {
      out.required = true;
      out.threshold = item.required;
      sink.warning(
        'deprecated-field',
        `A numeric "required" is deprecated in AgentV; read as required: true with min_score: ${item.required}.`,
        at(path, 'required'),
      );
    } else
      sink.error('wrong-type', `"required" is ${describe(item.required)}; write true or false.`, at(path, 'required'));
  }
  // latency/cost take their limit in `threshold`/`budget`, not a score threshold.
  const scoreKeys = type === 'latency' ? ['min_score'] : ['min_score', 'threshold'];
  for (const key of scoreKeys) {
    const v = item[key];
    if (v === undefined) continue;
    if (typeof v === 'number' && v >= 0 && v <= 1) out.threshold = v;
    else sink.error('wrong-type', `"${key}" is ${String(v)}; write a number between 0 and 1.`, at(path, key));
  }
  return out;
}

/** Maps one AgentV/promptfoo assertion onto skill-eval's check vocabulary. */
function mapType(
  type: string,
  item: Record<string, unknown>,
  params: Record<string, unknown>,
  base: Partial<Check>,
  path: DocPath,
  ctx: ReadContext,
): Check[] {
  const sink = ctx.source.sink;
  const value = item.value;
  if (RUBRIC_TYPES.has(type)) return rubricChecks(type, item, params, base, path, ctx);
  switch (type) {
    case 'contains':
    case 'icontains':
    case 'equals':
    case 'starts-with':
    case 'ends-with':
    case 'regex':
      if (typeof value !== 'string' && typeof value !== 'number') {
        sink.error(
          'wrong-type',
          `The value of a '${type}' assertion is ${describe(value)}; write a string.`,
          at(path, 'value'),
        );
        return [];
      }
      return [{ ...base, type, value: String(value), ...(AFFIX_TYPES.has(type) ? { trim: true } : {}), ...params }];
    case 'contains-any':
    case 'contains-all':
    case 'icontains-any':
    case 'icontains-all': {
      const list = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : value;
      if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
        sink.error(
          'wrong-type',
          `The value of a '${type}' assertion is ${describe(value)}; write a list of strings.`,
          at(path, 'value'),
        );
        return [];
      }
      return [{ ...base, type, value: list.map(String), ...params }];
    }
    case 'skill-used':
    case 'skill-trigger':
      return skillChecks(type, item, params, base, path, ctx);
    case 'script':
    case 'code-grader':
    case 'code-judge': {
      const { command, script, ...rest } = params;
      const raw = command ?? script ?? value;
      const text = Array.isArray(raw) && raw.every((a) => typeof a === 'string') ? shellJoin(raw) : raw;
      if (typeof text !== 'string' || text.trim() === '') {
        sink.error('wrong-type', `A '${type}' assertion needs "command": a string or an argv list.`, at(path));
        return [];
      }
      return [{ ...base, type: 'script', value: text, ...rest, ...(Array.isArray(raw) ? { argv: raw } : {}) }];
    }
    case 'assert-set':
    case 'composite': {
      const { assert, assertions, evaluators, aggregator, ...rest } = params;
      const key = assert !== undefined ? 'assert' : assertions !== undefined ? 'assertions' : 'evaluators';
      const children = readAssertions(assert ?? assertions ?? evaluators ?? [], [...path, key], ctx);
      const aggThreshold =
        isRecord(aggregator) && typeof aggregator.threshold === 'number' ? aggregator.threshold : undefined;
      return [
        {
          ...base,
          type: 'assert-set',
          checks: type === 'composite' ? compositeMembers(children, aggregator) : children,
          ...(aggThreshold !== undefined && base.threshold === undefined ? { threshold: aggThreshold } : {}),
          ...(aggregator !== undefined ? { aggregator } : {}),
          ...rest,
        },
      ];
    }
    case 'tool-trajectory': {
      const { expected, mode, ...rest } = params;
      const tools = Array.isArray(expected) ? expected.map((e) => (isRecord(e) ? e.tool : e)) : [];
      return [
        { ...base, type: 'tool-trajectory', tools, mode: dashMode(mode), ...(expected ? { expected } : {}), ...rest },
      ];
    }
    case 'trajectory:tool-used': {
      const names = Array.isArray(value) ? value : [value];
      return names.map((v) => {
        const spec = isRecord(v) ? v : { name: v };
        const { name, ...more } = spec;
        return { ...base, type: 'tool-called', value: name, ...more, ...params };
      });
    }
    case 'trajectory:tool-args-match': {
      const spec = isRecord(value) ? value : {};
      const { name, args, mode, ...more } = spec;
      return [
        { ...base, type: 'tool-called', value: name, args, ...(mode ? { argsMode: mode } : {}), ...more, ...params },
      ];
    }
    case 'trajectory:tool-sequence': {
      const spec = isRecord(value) ? value : { steps: value };
      const { steps, mode, ...more } = spec;
      return [
        { ...base, type: 'tool-trajectory', tools: steps, mode: dashMode(mode ?? 'in_order'), ...more, ...params },
      ];
    }
    case 'latency': {
      const { threshold, ...rest } = params;
      const max = item.threshold ?? value ?? threshold;
      return [{ ...base, type: 'latency', max, ...rest }];
    }
    case 'cost': {
      const { budget, ...rest } = params;
      return [{ ...base, type: 'cost', max: budget ?? value, ...rest }];
    }
    case 'token-usage': {
      // AgentV reads both spellings (`max_total`, `maxTotal` …).
      const { max_total, maxTotal, max_input, maxInput, max_output, maxOutput, ...rest } = params;
      const limits = {
        max: max_total ?? maxTotal ?? value,
        maxInput: max_input ?? maxInput,
        maxOutput: max_output ?? maxOutput,
      };
      const given = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
      return [{ ...base, type: 'token-usage', ...given, ...rest }];
    }
    default:
      return [{ ...base, type, ...(value !== undefined ? { value } : {}), ...params }];
  }
}

/**
 * A `composite`'s members as AgentV weighs them: `aggregator.weights` by member name (1 for a name it leaves out),
 * the members' own `weight` ignored (`CompositeGrader.runWeightedAverage`); a `threshold` aggregator counts each
 * member once.
 */
function compositeMembers(children: Check[], aggregator: unknown): Check[] {
  const weights = isRecord(aggregator) && isRecord(aggregator.weights) ? aggregator.weights : {};
  return children.map((child) => {
    const weight = typeof child.name === 'string' ? weights[child.name] : undefined;
    return { ...child, weight: typeof weight === 'number' ? weight : 1 };
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
  const key = item.value !== undefined ? 'value' : criteria !== undefined ? 'criteria' : 'rubrics';
  const raw = item.value ?? criteria ?? rubrics;
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
  const withTemplate = (text: string) => (template ? renderGraderTemplate(template.text, text, ctx) : text);
  if (typeof raw === 'string' && raw.trim() !== '')
    return [{ ...base, type: 'llm-rubric', value: withTemplate(raw), ...rest }];
  if (!Array.isArray(raw) || raw.length === 0) {
    if (template)
      return [{ ...base, type: 'llm-rubric', value: withTemplate(ctx.graderVars?.criteria ?? ''), ...rest }];
    ctx.source.sink.warning(
      'missing-criteria',
      `This '${type}' assertion has no criteria (no "value" and no "prompt"); AgentV skips it with a warning, and so does skill-eval. Give "value" a criterion string or a list of criteria.`,
      raw === undefined ? at(path) : at(path, key),
    );
    return [];
  }
  const itemWeight = (c: unknown) => (isRecord(c) && typeof c.weight === 'number' ? c.weight : 1);
  const total = raw.reduce((sum: number, c) => sum + itemWeight(c), 0) || 1;
  const share = base.weight ?? 1;
  const checks: Check[] = [];
  raw.forEach((criterion, i) => {
    const text = typeof criterion === 'string' ? criterion : isRecord(criterion) ? criterionText(criterion) : undefined;
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

/** A rubric item's text: its `outcome` (or `criteria`); an item graded by `score_ranges` alone is its id and ranges. */
function criterionText(item: Record<string, unknown>): unknown {
  const outcome = item.outcome ?? item.criteria;
  if (outcome !== undefined || !isRecord(item.score_ranges)) return outcome;
  const ranges = Object.entries(item.score_ranges).map(([score, text]) => `${score}: ${String(text)}`);
  return `${typeof item.id === 'string' ? item.id : 'Criterion'}, scored 0-10:\n${ranges.join('\n')}`;
}

/** `skill-used` (a name, a list of names = all of them, or `{name|pattern, min, max}`) and 4.x `skill-trigger`. */
function skillChecks(
  type: string,
  item: Record<string, unknown>,
  params: Record<string, unknown>,
  base: Partial<Check>,
  path: DocPath,
  ctx: ReadContext,
): Check[] {
  if (type === 'skill-trigger') {
    const { skill, should_trigger, ...rest } = params;
    if (typeof skill !== 'string' || skill.trim() === '') {
      ctx.source.sink.error(
        'wrong-type',
        "A 'skill-trigger' assertion needs \"skill\": the skill's name.",
        atKey(path, 'type'),
      );
      return [];
    }
    const negate = (should_trigger === false) !== (base.negate === true);
    const { negate: _drop, ...plain } = base;
    return [{ ...plain, type: 'skill-used', value: skill, ...(negate ? { negate: true } : {}), ...rest }];
  }
  const value = item.value;
  if (Array.isArray(value)) return skillListChecks(value, base, params, path, ctx);
  const where: DocPath = [...path, 'value'];
  if (typeof value === 'string' && value.trim() !== '') return [{ ...base, type: 'skill-used', value, ...params }];
  if (isRecord(value) && (typeof value.name === 'string' || typeof value.pattern === 'string')) {
    const check = countedSkillCheck(value, base, params, where, ctx);
    return check ? [check] : [];
  }
  ctx.source.sink.error(
    'wrong-type',
    `A 'skill-used' assertion names the skill in "value"; it is ${describe(value)}.`,
    at(where),
  );
  return [];
}

/**
 * `value: [a, b]`: AgentV grades the list as one assertion — it passes when every skill fired, or (not-skill-used)
 * when none did — so it is one check, counted once in the test's score. "None fired" is a group of negated checks
 * carrying no weight of their own, so the group scores 1 or 0 as AgentV does, never a share.
 */
function skillListChecks(
  names: unknown[],
  base: Partial<Check>,
  params: Record<string, unknown>,
  path: DocPath,
  ctx: ReadContext,
): Check[] {
  const bad = names.findIndex((name) => typeof name !== 'string' || name.trim() === '');
  if (names.length === 0 || bad >= 0) {
    ctx.source.sink.error(
      'wrong-type',
      names.length === 0
        ? "A 'skill-used' list is empty; name at least one skill."
        : `Skill ${bad + 1} of this 'skill-used' list is ${describe(names[bad])}; AgentV takes a list of skill names only. Write a {name, min, max} count as its own assertion.`,
      at([...path, 'value', ...(bad >= 0 ? [bad] : [])]),
    );
    return [];
  }
  if (base.negate !== true) return [{ ...base, type: 'skill-used', value: names, ...params }];
  const { negate: _drop, ...plain } = base;
  // Required and weightless: the group scores 1 when every one holds, else 0.
  const none = names.map(
    (name): Check => ({ type: 'skill-used', value: name, negate: true, weight: 0, required: true, ...params }),
  );
  return [{ ...plain, type: 'assert-set', checks: none }];
}

/**
 * `{name, min, max}`: AgentV counts the skill's calls (min defaults to 1, or 0 beside a max). skill-eval sees only
 * whether a skill fired, so it grades "at least once" (min 1) and "never" (max 0, as not-skill-used) and refuses
 * other counts and name patterns rather than grade them as "fired at least once".
 */
function countedSkillCheck(
  spec: Record<string, unknown>,
  base: Partial<Check>,
  params: Record<string, unknown>,
  where: DocPath,
  ctx: ReadContext,
): Check | undefined {
  const sink = ctx.source.sink;
  const { name, pattern, min, max, ...more } = spec;
  if (pattern !== undefined) {
    sink.error(
      'unsupported-skill-count',
      `A 'skill-used' pattern (${JSON.stringify(pattern)}) cannot be graded: skill-eval matches skills by their exact name. Write the skill's name in "name" instead.`,
      at(where, 'pattern'),
    );
    return undefined;
  }
  for (const [key, bound] of [
    ['min', min],
    ['max', max],
  ] as const) {
    if (bound !== undefined && !(Number.isInteger(bound) && (bound as number) >= 0)) {
      sink.error('wrong-type', `"${key}" is ${String(bound)}; write a whole number ≥ 0.`, at(where, key));
      return undefined;
    }
  }
  const least = (min as number | undefined) ?? (max === undefined ? 1 : 0);
  const most = max as number | undefined;
  const inverse = base.negate === true;
  const never = most === 0;
  const once = least === 1 && most === undefined;
  if (inverse ? min !== undefined || (most !== undefined && !never) : !never && !once) {
    const counts = [min === undefined ? '' : `min: ${min}`, most === undefined ? '' : `max: ${most}`]
      .filter(Boolean)
      .join(', ');
    sink.error(
      'unsupported-skill-count',
      `skill-eval grades whether skill "${String(name)}" fired, not how many times, so {${counts}} cannot be graded. Write {name: ${String(name)}} for at least once, or {name: ${String(name)}, max: 0} (or not-skill-used) for never.`,
      at(where, min !== undefined ? 'min' : 'max'),
    );
    return undefined;
  }
  const { negate: _drop, ...plain } = base;
  return {
    ...plain,
    type: 'skill-used',
    value: name,
    ...(inverse || never ? { negate: true } : {}),
    ...more,
    ...params,
  };
}

const dashMode = (mode: unknown) => (typeof mode === 'string' ? mode.replaceAll('_', '-') : mode);

/** Joins an argv list into one POSIX shell command, quoting where needed. */
export function shellJoin(argv: readonly string[]): string {
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)).join(' ');
}
