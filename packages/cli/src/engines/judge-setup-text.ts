import { isSkillEvalError, SkillEvalError } from '@skill-eval/core';

/**
 * An engine's advice rewritten for the judge: unscoped `--ek key=…` settings go to the run's engines only, so the
 * judge's are named as `--ek <judge>.key=…`.
 */
export function scopedToJudge(text: string, judgeId: string): string {
  return text.replace(/--ek (?=[A-Za-z]\w*=)/g, `--ek ${judgeId}.`);
}

/**
 * A failure of the judge engine's set-up (settings it lacks, its program missing), said to be the judge's, with its
 * advice scoped: "Invalid settings for command: command: is required, e.g. --ek command.command=./my-agent.sh".
 */
export function judgeSetupError(error: unknown, judgeId: string): unknown {
  if (!isSkillEvalError(error)) return error;
  return new SkillEvalError(
    error.code,
    `The judge ${judgeId} cannot run here. ${scopedToJudge(error.message, judgeId)}`,
    {
      cause: error,
      ...(error.hint ? { hint: scopedToJudge(error.hint, judgeId) } : {}),
    },
  );
}
