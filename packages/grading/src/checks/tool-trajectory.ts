import type { ToolCall } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { sameTool } from './same-tool.js';
import {
  callMatches,
  describeStep,
  type ExpectedCall,
  readTrajectory,
  type TrajectoryMode,
} from './trajectory-expectation.js';

/** How far the calls met one requirement: a 0..1 share, and what broke when it did not hold. */
interface Part {
  score: number;
  problem?: string;
}

/**
 * The agent's tool calls, in order, against an expected list (`tools`, or AgentV's `expected`):
 * `in-order` (a subsequence; the default), `any-order` (each expected call, counting repeats), `exact`,
 * `subset` (no call outside the list), `superset` (every listed tool called); plus `minimums` per tool.
 * The score is the share met, as AgentV scores it.
 */
export const toolTrajectory: CheckEvaluator = (check, { session }) => {
  const { mode, steps, minimums } = readTrajectory(check);
  const calls = session.toolCalls;
  if (check.agentv === true) return agentvTrajectory(mode, steps, minimums, calls);
  const parts: Part[] = [];
  const held: string[] = [];
  if (steps.length > 0 || mode === 'exact' || mode === 'subset') {
    parts.push(MATCHERS[mode](steps, calls));
    held.push(`${mode} [${steps.map(describeStep).join(', ')}] held`);
  }
  if (minimums.length > 0) {
    parts.push(meetMinimums(minimums, calls));
    held.push(`minimums ${JSON.stringify(Object.fromEntries(minimums))} held`);
  }
  const problems = parts.flatMap((p) => (p.problem ? [p.problem] : []));
  const score = parts.reduce((sum, p) => sum + p.score, 0) / parts.length;
  return {
    passed: problems.length === 0,
    score,
    evidence: `${(problems.length ? problems : held).join('; ')}; calls: ${listCalls(calls)}`,
  };
};

/**
 * An AgentV file's tool-trajectory, as AgentV 4.42.4's `ToolTrajectoryGrader.evaluate` grades it (@agentv/core
 * dist/chunk-FRDEARJA.js:4647-4688): `any_order` reads `minimums` alone, every other mode `expected` alone; a list
 * with nothing in it passes (:4727, :4762, :4848, :4935), but for `subset`, which then allows no call (:4984); a
 * `superset` step takes a call of its own (:4941-4957).
 */
function agentvTrajectory(
  mode: TrajectoryMode,
  steps: ExpectedCall[],
  minimums: [string, number][],
  calls: readonly ToolCall[],
) {
  const part =
    mode === 'any-order'
      ? minimums.length === 0
        ? { score: 1 }
        : meetMinimums(minimums, calls)
      : steps.length === 0
        ? {
            score: mode === 'subset' && calls.length > 0 ? 0 : 1,
            problem: mode === 'subset' && calls.length > 0 ? 'no call is allowed' : undefined,
          }
        : mode === 'superset'
          ? consumingSuperset(steps, calls)
          : MATCHERS[mode](steps, calls);
  const what =
    mode === 'any-order'
      ? `minimums ${JSON.stringify(Object.fromEntries(minimums))}`
      : `${mode} [${steps.map(describeStep).join(', ')}]`;
  return {
    passed: part.problem === undefined,
    score: part.score,
    evidence: `${part.problem ?? `${what} held`}; calls: ${listCalls(calls)}`,
  };
}

/** AgentV's superset: each expected step finds a call no earlier step took. */
function consumingSuperset(steps: ExpectedCall[], calls: readonly ToolCall[]): Part {
  const taken = new Set<number>();
  const missing = steps.filter((step) => {
    const at = calls.findIndex((call, j) => !taken.has(j) && callMatches(call, step));
    if (at >= 0) taken.add(at);
    return at < 0;
  });
  return missed(steps, missing, 'never called');
}

const MATCHERS: Record<TrajectoryMode, (steps: ExpectedCall[], calls: readonly ToolCall[]) => Part> = {
  'in-order': inOrder,
  'any-order': anyOrder,
  exact,
  subset,
  superset,
};

