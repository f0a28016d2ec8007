import type { Case, Check } from '@skill-eval/core';
import type { AgentvMessage, AgentvTest } from './peers/agentv-loaders.js';

/**
 * One test as the comparison sees it, the same shape from AgentV's loader and from skill-eval's reader: its id, the
 * system prompt, the text sent as each turn, and a line per grader (its type and key parameter).
 */
export interface Reading {
  id: string;
  system: string | undefined;
  turns: string[];
  graders: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A grader as one line: `[not ]type key`, the key as JSON. */
const line = (negate: boolean, type: string, key?: unknown) =>
  `${negate ? 'not ' : ''}${type}${key === undefined ? '' : ` ${JSON.stringify(key)}`}`;

/** A script's command as the shell line it runs: AgentV 5 runs a string command as `sh -lc <string>`. */
function commandLine(command: unknown): unknown {
  if (typeof command === 'string') return command;
  if (!Array.isArray(command)) return command;
  if (command.length === 3 && command[0] === 'sh' && command[1] === '-lc') return command[2];
  return command.join(' ');
}

/** The text parts of a message's content (file and image parts are compared by the workspace, not here). */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  // A map is sent as JSON, indented by two (4.42.4 dist/chunk-FRDEARJA.js:17154-17156).
  if (isRecord(content)) return JSON.stringify(content, null, 2);
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is Record<string, unknown> => isRecord(part) && part.type === 'text')
    .map((part) => String(part.value ?? part.text ?? ''))
    .join('\n');
}

/**
 * The turns AgentV sends for a message list: leading system messages are the system prompt; one message is sent as
 * its text; several, or any assistant message, as one role-marked prompt (formatting/prompt-builder.ts
 * buildPromptInputs: `@[Role]:\n<content>` joined by a blank line).
 */
function agentvTurns(input: readonly AgentvMessage[]): { system: string | undefined; turns: string[] } {
  const firstOther = input.findIndex((m) => m.role !== 'system');
  const systemMessages = firstOther === -1 ? input : input.slice(0, firstOther);
  const rest = firstOther === -1 ? [] : input.slice(firstOther);
  const system = systemMessages.map((m) => messageText(m.content)).join('\n') || undefined;
  // A message with a file part and no text still sends the file (hasVisibleContent in segment-formatter.ts).
  const visible = rest.filter((m) =>
    Array.isArray(m.content) ? m.content.length > 0 : messageText(m.content).trim() !== '',
  );
  if (visible.length <= 1) return { system, turns: visible.map((m) => messageText(m.content)) };
  const marked = visible.map(
    (m) => `@[${m.role.charAt(0).toUpperCase()}${m.role.slice(1)}]:\n${messageText(m.content)}`,
  );
  return { system, turns: [marked.join('\n\n')] };
}

/** AgentV's template variables (template-variables.ts). */
const TEMPLATE_VARIABLE =
  /\{\{\s*(expected_output|criteria|rubric|metadata|metadata_json|rubrics|rubrics_json|input|output|file_changes|tool_calls)\s*\}\}/;

/** A grader's inline `prompt` that stands as its criteria: text, not a file, with no template variable. */
function inlineCriteria(assertion: Record<string, unknown>): string | undefined {
  const prompt = assertion.prompt;
  if (typeof prompt !== 'string' || prompt.trim() === '') return undefined;
  if (assertion.promptPath !== undefined || assertion.resolvedPromptPath !== undefined) return undefined;
  return TEMPLATE_VARIABLE.test(prompt) ? undefined : prompt;
}

/**
 * A rubric item AgentV loaded: its outcome; with score ranges, the criterion section AgentV's judge is shown
 * (graders/llm-grader.ts:1385-1406 at 58f316ca2), without the weight and min-score labels, which are parameters.
 */
