import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadTests, ToolTrajectoryGrader } from '@agentv/core';
import { loadAgentv } from '@skill-eval/format-agentv';
import { afterAll, describe, expect, it } from 'vitest';
import { skillEvalPassesAgentvCheck } from './agentv-check-pass.js';

/**
 * An AgentV 4 `tool-trajectory` with argument matching and latency bounds, graded by AgentV 4.42.4's own
 * `ToolTrajectoryGrader` (its config as its own `loadTests` reads the file) and by skill-eval (the same file through
 * its AgentV reader, then its grading), over the same tool calls: the two must agree on pass or fail. The calls carry
 * no duration, as skill-eval's sessions carry none.
 */
interface Call {
  name: string;
  args: Record<string, unknown>;
}
interface Scenario {
  name: string;
  /** The assertion, as written in the eval file. */
  assertion: Record<string, unknown>;
  calls: Call[];
}

const write = (args: Record<string, unknown>): Call => ({ name: 'write', args });
const step = (more: Record<string, unknown> = {}) => ({
  tool: 'write',
  args: { path: 'a.md', opts: { mode: 'w' } },
  ...more,
});
const trajectory = (steps: unknown[], more: Record<string, unknown> = {}) => ({
  name: 'trajectory',
  type: 'tool-trajectory',
  mode: 'in_order',
  expected: steps,
  ...more,
});

const SAME = { path: 'a.md', opts: { mode: 'w' } };
const EXTRA = { path: 'a.md', opts: { mode: 'w' }, force: true };
const DEEPER = { path: 'a.md', opts: { mode: 'w', sync: true } };
const OTHER = { path: 'b.md', opts: { mode: 'w' } };
const SCENARIOS: Scenario[] = [
  { name: 'exact by default: the same arguments', assertion: trajectory([step()]), calls: [write(SAME)] },
  { name: 'exact by default: one more argument', assertion: trajectory([step()]), calls: [write(EXTRA)] },
  { name: 'exact by default: another value', assertion: trajectory([step()]), calls: [write(OTHER)] },
  {
    name: 'superset: one more argument',
    assertion: trajectory([step({ args_match: 'superset' })]),
    calls: [write(EXTRA)],
  },
  {
    name: 'superset: another value',
    assertion: trajectory([step({ args_match: 'superset' })]),
    calls: [write(OTHER)],
  },
  {
    name: 'superset: an argument missing',
    assertion: trajectory([step({ args_match: 'superset' })]),
    calls: [write({ path: 'a.md' })],
  },
  {
    name: 'superset: a nested value with more in it, compared whole',
    assertion: trajectory([step({ args_match: 'superset' })]),
    calls: [write(DEEPER)],
  },
  {
    name: "the grader's superset for a step without args_match",
    assertion: trajectory([step()], { args_match: 'superset' }),
    calls: [write(EXTRA)],
  },
  {
    name: "a step's exact over the grader's superset",
    assertion: trajectory([step({ args_match: 'exact' })], { args_match: 'superset' }),
    calls: [write(EXTRA)],
  },
  {
    name: 'a field list: the listed field equal, another not',
    assertion: trajectory([step({ args_match: ['path'] })]),
    calls: [write({ path: 'a.md', opts: { mode: 'x' } })],
  },
  {
    name: 'a field list: the listed field differs',
    assertion: trajectory([step({ args_match: ['path'] })]),
    calls: [write(OTHER)],
  },
  {
    name: 'a field list: a listed map with more in it, compared whole',
    assertion: trajectory([step({ args_match: ['opts'] })]),
    calls: [write(DEEPER)],
  },
  {
    name: 'a field list: a number written as text',
    assertion: trajectory([{ tool: 'write', args: { n: '5' }, args_match: ['n'] }]),
    calls: [write({ n: 5 })],
  },
  {
    name: 'a dotted field list',
    assertion: trajectory([step({ args_match: ['opts.mode'] })]),
    calls: [write({ path: 'z.md', opts: { mode: 'w', sync: true } })],
  },
  { name: 'ignore', assertion: trajectory([step({ args_match: 'ignore' })]), calls: [write(OTHER)] },
  { name: 'args: any', assertion: trajectory([{ tool: 'write', args: 'any' }]), calls: [write(OTHER)] },
  { name: 'no args', assertion: trajectory([{ tool: 'write' }]), calls: [write(EXTRA)] },
  {
    name: 'a latency bound on a call with no duration',
    assertion: trajectory([{ tool: 'write', max_duration_ms: 1 }]),
    calls: [write(SAME)],
  },
  {
    name: 'a latency bound, and the tool not called',
    assertion: trajectory([{ tool: 'read', max_duration_ms: 1 }]),
    calls: [write(SAME)],
  },
  {
    name: 'in order, with another call between',
    assertion: trajectory([step(), { tool: 'read' }]),
    calls: [write(SAME), { name: 'bash', args: {} }, { name: 'read', args: {} }],
  },
];

