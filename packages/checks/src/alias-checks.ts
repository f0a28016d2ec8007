import { type Check, normalizeCheck } from '@skill-eval/core';
import { type CheckSpec, defineCheck, type RuleProblem } from './check-spec.js';
import { CODE_CHECKS } from './code-checks.js';
import { GROUP, RUBRIC } from './judged-checks.js';
import { MODEL_GRADED } from './model-graded-criteria.js';
import { flag, isRecord, nonBlank, passMark, wants } from './param-types.js';

/** A check type promptfoo or AgentV spell one way and skill-eval grades as another. */
export interface AliasSpec extends CheckSpec {
  /** Maps a check of this type, normalised by core `normalizeCheck`, onto skill-eval's own vocabulary. */
  map: (check: Check) => Check;
}

type Mapping = AliasSpec['map'];

/** Drops keys that only the source vocabulary uses. */
export function without(check: Check, ...keys: string[]): Check {
  const copy: Check = { ...check };
  for (const key of keys) delete copy[key];
  return copy;
}

/** A group of children that must all hold, carrying the check's own modifiers (weight, negate, name…). */
function group(check: Check, children: Check[]): Check {
  return { ...without(check, 'value'), type: GROUP, checks: children };
}

/** AgentV `llm-grader`/`rubrics`, promptfoo `g-eval`/`agent-rubric`: one criterion, or a group of criteria. */
const rubric: Mapping = (check) => {
  const raw = check.value ?? check.criteria ?? check.rubrics ?? check.prompt;
  const base = { ...without(check, 'criteria', 'rubrics', 'prompt'), compatType: check.type };
  if (!Array.isArray(raw)) return { ...base, type: RUBRIC, ...(raw === undefined ? {} : { value: raw }) };
  return group(
    base,
    raw.map((item): Check => {
      if (!isRecord(item)) return { type: RUBRIC, value: item };
      const { outcome, text, criterion, value, id, min_score, ...more } = item;
      return {
        ...more,
        type: RUBRIC,
        value: outcome ?? text ?? criterion ?? value,
        ...(typeof id === 'string' ? { name: id } : {}),
        ...(typeof min_score === 'number' ? { threshold: min_score } : {}),
      };
    }),
  );
};

const criteria = wants<unknown>(
  'a criterion string, or a list of criteria (strings or { id, outcome, weight, required })',
  (v) => (typeof v === 'string' && v.trim() !== '') || (Array.isArray(v) && v.length > 0),
);

/** Why AgentV's per-assertion grader settings are ignored. */
const ONE_JUDGE =
  "is taken by AgentV, but skill-eval grades all of a case's criteria with one judge (--judge, or the judge model the case pins)";

/** AgentV's grader settings of one assertion, which skill-eval's one judge per case cannot honour. */
const AGENTV_GRADER_SETTINGS = {
  model: `${ONE_JUDGE}: the grader model of this assertion is ignored`,
  target: `${ONE_JUDGE}: the target that would grade this assertion is ignored`,
  temperature: `${ONE_JUDGE}: the grader temperature of this assertion is ignored`,
};

const rubricSpec = (summary: string, origins: CheckSpec['origins']): AliasSpec => ({
  ...defineCheck({
    summary,
    params: {
      value: criteria,
      criteria,
      rubrics: criteria,
      prompt: criteria,
      threshold: passMark('a number from 0 to 1 (the judge gives pass or fail)'),
    },
    needs: [['value', 'criteria', 'rubrics', 'prompt']],
    ...(origins.includes('agentv') ? { ignored: AGENTV_GRADER_SETTINGS } : {}),
    origins,
  }),
  map: rubric,
});

const modelGraded = (type: string): AliasSpec => {
  const graded = MODEL_GRADED[type]!;
  return {
    ...defineCheck({
      summary: `an llm-rubric criterion: ${graded.summary}`,
      params: {
        value: nonBlank(graded.needsValue ?? 'what the criterion is about'),
        context: nonBlank('the context to check against (default: what the agent retrieved)'),
        threshold: passMark('a number from 0 to 1 (the judge gives pass or fail)'),
      },
      needs: graded.needsValue ? ['value'] : [],
      origins: ['promptfoo'],
    }),
    map: (check) => ({
      ...without(check, 'value', 'context'),
      type: RUBRIC,
      value: graded.criterion(check),
      compatType: check.type,
    }),
  };
};

/** AgentV 4 `skill-trigger` (`skill`, `should_trigger: false` inverts) → `skill-used`. */
const skillTrigger: Mapping = (check) => {
  const negate = (check.should_trigger === false) !== (check.negate === true);
  const { should_trigger: _s, skill, negate: _n, ...rest } = check;
  return { ...rest, type: 'skill-used', value: skill ?? check.value, ...(negate ? { negate: true } : {}) };
};

/** AgentV `code-judge` (the old name) and `code-grader`'s `script` spelling → `code-grader` with `command`. */
const codeGrader: Mapping = (check) => {
  const { script, ...rest } = check;
  return {
    ...rest,
    type: 'code-grader',
    ...(check.command === undefined && script !== undefined ? { command: script } : {}),
  };
};

