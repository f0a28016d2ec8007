/**
 * Every `not-` assertion promptfoo has, loaded by this format and graded by @skill-eval/grading, against the verdict
 * promptfoo 0.123.1 gives (`isAssertionInverse`, dist/src/evaluator-DlYW7Rgb.js:5601: a `not-` type is the only
 * negation; each handler applies `inverse` itself — cited per row, at the line of that file). Each session is one
 * where reading the negation another way (the negation of a group, "not all", a score not inverted) gives another
 * verdict.
 */
import { join } from 'node:path';
import { type SessionEvent, SessionSchema, summarizeEvents } from '@skill-eval/core';
import { gradeExecution } from '@skill-eval/grading';
import { criteriaJudge } from '@skill-eval/testing';
import { describe, expect, it } from 'vitest';
import { loadPromptfoo } from './load-promptfoo.js';
import { loadTemplateEngine } from './render.js';

// The loader renders with nunjucks, which the format's plugin imports before it loads a file.
await loadTemplateEngine();

const FILE = join(import.meta.dirname, 'fixtures', 'basic', 'inline.yaml');

interface Run {
  answer?: string;
  tools?: [string, Record<string, unknown>?][];
  skills?: string[];
  /** What the judge answers for every criterion. */
  judge?: boolean;
}

async function verdict(assertion: string, run: Run) {
  const text = ['prompts: [go]', 'tests:', '  - vars: {a: 1}', '    assert:', `      - ${assertion}`].join('\n');
  const { suites, diagnostics } = loadPromptfoo(FILE, text);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const events: SessionEvent[] = (run.tools ?? []).map(([name, input], i) => ({
    type: 'tool-call',
    id: String(i),
    name,
    input: input ?? {},
  }));
  const session = SessionSchema.parse({
    status: 'completed',
    engineId: 'test',
    exitCode: 0,
    finalMessage: run.answer ?? 'done',
    events,
    ...summarizeEvents(events),
    skillsInvoked: (run.skills ?? []).map((name) => ({ name, via: 'tool' })),
  });
  const { judge } = criteriaJudge(() => run.judge ?? true);
  // --trust: the javascript rows run the eval file's code, as promptfoo does.
  return (await gradeExecution({ testCase: suites[0]!.cases[0]!, session, workspace: '/none', judge, trust: true }))
    .status;
}

type Row = [source: string, assertion: string, run: Run, expected: 'passed' | 'failed'];

