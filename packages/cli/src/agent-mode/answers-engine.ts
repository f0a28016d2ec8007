import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Engine, errorInfo, type Session, SessionSchema } from '@skill-eval/core';
import { createFixtureStager } from '@skill-eval/runner';
import { ANSWER_FILES } from './answer-folders.js';
import { AGENT_ENGINE, answerSession } from './answer-session.js';

/** Where an execution's answer is: its answer file and its folder (which may hold the agent's workspace). */
export interface AnsweredExecution {
  answerFile: string;
  folder: string;
}

/**
 * The engine of `skill-eval grade --answers`: it runs nothing, it hands back the answer an agent wrote outside
 * skill-eval. The workspace the runner prepared (project, overlays, skill, fixtures) is replaced by the one the agent
 * worked in, when its answer folder has one, so that file checks and the judge see what it left there.
 */
export function answersEngine(answers: ReadonlyMap<string, AnsweredExecution>, version: string): Engine {
  return {
    id: AGENT_ENGINE,
    skillRoots: ['.claude/skills'],
    version: async () => version,
    async run(input): Promise<Session> {
      const answered = answers.get(input.executionId);
      if (!answered) return failed(`No answer was planned for execution ${input.executionId}.`);
      try {
        const answer = await readFile(answered.answerFile, 'utf8');
        const worked = join(answered.folder, ANSWER_FILES.workspace);
        if (existsSync(worked)) {
          // Files the agent deleted must be gone, so the prepared workspace is emptied before its own is laid.
          for (const entry of await readdir(input.workspace))
            await rm(join(input.workspace, entry), { recursive: true, force: true });
          await (await createFixtureStager({ allowMounts: false })).copy(worked, input.workspace);
        }
        return answerSession(input.turns, answer);
      } catch (error) {
        return failed(`The answer in ${answered.folder} could not be read: ${errorInfo(error).message}`);
      }
    },
  };
}

function failed(message: string): Session {
  return SessionSchema.parse({ engineId: AGENT_ENGINE, status: 'error', error: { code: 'BAD_INPUT', message } });
}
