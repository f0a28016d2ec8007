import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Case, CaseSchema, type Suite } from '@skill-eval/core';
import { gradePromptfooAnswer } from './grade-promptfoo-answer.js';
import type { PeerVerdict } from './peers/peer-verdict.js';
import type { PromptfooPair } from './promptfoo-pairs.js';

/** A promptfoo test as skill-eval reads it: its assertions are checks, its vars and threshold the case's. */
function caseOf(pair: PromptfooPair, file: string): Case {
  return CaseSchema.parse({
    id: pair.id,
    name: pair.id,
    kind: 'task',
    turns: ['answer'],
    checks: pair.assert,
    ...(pair.threshold === undefined ? {} : { threshold: pair.threshold }),
    metadata: pair.vars ? { vars: pair.vars } : {},
    source: { file, format: 'promptfoo' },
  });
}

/** Grades every pair with skill-eval: refused when the file would not load, else its grade. */
export async function skillEvalPromptfooVerdicts(pairs: readonly PromptfooPair[]): Promise<Map<string, PeerVerdict>> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'differential-skill-eval-'));
  const file = path.join(workspace, 'promptfooconfig.yaml');
  try {
    const verdicts = new Map<string, PeerVerdict>();
    for (const pair of pairs) verdicts.set(pair.id, await grade(pair, file, workspace));
    return verdicts;
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

async function grade(pair: PromptfooPair, file: string, workspace: string): Promise<PeerVerdict> {
  let testCase: Case;
  try {
    testCase = caseOf(pair, file);
  } catch (error) {
    return { verdict: 'error', reason: `refused: ${(error as Error).message}` };
  }
  const suite: Suite = { id: 'x', name: 'x', file, format: 'promptfoo', cases: [testCase], settings: {} };
  return gradePromptfooAnswer(suite, pair, workspace);
}
