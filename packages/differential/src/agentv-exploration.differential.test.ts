import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ExecutionMetricsGrader, loadTests } from '@agentv/core';
import { afterAll, describe, expect, it } from 'vitest';
import { skillEvalPassesAgentvCheck } from './agentv-check-pass.js';

/**
 * AgentV's `execution-metrics` `target_exploration_ratio`, graded by AgentV 4.42.4's own `ExecutionMetricsGrader` (its
 * config as its own `loadTests` reads the file, its trace summary built from the calls as AgentV builds it: a count per
 * tool name and `eventCount` the number of calls, dist/chunk-FRDEARJA.js:3160-3190) and by skill-eval over the same
 * calls: the two must agree on pass or fail.
 */
interface Scenario {
  bounds: Record<string, number>;
  calls: string[];
}

const SCENARIOS: Scenario[] = [
  { bounds: { target_exploration_ratio: 0.5 }, calls: ['Read', 'Edit'] },
  { bounds: { target_exploration_ratio: 0.8 }, calls: ['Read', 'Edit'] },
  // 0.8 - 0.5 is 0.30000000000000004 in floating point: outside a tolerance of 0.3 for both.
  { bounds: { target_exploration_ratio: 0.8, exploration_tolerance: 0.3 }, calls: ['Read', 'Edit'] },
  { bounds: { target_exploration_ratio: 0.8, exploration_tolerance: 0.35 }, calls: ['Read', 'Edit'] },
  { bounds: { target_exploration_ratio: 1 }, calls: ['grep', 'glob', 'search', 'list', 'read'] },
  { bounds: { target_exploration_ratio: 1 }, calls: ['WebSearch', 'WebFetch', 'Glob', 'Grep'] },
  { bounds: { target_exploration_ratio: 1 }, calls: ['READ', 'WebFetch'] },
  { bounds: { target_exploration_ratio: 0 }, calls: ['Bash', 'Write', 'Edit'] },
  { bounds: { target_exploration_ratio: 0 }, calls: [] },
  { bounds: { target_exploration_ratio: 0.5, exploration_tolerance: 0 }, calls: ['Read', 'Bash', 'Read', 'Bash'] },
  { bounds: { target_exploration_ratio: 0.5, max_tool_calls: 3 }, calls: ['Read', 'Bash', 'Read', 'Bash'] },
];

const dir = mkdtempSync(path.join(tmpdir(), 'differential-agentv-exploration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function evalFile(scenario: Scenario, index: number): { file: string; text: string } {
  const file = path.join(dir, `s${index}.eval.yaml`);
  const assertion = { name: 'metrics', type: 'execution-metrics', ...scenario.bounds };
  const text = JSON.stringify({ tests: [{ id: 't', criteria: 'c', input: 'Look', assertions: [assertion] }] }, null, 1);
  writeFileSync(file, text);
  return { file, text };
}

async function agentvPasses(file: string, calls: string[]): Promise<boolean> {
  const [test] = await loadTests(file, dir);
  const grader = new ExecutionMetricsGrader({ config: test!.assertions![0] as never });
  const toolCalls: Record<string, number> = {};
  for (const name of calls) toolCalls[name] = (toolCalls[name] ?? 0) + 1;
  const trace = { eventCount: calls.length, toolCalls, errorCount: 0 };
  const { score } = grader.evaluate({ trace } as never) as { score: number };
  return score === 1;
}

const skillEvalPasses = (file: string, text: string, calls: string[]) =>
  skillEvalPassesAgentvCheck(
    file,
    text,
    dir,
    calls.map((name) => ({ name })),
    'execution-metrics',
  );

describe("AgentV's exploration ratio, graded by AgentV 4.42.4 and by skill-eval", () => {
  it.each(SCENARIOS.map((s, i) => [JSON.stringify(s), s, i] as const))('%s', async (_name, scenario, index) => {
    const { file, text } = evalFile(scenario, index);
    const theirs = await agentvPasses(file, scenario.calls);
    expect(await skillEvalPasses(file, text, scenario.calls), `AgentV ${theirs ? 'passes' : 'fails'} it`).toBe(theirs);
  });

  it('covers both verdicts', async () => {
    const verdicts = await Promise.all(
      SCENARIOS.map((s, i) => agentvPasses(evalFile(s, i + SCENARIOS.length).file, s.calls)),
    );
    expect(new Set(verdicts)).toEqual(new Set([true, false]));
  });
});