function rubricCriterion(rubric: Record<string, unknown>): unknown {
  const ranges = Array.isArray(rubric.score_ranges) ? rubric.score_ranges.filter(isRecord) : [];
  if (ranges.length === 0) return rubric.outcome;
  return [
    `Criterion: ${String(rubric.id)}`,
    ...(rubric.outcome ? [`Description: ${String(rubric.outcome)}`] : []),
    'Score ranges:',
    ...ranges.map((r) => {
      const [min, max] = r.score_range as [number, number];
      return `  - Score ${min === max ? min : `${min}-${max}`}: ${String(r.outcome)}`;
    }),
    // Its passing score (llm-grader.ts:1896-1899): 7, or min_score of 10 when that asks more.
    `It passes with a score of at least ${typeof rubric.min_score === 'number' ? Math.max(7, Math.ceil(rubric.min_score * 10)) : 7} of 10.`,
  ].join('\n');
}

/** A tool and the least number of calls it needs, as one key: the name alone when once is enough. */
const toolCount = (name: unknown, least: number) => (least > 1 ? { name, min: least } : name);

/**
 * AgentV 5's `trajectory:tool-used` (graders/trajectory.ts evaluateToolUsed at 58f316ca2): `{name, min}` is that tool
 * called at least `min` times; a list, each tool called — or, with `inverse` (a `not-` type, as the loader leaves it),
 * none of them (`inverse ? matched.length === 0`): a group of one negated line per tool.
 */
function toolUsedLines(inverse: boolean, value: unknown): string[] {
  if (Array.isArray(value))
    return [
      line(
        false,
        'assert-set',
        value.map((tool) => line(inverse, 'tool-called', isRecord(tool) ? tool.name : tool)),
      ),
    ];
  if (isRecord(value)) return [line(inverse, 'tool-called', toolCount(value.name, Number(value.min ?? 1)))];
  return [line(inverse, 'tool-called', value)];
}

/** Each of AgentV's graders as lines (an `llm-rubric` with a list of rubrics: a line per rubric). */
export function agentvGraderLines(assertion: Record<string, unknown>, criteria = ''): string[] {
  let type = String(assertion.type).replaceAll('_', '-');
  let negate = assertion.negate === true;
  if (type.startsWith('not-')) {
    type = type.slice(4);
    negate = !negate;
  }
  const value = assertion.value;
  switch (type) {
    case 'llm-rubric':
    case 'llm-grader':
    case 'llm-judge':
    case 'rubrics':
      // Inline prompt text naming no template variable takes the criteria's place when AgentV grades
      // (4.42.4 dist/chunk-FRDEARJA.js:14590-14597; 5.x registry/builtin-graders.ts:168-181 at 58f316ca2).
      if (inlineCriteria(assertion) !== undefined) return [line(negate, 'llm-rubric', inlineCriteria(assertion))];
      if (Array.isArray(assertion.rubrics))
        return assertion.rubrics.map((r) => line(negate, 'llm-rubric', isRecord(r) ? rubricCriterion(r) : r));
      return [line(negate, 'llm-rubric', value ?? (criteria || undefined))];
    case 'script':
    case 'code-grader':
    case 'code-judge':
      return [line(negate, 'code-grader', commandLine(assertion.command))];
    case 'trajectory:tool-sequence':
      return [line(negate, 'tool-trajectory', isRecord(value) ? value.steps : value)];
    case 'tool-trajectory':
      return [
        line(
          negate,
          'tool-trajectory',
          Array.isArray(assertion.expected) ? assertion.expected.map((e) => (isRecord(e) ? e.tool : e)) : undefined,
        ),
      ];
    case 'trajectory:tool-used':
      return toolUsedLines(negate || assertion.inverse === true, value);
    case 'trajectory:tool-args-match':
      return [line(negate, 'tool-called', isRecord(value) ? value.name : value)];
    case 'skill-trigger':
      // AgentV 4's skill check: {skill, should_trigger}.
      return [line(negate || assertion.should_trigger === false, 'skill-used', assertion.skill)];
    case 'assert-set':
    case 'composite': {
      const children = (Array.isArray(assertion.assertions) ? assertion.assertions : []).filter(isRecord);
      return [
        line(
          negate,
          'assert-set',
          children.flatMap((c) => agentvGraderLines(c, criteria)),
        ),
      ];
    }
    default:
      return [line(negate, type, value)];
  }
}