/**
 * AgentV `composite` → `assert-set`; its children may sit under assert, assertions or evaluators. As
 * `CompositeGrader` aggregates: a `threshold` aggregator scores the share of members that passed and passes at its
 * threshold; a weighted average (the default) is the members' weighted mean (0 when none weighs anything), passing at
 * AgentV's 0.8.
 */
const composite: Mapping = (check) => {
  const children = check.checks ?? check.assert ?? check.assertions ?? check.evaluators;
  const aggregator = isRecord(check.aggregator) ? check.aggregator : {};
  const byShare = String(aggregator.type ?? '').replaceAll('-', '_') === 'threshold';
  const threshold =
    check.threshold ?? (byShare && typeof aggregator.threshold === 'number' ? aggregator.threshold : AGENTV_PASS_MARK);
  return {
    ...without(check, 'assert', 'assertions', 'evaluators'),
    type: GROUP,
    checks: Array.isArray(children) ? children : [],
    threshold,
    // `runWeightedAverage` (@agentv/core 4.42.4 dist/chunk-FRDEARJA.js:2301-2356): no weight at all scores 0, and a
    // member's `required` counts for nothing.
    scoring: byShare ? 'passed-share' : 'weighted-mean',
  };
};

/** AgentV's pass mark of a grader's score (`scoreToVerdict`'s DEFAULT_THRESHOLD). */
const AGENTV_PASS_MARK = 0.8;

/** AgentV's loader skips a composite without an aggregator type it knows; skill-eval grades the two that score. */
function compositeRule(check: Check): RuleProblem[] {
  const { aggregator } = check;
  if (!isRecord(aggregator)) return [];
  const type = String(aggregator.type ?? '').replaceAll('-', '_');
  if (type === 'weighted_average' || type === 'threshold') return [];
  const written = aggregator.type === undefined ? 'no type' : `the type ${JSON.stringify(aggregator.type)}`;
  const why =
    type === 'code_grader' || type === 'llm_grader'
      ? ' (a grader that scores the members, which skill-eval does not run)'
      : ', which AgentV does not know either';
  return [
    {
      path: aggregator.type === undefined ? ['aggregator'] : ['aggregator', 'type'],
      message: `a composite aggregator with ${written}${why}; write type: weighted_average or type: threshold`,
    },
  ];
}

/** One promptfoo `trajectory:tool-used` entry: a name, or `{ name, min }` (a least count). */
function toolUse(check: Check, entry: unknown): Check {
  const spec = isRecord(entry) ? entry : { name: entry };
  const { name, min, ...more } = spec;
  const least = typeof min === 'number' ? min : 1;
  if (least > 1) return { ...more, ...check, type: 'tool-trajectory', minimums: { [String(name)]: least } };
  return { ...more, ...check, type: 'tool-called', value: name };
}

const toolUsed: Mapping = (check) => {
  const { value, ...rest } = check;
  if (!Array.isArray(value)) return toolUse(rest, value);
  // Negated, a list forbids each of its tools: it passes only when none was used (promptfoo 0.123.1
  // dist/src/evaluator-DlYW7Rgb.js:4678, `params.inverse ? matched.length === 0`; AgentV 5's graders/trajectory.ts
  // the same), never as the negation of "all were used". Each tool is negated alone, and the group scores 1 or 0.
  if (check.negate === true)
    return group(
      without(check, 'negate'),
      value.map((entry) => ({ ...toolUse({ type: 'tool-called' }, entry), negate: true, weight: 0, required: true })),
    );
  return group(
    check,
    value.map((entry) => toolUse({ type: 'tool-called' }, entry)),
  );
};

/** Why a `trajectory:tool-used` entry cannot be graded: a per-tool upper bound or a name pattern. */
function toolUsedRule(check: Check): RuleProblem[] {
  const entries = Array.isArray(check.value) ? check.value : [check.value];
  const problems: RuleProblem[] = [];
  entries.forEach((entry, i) => {
    if (!isRecord(entry)) return;
    const path = Array.isArray(check.value) ? ['value', i] : ['value'];
    if (entry.pattern !== undefined) {
      problems.push({
        path: [...path, 'pattern'],
        message: `${check.type} with a name pattern is not supported; name the tool, or use tool-trajectory`,
      });
    }
    if (entry.max !== undefined) {
      problems.push({
        path: [...path, 'max'],
        message: `${check.type} with a per-tool max is not supported; use execution-metrics max_tool_calls, or not-tool-called for none`,
      });
    }
  });
  return problems;
}

/** promptfoo `trajectory:tool-args-match` `{ name, args, mode: partial|exact }` → `tool-called` with args. */
const toolArgsMatch: Mapping = (check) => {
  const spec = isRecord(check.value) ? check.value : {};
  const { name, args, mode, ...more } = spec;
  if (mode === 'exact') {
    return {
      ...more,
      ...without(check, 'value'),
      type: 'tool-trajectory',
      mode: 'any-order',
      expected: [{ tool: name, args, args_match: 'exact' }],
    };
  }
  return { ...more, ...without(check, 'value'), type: 'tool-called', value: name, args };
};

