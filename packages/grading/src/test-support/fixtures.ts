import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Case,
  type CaseInput,
  CaseSchema,
  type CompletionRequest,
  type Session,
  type SessionInput,
  SessionSchema,
} from '@skill-eval/core';
import { onTestFinished } from 'vitest';
import type { Judge } from '../grade.js';

export function makeCase(input: Partial<CaseInput> = {}): Case {
  return CaseSchema.parse({
    id: 'case-1',
    name: 'case one',
    kind: 'task',
    turns: ['Write a haiku about rain'],
    source: { file: 'evals.json', format: 'evals-json' },
    ...input,
  });
}

export function makeSession(input: Partial<SessionInput> = {}): Session {
  return SessionSchema.parse({
    status: 'completed',
    engineId: 'fake',
    finalMessage: 'Rain falls on the roof',
    ...input,
  });
}

/** What each call of a scripted judge reports using and costing. */
export const JUDGE_CALL_USAGE = {
  inputTokens: 100,
  outputTokens: 10,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  reasoningTokens: 0,
};
export const JUDGE_CALL_COST = 0.001;

/** A judge answering from a script: each entry is a string or a function of the request. */
export function scriptedJudge(script: (string | ((request: CompletionRequest) => string | Promise<string>))[]) {
  const requests: CompletionRequest[] = [];
  const judge: Judge = {
    engine: 'fake-judge',
    model: 'judge-model',
    async complete(request) {
      requests.push(request);
      const step = script[requests.length - 1];
      if (step === undefined) throw new Error('judge called more often than scripted');
      const text = typeof step === 'string' ? step : await step(request);
      return { text, model: 'judge-model', usage: JUDGE_CALL_USAGE, costUsd: JUDGE_CALL_COST };
    },
  };
  return { judge, requests };
}

/** The criteria the judge was shown, in the order shown. */
export function shownCriteria(request: CompletionRequest): string[] {
  const text = request.messages[0]?.content ?? '';
  return [...text.matchAll(/<criterion id="\d+">\n([\s\S]*?)\n<\/criterion>/g)].map((m) => m[1]!);
}

/** Answers every shown criterion: passed when `passes(criterion)` holds, quoting the final answer as evidence. */
export function answerBy(passes: (criterion: string) => boolean) {
  return (request: CompletionRequest): string => {
    const text = request.messages[0]?.content ?? '';
    const finalAnswer = /<final_answer>\n([\s\S]*?)\n<\/final_answer>/.exec(text)?.[1] ?? '';
    return JSON.stringify({
      criteria: shownCriteria(request).map((c, i) => ({
        id: i + 1,
        passed: passes(c),
        evidence: finalAnswer.slice(0, 40),
        reasoning: `because of ${c}`,
      })),
    });
  };
}

/** A temp dir removed after the current test. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'grading-test-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