/** Each of skill-eval's checks as lines, in the vocabulary of {@link agentvGraderLines}. */
export function skillEvalCheckLines(check: Check): string[] {
  const c = check as Check & Record<string, unknown>;
  const negate = c.negate === true;
  switch (c.type) {
    case 'llm-rubric':
      // A contradiction rubric's criterion is reworded for the judge; `outcome` keeps AgentV's.
      return [line(negate, 'llm-rubric', c.outcome ?? c.value)];
    case 'code-grader': {
      // A custom assertion type's script, which AgentV 4 finds when it runs and runs as `bun run <file>`
      // (discoverAssertions, 4.42.4 dist/chunk-FRDEARJA.js:14817-14853): its loader keeps the type's name.
      const script = Array.isArray(c.command) ? String(c.command.at(-1)) : '';
      const custom = /[/\\]\.agentv[/\\]assertions[/\\]([^/\\]+)\.(ts|js|mts|mjs)$/.exec(script);
      if (custom && (c.command as unknown[])[0] === 'bun') return [line(negate, custom[1]!)];
      return [line(negate, 'code-grader', commandLine(c.command))];
    }
    case 'tool-trajectory': {
      // A count of one tool alone (`trajectory:tool-used` with {name, min}) reads as that tool called at least so often.
      const minimums = isRecord(c.minimums) ? Object.entries(c.minimums) : [];
      if (c.tools === undefined && c.agentv !== true && minimums.length === 1 && Number(minimums[0]![1]) > 1)
        return [line(negate, 'tool-called', toolCount(minimums[0]![0], Number(minimums[0]![1])))];
      // An AgentV 4 file's steps stay under `expected` ({tool, args}), as AgentV's do.
      const steps = Array.isArray(c.expected) ? c.expected.map((e) => (isRecord(e) ? e.tool : e)) : undefined;
      return [line(negate, 'tool-trajectory', c.tools ?? steps)];
    }
    case 'assert-set':
      return [line(negate, 'assert-set', (Array.isArray(c.checks) ? c.checks : []).flatMap(skillEvalCheckLines))];
    default:
      return [line(negate, c.type, c.value)];
  }
}

/** A test as AgentV's loader gives it. */
export function agentvReading(test: AgentvTest): Reading {
  const conversation = test.mode === 'conversation' && Array.isArray(test.turns);
  const { system, turns } = agentvTurns(test.input);
  return {
    id: test.id,
    system,
    turns: conversation
      ? test.turns!.map((turn) => (typeof turn.input === 'string' ? turn.input : messageText(turn.input)))
      : turns,
    graders: [
      ...(test.assertions ?? []).flatMap((a) => agentvGraderLines(a, test.criteria)),
      // Without graders, AgentV grades the test's criteria with its default LLM grader (`evaluator`).
      ...((test.assertions ?? []).length === 0 && test.criteria ? [line(false, 'llm-rubric', test.criteria)] : []),
      // A conversation's per-turn assertions stay as written until it runs: a string is a rubric criterion.
      ...(conversation ? test.turns! : []).flatMap((turn) =>
        (Array.isArray(turn.assertions) ? turn.assertions : []).flatMap((a: unknown) =>
          typeof a === 'string' ? [line(false, 'llm-rubric', a)] : isRecord(a) ? agentvGraderLines(a) : [],
        ),
      ),
    ],
  };
}

/**
 * How skill-eval names a file content part in the text it sends: an `Attached file: <path>` line, set off by a blank
 * line. AgentV sends the file itself (and drops a part whose file is missing, as many are from corpus/'s partial
 * copies), so only the text is compared.
 */
const withoutAttached = (text: string) =>
  text
    // A role-marked message holding a file alone: AgentV's reading shows it with empty text.
    .replace(/(^|\n)(@\[[A-Za-z]+\]:\n)Attached file: [^\n]*(?=\n\n@\[|(?![\s\S]))/g, '$1$2')
    .replace(/^Attached file: [^\n]*\n\n/gm, '')
    .replace(/\n\nAttached file: [^\n]*$/gm, '')
    .replace(/^Attached file: [^\n]*$/gm, '');

/** A case as skill-eval's AgentV reader gives it. */
export function skillEvalReading(c: Case): Reading {
  return {
    id: c.id,
    system: c.system === undefined ? undefined : withoutAttached(c.system) || undefined,
    turns: c.turns.map(withoutAttached),
    graders: [...c.gates, ...c.checks, ...c.failIf].flatMap(skillEvalCheckLines),
  };
}