/** promptfoo `trajectory:tool-sequence` (`{ steps, mode }` or a list) → `tool-trajectory`, in order by default. */
const toolSequence: Mapping = (check) => {
  const spec = isRecord(check.value) ? check.value : { steps: check.value };
  const { steps, mode, ...more } = spec;
  return {
    ...more,
    ...without(check, 'value'),
    type: 'tool-trajectory',
    tools: steps,
    mode: typeof mode === 'string' ? mode.replaceAll('_', '-') : 'in-order',
  };
};

const toolEntry = (v: unknown) =>
  (typeof v === 'string' && v !== '') || (isRecord(v) && (typeof v.name === 'string' || v.pattern !== undefined));

/**
 * Check types of promptfoo and AgentV that skill-eval grades under another name, by normalised type. Each maps a
 * normalised check onto skill-eval's own; mapping an already mapped check changes nothing.
 */
export const CHECK_ALIASES: Readonly<Record<string, AliasSpec>> = {
  'skill-trigger': {
    ...defineCheck({
      summary: 'AgentV 4: the skill fired (should_trigger: false, that it did not); read as skill-used',
      params: {
        skill: nonBlank("the skill's name"),
        should_trigger: flag('false checks that the skill did not fire'),
      },
      needs: ['skill'],
      origins: ['agentv'],
    }),
    map: skillTrigger,
  },
  'llm-grader': rubricSpec("AgentV's LLM grader: read as llm-rubric criteria", ['agentv']),
  'llm-judge': rubricSpec("AgentV's old name of llm-grader", ['agentv']),
  rubrics: rubricSpec('AgentV 4 rubric criteria: read as llm-rubric criteria', ['agentv']),
  'g-eval': rubricSpec("promptfoo's G-Eval: read as an llm-rubric criterion", ['promptfoo']),
  'agent-rubric': rubricSpec("promptfoo's agent rubric: read as an llm-rubric criterion", ['promptfoo']),
  ...Object.fromEntries(Object.keys(MODEL_GRADED).map((type) => [type, modelGraded(type)])),
  'code-judge': {
    ...CODE_CHECKS['code-grader']!,
    summary: "AgentV's old name of code-grader",
    origins: ['agentv'],
    map: codeGrader,
  },
  composite: {
    ...defineCheck({
      summary: "AgentV's composite: read as assert-set, members weighed by aggregator.weights",
      params: {
        assertions: wants<unknown[]>('a list of assertions', Array.isArray),
        assert: wants<unknown[]>('a list of assertions', Array.isArray),
        evaluators: wants<unknown[]>('a list of assertions (AgentV 4)', Array.isArray),
        aggregator: wants<Record<string, unknown>>(
          '{ type: weighted_average | threshold, threshold, weights: { member name: weight } }',
          isRecord,
        ),
        threshold: passMark('a number from 0 to 1: the score the members must reach'),
      },
      needs: [['assertions', 'assert', 'evaluators'], 'aggregator'],
      rules: compositeRule,
      origins: ['agentv'],
    }),
    map: composite,
  },
  'trajectory:tool-used': {
    ...defineCheck({
      summary: 'the agent called the tool (or each of a list; { name, min } a least count)',
      params: {
        value: wants<unknown>('a tool name, { name, min }, or a list of them', (v) =>
          Array.isArray(v) ? v.length > 0 && v.every(toolEntry) : toolEntry(v),
        ),
      },
      needs: ['value'],
      rules: toolUsedRule,
      origins: ['promptfoo'],
    }),
    map: toolUsed,
  },
  'trajectory:tool-args-match': {
    ...defineCheck({
      summary: 'some call of the tool holds the args (mode: exact, equals them)',
      params: {
        value: wants<Record<string, unknown>>(
          '{ name, args, mode: partial | exact }',
          (v) => isRecord(v) && typeof v.name === 'string' && v.name !== '',
        ),
      },
      needs: ['value'],
      origins: ['promptfoo'],
    }),
    map: toolArgsMatch,
  },
  'trajectory:tool-sequence': {
    ...defineCheck({
      summary: 'the tools were called in this order (mode: exact, and nothing else)',
      params: {
        value: wants<unknown>('a list of tool names, or { steps, mode: in_order | exact }', (v) =>
          Array.isArray(v) ? v.length > 0 : isRecord(v) && Array.isArray(v.steps),
        ),
      },
      needs: ['value'],
      origins: ['promptfoo'],
    }),
    map: toolSequence,
  },
};

/** A child as written, normalised the way its parent was; a bare string is a criterion, as AgentV reads it. */
export function normalizeChild(child: unknown): Check {
  if (typeof child === 'string') return { type: RUBRIC, value: child };
  return isRecord(child) && typeof child.type === 'string' ? normalizeCheck(child as Check) : (child as Check);
}

/** The criteria graders of promptfoo and AgentV (`llm-grader`, `rubrics`, `g-eval` …), each read as llm-rubric criteria. */
export const RUBRIC_ALIASES: ReadonlySet<string> = new Set(
  Object.entries(CHECK_ALIASES).flatMap(([type, spec]) => (spec.map === rubric ? [type] : [])),
);
