import { SkillEvalError } from '@skill-eval/core';
import { truncate } from '../judge/bounded-text.js';
import { type ChildRequest, type ChildResult, runChildProcess } from './run-child-process.js';
import { stopped } from './until-stopped.js';

/** Evidence quotes at most this much of what a program printed. */
export const EVIDENCE_CHARS = 4000;

/** A grading program that ran to its end (or past its limit): what it printed and how it exited. */
export interface ProgramRun extends ChildResult {
  /** What the program is, for messages: `script "./check.sh"`. */
  label: string;
}

/**
 * Runs a grading program from the eval file (skill-up's script judge, AgentV's code grader). A run that was
 * interrupted or passed the execution's time limit, or a program that could not start at all, is an error: nothing
 * graded the answer.
 */
export async function runGradingProgram(label: string, request: ChildRequest): Promise<ProgramRun> {
  const shown = `${label} ${JSON.stringify(truncate(request.shell ? request.file : [request.file, ...request.args].join(' '), 200))}`;
  const result = await runChildProcess(request);
  if (result.aborted && request.signal) throw stopped(request.signal, shown);
  if (result.spawnError !== undefined) {
    throw new SkillEvalError('BAD_INPUT', `${shown} could not start: ${result.spawnError}`, {
      hint: 'Check that the command exists and is executable',
    });
  }
  return { ...result, label: shown };
}

/** A program's stderr, quoted for evidence or a message. */
export const quoted = (text: string) => truncate(text.trim(), EVIDENCE_CHARS);
