/**
 * Every way an AgentV file negates an assertion — a `not-` prefix, `negate: true`, both, on a member of an
 * assert-set or composite — loaded by this format and graded by @skill-eval/grading, against the verdict AgentV gives
 * at the file's version: 5.x from its source (EntityProcess/agentv 58f316ca2, v5.3.1-next.1-45, paths under
 * packages/core/src/evaluation/), 4.x from @agentv/core 4.42.4 as published (dist/chunk-FRDEARJA.js). Each session is
 * one where another reading (a toggle instead of an OR, a member's negate applied, the negation of a group) gives
 * another verdict. Each row cites the line it follows.
 */
import { type SessionEvent, SessionSchema, summarizeEvents } from '@skill-eval/core';
import { gradeExecution } from '@skill-eval/grading';
import { criteriaJudge } from '@skill-eval/testing';
import { describe, expect, it } from 'vitest';
import { loadAgentv } from './load-agentv.js';

const FILE = '/nonexistent-skill-eval-test/a.eval.yaml';

interface Run {
  answer?: string;
  tools?: string[];
  skills?: string[];
  judge?: boolean;
}

/** A 5.x file (prompts, assert) or a 4.x one (input, assertions) with one test holding the assertion. */
function file(version: 4 | 5, assertion: string): string {
  return version === 5
    ? ['prompts: ["{{ input }}"]', 'tests:', '  - vars: {input: go}', '    assert:', `      - ${assertion}`].join('\n')
    : ['tests:', '  - id: t', '    input: go', '    assertions:', `      - ${assertion}`].join('\n');
}