const dir = mkdtempSync(path.join(tmpdir(), 'differential-agentv4-trajectory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The eval file of one scenario, as JSON (which is YAML). */
function evalFile(scenario: Scenario, index: number): { file: string; text: string } {
  const file = path.join(dir, `s${index}.eval.yaml`);
  const text = JSON.stringify(
    { tests: [{ id: 't', criteria: 'c', input: 'Write a.md', assertions: [scenario.assertion] }] },
    null,
    1,
  );
  writeFileSync(file, text);
  return { file, text };
}

async function agentvPasses(file: string, calls: Call[]): Promise<boolean> {
  const [test] = await loadTests(file, dir);
  const config = test!.assertions![0]!;
  const grader = new ToolTrajectoryGrader({ config: config as never });
  const output = [{ role: 'assistant', toolCalls: calls.map((c) => ({ tool: c.name, input: c.args })) }];
  const { score } = grader.evaluate({ output } as never) as { score: number };
  return score === 1;
}

const skillEvalPasses = (file: string, text: string, calls: Call[]) =>
  skillEvalPassesAgentvCheck(file, text, dir, calls, 'tool-trajectory');

describe("AgentV 4's tool-trajectory argument matching, graded by AgentV 4.42.4 and by skill-eval", () => {
  it.each(SCENARIOS.map((s, i) => [s.name, s, i] as const))('%s', async (_name, scenario, index) => {
    const { file, text } = evalFile(scenario, index);
    const theirs = await agentvPasses(file, scenario.calls);
    const ours = await skillEvalPasses(file, text, scenario.calls);
    expect(ours, `AgentV ${theirs ? 'passes' : 'fails'} it`).toBe(theirs);
  });

  it('differs where skill-eval says so: a dotted field whose value is a map, which AgentV compares whole', async () => {
    const nested = { tool: 'write', args: { cfg: { opts: { mode: 'w' } } }, args_match: ['cfg.opts'] };
    const scenario = {
      name: 'dotted field',
      assertion: trajectory([nested]),
      calls: [write({ cfg: { opts: { mode: 'w', sync: true } } })],
    };
    const { file, text } = evalFile(scenario, 1000);
    expect(await agentvPasses(file, scenario.calls)).toBe(false);
    expect(await skillEvalPasses(file, text, scenario.calls)).toBe(true);
    const { diagnostics } = loadAgentv(file, text, { cwd: dir });
    expect(diagnostics.map((d) => d.ruleId)).toContain('agentv/trajectory-args');
  });

  it('covers both verdicts', async () => {
    const verdicts = await Promise.all(
      SCENARIOS.map((s, i) => agentvPasses(evalFile(s, i + SCENARIOS.length).file, s.calls)),
    );
    expect(new Set(verdicts)).toEqual(new Set([true, false]));
  });
});
