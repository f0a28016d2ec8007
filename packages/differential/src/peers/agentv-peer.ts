import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gradePreparedEvalCase, loadTestSuiteFromYamlObject } from '@agentv/core';
import type { AgentvPair } from '../agentv-pairs.js';
import { gradeEach, startsGrader, writeGraders } from '../code-graders.js';
import type { PeerVerdict } from './peer-verdict.js';

/** The judge both tools are given: it is down, so that an LLM grader cannot grade (see judgePairs). */
export const JUDGE_DOWN = 'the judge is down';
const judgeDown = {
  id: 'differential-judge',
  kind: 'mock',
  targetName: 'differential',
  async invoke() {
    throw new Error(JUDGE_DOWN);
  },
};

/** An AgentV 4 eval file holding every pair as one test. */
export function agentvSuite(pairs: readonly AgentvPair[]) {
  return {
    tests: pairs.map((pair) => ({
      id: pair.id,
      input: 'answer',
      ...pair.test,
      assertions: pair.assertions,
      ...(pair.threshold === undefined ? {} : { execution: { threshold: pair.threshold } }),
    })),
  };
}

/**
 * The pairs' tests as AgentV's loader reads them, its console quiet: it warns of each assertion it skips and logs an
 * error for each test it skips (`Skipping test 'a': Invalid weight …`); the verdicts say what matters.
 */
async function loadQuietly(file: string, pairs: readonly AgentvPair[], dir: string) {
  const [warn, error] = [console.warn, console.error];
  console.warn = () => {};
  console.error = () => {};
  try {
    return (await loadTestSuiteFromYamlObject(file, agentvSuite(pairs), dir)).tests;
  } finally {
    [console.warn, console.error] = [warn, error];
  }
}

/**
 * The pairs of which AgentV's own loader keeps no assertion (each skipped with a warning): AgentV grades them with its
 * default LLM grader instead, which needs a model — a difference docs/grading.md lists, told by AgentV's own parser.
 */
export async function agentvKeepsNoAssertion(pairs: readonly AgentvPair[]): Promise<Set<string>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'differential-agentv-load-'));
  try {
    const tests = await loadQuietly(path.join(dir, 'pairs.eval.yaml'), pairs, dir);
    return new Set(tests.filter((t) => !t.assertions || t.assertions.length === 0).map((t) => t.id));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Grades every pair with AgentV's own loader and grader (`gradePreparedEvalCase`, what `agentv eval --prepared`
 * runs): the answer and the run's figures stand in for the target's response.
 */
export async function agentvVerdicts(pairs: readonly AgentvPair[]): Promise<Map<string, PeerVerdict>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'differential-agentv-'));
  const file = path.join(dir, 'pairs.eval.yaml');
  const workspace = writeGraders(dir);
  const warn = console.warn;
  // AgentV warns on the console about each assertion it skips; the verdicts say what matters.
  console.warn = () => {};
  try {
    const tests = await loadQuietly(file, pairs, dir);
    const byId = new Map(pairs.map((pair) => [pair.id, pair]));
    const verdicts = new Map<string, PeerVerdict>();
    const pairOf = (evalCase: (typeof tests)[number]) => byId.get(evalCase.id)!;
    await gradeEach(
      tests,
      (evalCase) => startsGrader(pairOf(evalCase)),
      async (evalCase) => {
        const pair = pairOf(evalCase);
        const result = await gradePreparedEvalCase({
          evalCase,
          target: { name: 'differential', kind: 'mock', config: {} } as never,
          workspacePath: workspace,
          evalFilePath: file,
          response: pair.output,
          trace: {
            messages: [{ role: 'assistant', content: pair.output }],
            events: [],
            eventCount: 0,
            toolCalls: {},
            errorCount: 0,
            ...(pair.tokenUsage ? { tokenUsage: pair.tokenUsage } : {}),
            ...(pair.costUsd === undefined ? {} : { costUsd: pair.costUsd }),
            ...(pair.durationMs === undefined ? {} : { durationMs: pair.durationMs }),
          } as never,
          preparedAttempt: { source: 'manual', workspacePath: workspace, target: 'differential' },
          // The grader's model (the target's own provider, runtime.resolveGraderProvider): one that is down.
          providerFactory: () => judgeDown as never,
        });
        const verdict =
          result.executionStatus === 'ok' ? 'pass' : result.executionStatus === 'quality_failure' ? 'fail' : 'error';
        verdicts.set(pair.id, {
          verdict,
          score: result.score,
          reason: result.error ?? JSON.stringify(result.assertions),
        });
      },
    );
    // A test AgentV's loader skips (it logs "Skipping test 'a': Invalid weight …") is graded nowhere: an error.
    for (const pair of pairs)
      if (!verdicts.has(pair.id)) verdicts.set(pair.id, { verdict: 'error', reason: 'AgentV skips the test' });
    return verdicts;
  } finally {
    console.warn = warn;
    rmSync(dir, { recursive: true, force: true });
  }
}