async function grade(version: 4 | 5, assertion: string, run: Run) {
  const { suites, diagnostics } = loadAgentv(FILE, file(version, assertion));
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(suites[0]!.settings).toMatchObject({ dialect: `agentv-${version}` });
  const events: SessionEvent[] = (run.tools ?? []).map((name, i) => ({
    type: 'tool-call',
    id: String(i),
    name,
    input: {},
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
  const result = await gradeExecution({ testCase: suites[0]!.cases[0]!, session, workspace: '/none', judge });
  return { status: result.status, warnings: diagnostics.map((d) => d.ruleId.replace('agentv/', '')) };
}

type Row = [source: string, assertion: string, run: Run, expected: 'passed' | 'failed', warning?: string];

describe('AgentV 5: negations as its loader and graders read them', () => {
  it.each<Row>([
    // grader-parser.ts:648-654 reads `not-` before a trajectory kind as `inverse`; trajectory.ts:314 then forbids
    // each listed tool (`inverse ? matched.length === 0`).
    ['trajectory.ts:314', '{type: not-trajectory:tool-used, value: [Read, Write]}', { tools: ['Read'] }, 'failed'],
    ['trajectory.ts:314', '{type: not-trajectory:tool-used, value: [Read, Write]}', { tools: ['Grep'] }, 'passed'],
    // `negate: true` on a trajectory kind is the same `inverse` (grader-parser.ts:731)…
    [
      'grader-parser.ts:731',
      '{type: "trajectory:tool-used", value: [Read, Write], negate: true}',
      { tools: ['Write'] },
      'failed',
    ],
    // …and with the prefix too it is an OR, not a toggle: still inverted.
    [
      'grader-parser.ts:654,731',
      '{type: not-trajectory:tool-used, value: Read, negate: true}',
      { tools: ['Read'] },
      'failed',
    ],
    // skill-used.ts:167: a not-skill-used list passes only when none fired.
    ['skill-used.ts:167', '{type: not-skill-used, value: [a, b]}', { skills: ['b'] }, 'failed'],
    // skill-used.ts:32 inverts on negate, and orchestrator.ts:3115-3126 negates the top-level grader once more.
    [
      'skill-used.ts:32 + orchestrator.ts:3115',
      '{type: skill-used, value: a, negate: true}',
      { skills: ['a'] },
      'passed',
      'negate-cancelled',
    ],
    [
      'skill-used.ts:32 + orchestrator.ts:3115',
      '{type: not-skill-used, value: a, negate: true}',
      { skills: ['a'] },
      'passed',
      'negate-cancelled',
    ],
    // Any other grader: the orchestrator negates it (orchestrator.ts:3115), a group as a whole.
    ['orchestrator.ts:3115', '{type: contains, value: err, negate: true}', { answer: 'an err' }, 'failed'],
    ['orchestrator.ts:3115', '{type: llm-rubric, value: Is rude, negate: true}', { judge: false }, 'passed'],
    // A negated assert-set scores 1 - its score, and the test passes on its score (orchestrator.ts:3139-3153, 0.8):
    // half its members holding is a failed set whose negation scores 0.5, still a failed test.
    [
      'orchestrator.ts:3115,3153 (assert-set)',
      '{type: assert-set, negate: true, assert: [{type: contains, value: ok}, {type: contains, value: no}]}',
      { answer: 'ok' },
      'failed',
    ],
    [
      'orchestrator.ts:3115,3153 (assert-set)',
      '{type: assert-set, negate: true, assert: [{type: contains, value: ok}, {type: contains, value: no}]}',
      { answer: 'neither' },
      'passed',
    ],
    // An assert-set runs its members without the orchestrator (promptfoo-assertions.ts:253-271): a member's negate
    // changes nothing…
    [
      'promptfoo-assertions.ts:253-271',
      '{type: assert-set, assert: [{type: contains, value: err, negate: true}]}',
      { answer: 'an err' },
      'passed',
      'member-negate-ignored',
    ],
    // …except where the grader reads it itself: skill-used (skill-used.ts:32) and trajectory (grader-parser.ts:731).
    [
      'skill-used.ts:32 (member)',
      '{type: assert-set, assert: [{type: skill-used, value: a, negate: true}]}',
      { skills: ['a'] },
      'failed',
    ],
    [
      'skill-used.ts:32 (member, OR)',
      '{type: assert-set, assert: [{type: not-skill-used, value: a, negate: true}]}',
      { skills: ['a'] },
      'failed',
    ],
    [
      'grader-parser.ts:731 (member)',
      '{type: assert-set, assert: [{type: "trajectory:tool-used", value: Read, negate: true}]}',
      { tools: ['Read'] },
      'failed',
    ],
    // `not-contains` is no AgentV grader (grader-parser.ts:678 keeps it as a custom type; grader-registry.ts:83-88
    // fails it at run time): skill-eval grades it negated and warns that AgentV does not.
    [
      'grader-parser.ts:678',
      '{type: not-contains, value: err}',
      { answer: 'an err' },
      'failed',
      'unknown-negated-type',
    ],
  ])('%s: %s', async (_source, assertion, run, expected, warning) => {
    const { status, warnings } = await grade(5, assertion, run);
    expect(status).toBe(expected);
    expect(warnings).toEqual(warning ? [warning] : []);
  });
});

describe('AgentV 4.42.4: negations as its loader and graders read them', () => {
  it.each<Row>([
    // The orchestrator negates a top-level grader (chunk-FRDEARJA.js:23464).
    ['chunk-FRDEARJA.js:23464', '{type: contains, value: err, negate: true}', { answer: 'an err' }, 'failed'],
    // CompositeGrader.evaluate runs its members without it (chunk-FRDEARJA.js:2275-2285).
    [
      'chunk-FRDEARJA.js:2276',
      '{type: composite, aggregator: {type: weighted_average}, assertions: [{name: m, type: contains, value: err, negate: true}]}',
      { answer: 'an err' },
      'passed',
      'member-negate-ignored',
    ],
    // 4.x has no not- types (normalizeGraderType, chunk-FRDEARJA.js:17914, only turns _ into -).
    [
      'chunk-FRDEARJA.js:18192',
      '{type: not-contains, value: err}',
      { answer: 'an err' },
      'failed',
      'unknown-negated-type',
    ],
  ])('%s: %s', async (_source, assertion, run, expected, warning) => {
    const { status, warnings } = await grade(4, assertion, run);
    expect(status).toBe(expected);
    expect(warnings).toEqual(warning ? [warning] : []);
  });
});
