import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Case, type CompletionRequest, emptyUsage, SkillEvalError } from '@skill-eval/core';
import { readUntrustedText } from '@skill-eval/engine-kit/agent-files';
import type { Judge } from '@skill-eval/grading';
import { ANSWER_FILES, caseKey } from './answer-folders.js';
import { AGENT_ENGINE } from './answer-session.js';

/** How `skill-eval grade` says what to do about a case the judge has no verdicts for. */
export interface MissingVerdicts {
  /** The command that prints the case's judge prompt. */
  promptCommand: (testCase: Case, folder: string) => string;
}

/** The reason the repair prompt gives for sending an answer back (see the grading package's buildRepairPrompt). */
const rejection = (request: CompletionRequest): string => {
  const last = request.messages.at(-1)?.content ?? '';
  return /^Your answer could not be used: (.*)$/m.exec(last)?.[1] ?? 'it was not usable';
};

/**
 * The judge of `skill-eval grade --answers`, case by case: the verdicts an agent wrote into the case's `judge.json`
 * when there is one — checked as every judge answer is, its quotes against the answer and files — else the
 * `fallback` engine judge, else an error that says how to get verdicts. A `judge.json` the grading rejects is not
 * asked again: the case is an error naming the file and what is wrong with it.
 */
export function answerJudge(folders: ReadonlyMap<string, string>, missing: MissingVerdicts, fallback?: Judge): Judge {
  const noVerdicts = (testCase: Case, folder: string): Judge => ({
    engine: AGENT_ENGINE,
    complete: async () => {
      throw new SkillEvalError(
        'JUDGE_FAILED',
        `no verdicts for case "${testCase.id}": save the judge's reply to \`${missing.promptCommand(testCase, folder)}\` as ${join(folder, ANSWER_FILES.judge)}, or pass --judge <engine> to have an engine judge it`,
      );
    },
  });
  const fromFile = (file: string): Judge => {
    let asked = 0;
    return {
      engine: AGENT_ENGINE,
      model: AGENT_ENGINE,
      async complete(request) {
        asked += 1;
        // A second call is the grading sending the reply back: the file cannot answer it, so say what was wrong.
        if (asked > 1) throw new SkillEvalError('JUDGE_FAILED', `${file} could not be used: ${rejection(request)}`);
        return { text: await readUntrustedText(file), model: AGENT_ENGINE, usage: emptyUsage() };
      },
    };
  };
  return {
    engine: AGENT_ENGINE,
    model: AGENT_ENGINE,
    complete: async () => {
      throw new SkillEvalError('JUDGE_FAILED', 'the agent-mode judge answers case by case');
    },
    forCase(testCase) {
      const folder = folders.get(caseKey(testCase));
      if (folder === undefined) return fallback ?? noVerdicts(testCase, '(no answer folder)');
      const file = join(folder, ANSWER_FILES.judge);
      if (existsSync(file)) return fromFile(file);
      return fallback ?? noVerdicts(testCase, folder);
    },
  };
}
