import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SessionSchema, type Suite } from '@skill-eval/core';
import { loadAgentv } from '@skill-eval/format-agentv';
import { checkDiagnostics, gradeExecution, type Judge } from '@skill-eval/grading';
import type { AgentvPair } from './agentv-pairs.js';
import { gradeEach, startsGrader, writeGraders } from './code-graders.js';
import { agentvSuite, JUDGE_DOWN } from './peers/agentv-peer.js';
import type { PeerVerdict } from './peers/peer-verdict.js';

/** Grades every pair with skill-eval: the same eval file through its AgentV reader, then its grading. */
export async function skillEvalAgentvVerdicts(pairs: readonly AgentvPair[]): Promise<Map<string, PeerVerdict>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'differential-skill-eval-agentv-'));
  const file = path.join(dir, 'pairs.eval.yaml');
  const workspace = writeGraders(dir);
  try {
    // JSON is YAML: the file AgentV reads, as text.
    const text = JSON.stringify(agentvSuite(pairs), null, 1);
    writeFileSync(file, text);
    const { suites, diagnostics } = loadAgentv(file, text, { cwd: dir });
    const suite: Suite | undefined = suites[0];
    if (!suite) throw new Error(`skill-eval read no suite: ${JSON.stringify(diagnostics)}`);
    const problems = [...diagnostics, ...(await checkDiagnostics(suite))].filter((d) => d.severity === 'error');
    const byId = new Map(pairs.map((pair) => [pair.id, pair]));
    const verdicts = new Map<string, PeerVerdict>();
    const lines = idLines(text);
    const starts = pairs.map((pair) => lines.get(pair.id) ?? -1);
    const pairOf = (testCase: Suite['cases'][number]) => byId.get(testCase.id)!;
    await gradeEach(
      suite.cases,
      (testCase) => startsGrader(pairOf(testCase)),
      async (testCase) => {
        const pair = pairOf(testCase);
        // The test's lines: from its opening brace (the line above its id) to the next test's; the format reports a
        // refused check at its own line, and a refused test at its brace.
        const index = pairs.indexOf(pair);
        const [from, to] = [starts[index]! - 1, (starts[index + 1] ?? Number.POSITIVE_INFINITY) - 1];
        const refused = problems.find(
          (d) => d.message.includes(`"${pair.id}"`) || (d.line !== undefined && d.line >= from && d.line < to),
        );
        if (refused) {
          verdicts.set(pair.id, { verdict: 'error', reason: `refused: ${refused.message}` });
          return;
        }
        const usage = pair.tokenUsage
          ? {
              inputTokens: pair.tokenUsage.input,
              outputTokens: pair.tokenUsage.output,
              cacheReadTokens: pair.tokenUsage.cached ?? 0,
            }
          : undefined;
        const session = SessionSchema.parse({
          status: 'completed',
          engineId: 'differential',
          finalMessage: pair.output,
          ...(usage ? { usage } : {}),
          ...(pair.costUsd === undefined ? {} : { costUsd: pair.costUsd }),
          durationMs: pair.durationMs ?? 0,
        });
        // A run gives code it starts the execution's environment with a HOME of its own; so does this one.
        const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir };
        const result = await gradeExecution({ testCase, session, workspace, trust: true, env, judge: judgeDown });
        if (result.status === 'error') verdicts.set(pair.id, { verdict: 'error', reason: result.error?.message });
        else verdicts.set(pair.id, { verdict: result.status === 'passed' ? 'pass' : 'fail', score: result.score });
      },
    );
    // A test the reader leaves out, as AgentV leaves it out, is graded nowhere: an error.
    for (const pair of pairs)
      if (!verdicts.has(pair.id)) verdicts.set(pair.id, { verdict: 'error', reason: 'skill-eval skips the test' });
    return verdicts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The judge AgentV's peer is given too: it is down (see judgePairs). */
const judgeDown: Judge = {
  engine: 'differential-judge',
  async complete() {
    throw new Error(JUDGE_DOWN);
  },
};

/** The 1-based line of each test's id in the file's text (its first `"id": …`), in one pass over the text. */
function idLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    const id = /^\s*"id": ("(?:[^"\\]|\\.)*"),?$/.exec(line)?.[1];
    if (id === undefined) return;
    const value = JSON.parse(id) as string;
    if (!lines.has(value)) lines.set(value, i + 1);
  });
  return lines;
}