describe('promptfoo 0.123.1: every not- assertion means what promptfoo means', () => {
  it.each<Row>([
    // Text comparisons: `pass = <match> !== inverse`.
    ['1667 handleContains', '{type: not-contains, value: err}', { answer: 'an err here' }, 'failed'],
    ['1678 handleIContains', '{type: not-icontains, value: ERR}', { answer: 'no problem' }, 'passed'],
    // Any: negated, none may appear (one of them is enough to fail).
    ['1691 handleContainsAny', '{type: not-contains-any, value: [a1, b2]}', { answer: 'only b2' }, 'failed'],
    ['1704 handleIContainsAny', '{type: not-icontains-any, value: [A1, B2]}', { answer: 'none' }, 'passed'],
    // All: negated, it fails only when every one appears ("not all", not "none").
    ['1718 handleContainsAll', '{type: not-contains-all, value: [a1, b2]}', { answer: 'only b2' }, 'passed'],
    ['1718 handleContainsAll', '{type: not-contains-all, value: [a1, b2]}', { answer: 'a1 and b2' }, 'failed'],
    ['1732 handleIContainsAll', '{type: not-icontains-all, value: [A1, B2]}', { answer: 'a1 only' }, 'passed'],
    ['1839 handleEquals', '{type: not-equals, value: done}', { answer: 'done' }, 'failed'],
    ['4184 handleStartsWith', '{type: not-starts-with, value: "#"}', { answer: 'plain' }, 'passed'],
    ['3456 handleRegex', '{type: not-regex, value: "^a+$"}', { answer: 'aaa' }, 'failed'],
    // JSON: a schema that does not hold passes the negation (`pass = inverse ? !valid : valid`).
    ['2514 handleIsJson', '{type: not-is-json}', { answer: '{"a": 1}' }, 'failed'],
    ['2516 handleIsJson', '{type: not-is-json}', { answer: 'not json' }, 'passed'],
    [
      '2532 handleIsJson (schema)',
      '{type: not-is-json, value: {type: object, required: [b]}}',
      { answer: '{"a": 1}' },
      'passed',
    ],
    ['2550 handleContainsJson', '{type: not-contains-json}', { answer: 'text {"a": 1} text' }, 'failed'],
    // Word count: the bounds negated as a whole.
    ['5021 handleWordCount', '{type: not-word-count, value: {min: 2, max: 4}}', { answer: 'one two three' }, 'failed'],
    ['5021 handleWordCount', '{type: not-word-count, value: {min: 2, max: 4}}', { answer: 'one' }, 'passed'],
    // Judged: the judge's verdict inverted (`resp.pass !== inverse`).
    ['2619 handleLlmRubric', '{type: not-llm-rubric, value: Is rude}', { judge: true }, 'failed'],
    ['2619 handleLlmRubric', '{type: not-llm-rubric, value: Is rude}', { judge: false }, 'passed'],
    // Code: the returned boolean, or a number against the threshold, inverted.
    [
      '2447 normalizeJavascriptAssertionResult',
      '{type: not-javascript, value: "output.includes(\'x\')"}',
      { answer: 'x' },
      'failed',
    ],
    [
      '2457 normalizeJavascriptAssertionResult (number)',
      '{type: not-javascript, value: "0.3", threshold: 0.5}',
      {},
      'passed',
    ],
    // Trajectory: a list forbids each tool (`inverse ? matched.length === 0`), never "not all were used".
    [
      '4679 handleTrajectoryToolUsed',
      '{type: not-trajectory:tool-used, value: [Read, Write]}',
      { tools: [['Read']] },
      'failed',
    ],
    [
      '4679 handleTrajectoryToolUsed',
      '{type: not-trajectory:tool-used, value: [Read, Write]}',
      { tools: [['Grep']] },
      'passed',
    ],
    // A count: the bound inverted (`applyInverse(count >= min ...)`): used once is not "at least twice".
    [
      '4700 handleTrajectoryToolUsed (count)',
      '{type: not-trajectory:tool-used, value: {name: Read, min: 2}}',
      { tools: [['Read']] },
      'passed',
    ],
    [
      '4700 handleTrajectoryToolUsed (count)',
      '{type: not-trajectory:tool-used, value: {name: Read, min: 2}}',
      { tools: [['Read'], ['Read']] },
      'failed',
    ],
    // Args: no call of the tool may hold the args; the tool called with other args passes.
    [
      '4876 handleTrajectoryToolArgsMatch',
      '{type: not-trajectory:tool-args-match, value: {name: Bash, args: {command: rm}}}',
      { tools: [['Bash', { command: 'ls' }]] },
      'passed',
    ],
    [
      '4876 handleTrajectoryToolArgsMatch',
      '{type: not-trajectory:tool-args-match, value: {name: Bash, args: {command: rm}}}',
      { tools: [['Bash', { command: 'rm' }]] },
      'failed',
    ],
    // Sequence: the order as a whole; both tools, in the other order, pass.
    [
      '4858 handleTrajectoryToolSequence',
      '{type: not-trajectory:tool-sequence, value: [Read, Write]}',
      { tools: [['Write'], ['Read']] },
      'passed',
    ],
    [
      '4858 handleTrajectoryToolSequence',
      '{type: not-trajectory:tool-sequence, value: [Read, Write]}',
      { tools: [['Read'], ['Write']] },
      'failed',
    ],
    // Skills: a list forbids each skill (`handleListSkillAssertion`, `inverse ? matched.length === 0`).
    ['3894 handleListSkillAssertion', '{type: not-skill-used, value: [a, b]}', { skills: ['b'] }, 'failed'],
    ['3894 handleListSkillAssertion', '{type: not-skill-used, value: [a, b]}', { skills: [] }, 'passed'],
    // `{name, max: 0}` under not-: still "never" (the count bounds allow no other).
    ['3916 handleCountSkillAssertion', '{type: not-skill-used, value: {name: a, max: 0}}', { skills: ['a'] }, 'failed'],
    // A child of an assert-set goes through runAssertion, so its not- holds inside the set.
    [
      '5770 runAssertion (assert-set child)',
      '{type: assert-set, assert: [{type: not-contains, value: err}, {type: contains, value: ok}]}',
      { answer: 'ok err' },
      'failed',
    ],
  ])('%s: %s', async (_source, assertion, run, expected) => {
    expect(await verdict(assertion, run)).toBe(expected);
  });
});