/** Greedy earliest matching finds a subsequence whenever one exists. */
function inOrder(steps: ExpectedCall[], calls: readonly ToolCall[]): Part {
  let next = 0;
  for (const [i, step] of steps.entries()) {
    const at = calls.findIndex((call, j) => j >= next && callMatches(call, step));
    if (at < 0) {
      const after = i === 0 ? '' : ` after ${JSON.stringify(steps[i - 1]!.tool)}`;
      const namesake = calls.find((call, j) => j >= next && sameTool(call.name, step.tool));
      const other = namesake ? ` ("${namesake.name}" was called with ${JSON.stringify(namesake.input)})` : '';
      return { score: i / steps.length, problem: `expected ${describeStep(step)}${after} (step ${i + 1})${other}` };
    }
    next = at + 1;
  }
  return { score: 1 };
}

function exact(steps: ExpectedCall[], calls: readonly ToolCall[]): Part {
  const length = Math.max(steps.length, calls.length);
  let problem: string | undefined;
  let matched = 0;
  for (let i = 0; i < length; i++) {
    const step = steps[i];
    const call = calls[i];
    if (step && call && callMatches(call, step)) matched++;
    else if (problem !== undefined) continue;
    else if (!step) problem = `unexpected ${JSON.stringify(call!.name)} after the ${steps.length} expected calls`;
    else if (!call) problem = `expected ${describeStep(step)} (step ${i + 1}) but the calls ended`;
    else {
      const input = sameTool(call.name, step.tool) ? ` with ${JSON.stringify(call.input)}` : '';
      problem = `expected ${describeStep(step)} at step ${i + 1}, got ${JSON.stringify(call.name)}${input}`;
    }
  }
  return { score: length === 0 ? 1 : matched / length, problem };
}

/** Each expected call needs its own call: a maximum bipartite matching, so argument constraints cannot steal. */
function anyOrder(steps: ExpectedCall[], calls: readonly ToolCall[]): Part {
  const owner: number[] = calls.map(() => -1);
  const claim = (s: number, seen: boolean[]): boolean => {
    for (const [c, call] of calls.entries()) {
      if (seen[c] || !callMatches(call, steps[s]!)) continue;
      seen[c] = true;
      if (owner[c]! < 0 || claim(owner[c]!, seen)) {
        owner[c] = s;
        return true;
      }
    }
    return false;
  };
  // A step once matched stays matched while later steps re-route earlier ones.
  const missing = steps.filter(
    (_, s) =>
      !claim(
        s,
        calls.map(() => false),
      ),
  );
  return missed(steps, missing, 'no call left for');
}

function superset(steps: ExpectedCall[], calls: readonly ToolCall[]): Part {
  const missing = steps.filter((step) => !calls.some((call) => callMatches(call, step)));
  return missed(steps, missing, 'never called');
}

function subset(steps: ExpectedCall[], calls: readonly ToolCall[]): Part {
  const outside = calls.flatMap((call, i) =>
    steps.some((step) => callMatches(call, step)) ? [] : [`${JSON.stringify(call.name)} (call ${i + 1})`],
  );
  return {
    score: calls.length === 0 ? 1 : 1 - outside.length / calls.length,
    problem: outside.length ? `not among the expected tools: ${outside.join(', ')}` : undefined,
  };
}

function missed(steps: ExpectedCall[], missing: ExpectedCall[], what: string): Part {
  if (missing.length === 0) return { score: 1 };
  const labels = missing.map((step) => `${describeStep(step)} (step ${steps.indexOf(step) + 1})`);
  return { score: 1 - missing.length / steps.length, problem: `${what} ${labels.join(', ')}` };
}

function meetMinimums(minimums: [string, number][], calls: readonly ToolCall[]): Part {
  const short = minimums.flatMap(([tool, least]) => {
    const count = calls.filter((call) => sameTool(call.name, tool)).length;
    return count >= least ? [] : [`"${tool}" called ${count} of at least ${least} times`];
  });
  return {
    score: 1 - short.length / minimums.length,
    problem: short.length ? short.join('; ') : undefined,
  };
}

const SHOWN = 40;

function listCalls(calls: readonly ToolCall[]): string {
  if (calls.length === 0) return 'none';
  const names = calls.slice(0, SHOWN).map((call) => call.name);
  return calls.length > SHOWN ? `${names.join(', ')}, … (${calls.length - SHOWN} more)` : names.join(', ');
}
