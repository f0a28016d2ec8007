import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Engine, errorInfo, type Session, SessionSchema, type Warning } from '@skill-eval/core';
import {
  CopyBudget,
  copyAgentFile,
  DEFAULT_COPY_LIMITS,
  listAgentFiles,
  readUntrustedText,
} from '@skill-eval/engine-kit/agent-files';
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
      const warnings: Warning[] = [];
      try {
        // Through the file layer: an answer.md that is a link or a FIFO is refused, never followed or waited on.
        const answer = await readUntrustedText(answered.answerFile);
        const worked = join(answered.folder, ANSWER_FILES.workspace);
        if (existsSync(worked)) {
          // Files the agent deleted must be gone, so the prepared workspace is emptied before its own is laid.
          for (const entry of await readdir(input.workspace))
            await rm(join(input.workspace, entry), { recursive: true, force: true });
          warnings.push(...(await copyWorkspace(worked, input.workspace)));
        }
        return { ...answerSession(input.turns, answer), warnings };
      } catch (error) {
        return failed(`The answer in ${answered.folder} could not be read: ${errorInfo(error).message}`);
      }
    },
  };
}

/**
 * Lays the workspace the agent left (`worked`) over the prepared one, through the file layer: its regular files only —
 * a link or FIFO the agent left is named in a warning, not copied — within the usual caps.
 */
async function copyWorkspace(worked: string, workspace: string): Promise<Warning[]> {
  const budget = new CopyBudget(DEFAULT_COPY_LIMITS, 'workspace');
  const onSkip = (rel: string, what: string) => budget.skip(rel, `it is ${what}`);
  for (const rel of await listAgentFiles(worked, { onSkip }))
    await copyAgentFile({ root: worked, rel, base: workspace, to: join(workspace, rel), budget });
  return budget.warnings;
}

function failed(message: string): Session {
  return SessionSchema.parse({ engineId: AGENT_ENGINE, status: 'error', error: { code: 'BAD_INPUT', message } });
}
