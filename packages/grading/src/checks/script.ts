import type { Check } from '@skill-eval/core';
import { SkillEvalError } from '@skill-eval/core';
import type { CheckContext, CheckEvaluator } from './check-evaluator.js';
import { timeoutMs } from './check-limits.js';
import { quoted, runGradingProgram } from './grading-program.js';
import { requireTrust } from './require-trust.js';

const DEFAULT_TIMEOUT_SECONDS = 30;
/** Linux refuses to start a program with one environment string over 128 KiB (E2BIG). */
const MAX_ENV_BYTES = 100_000;

/**
 * skill-up's script judge (`internal/judge/script.go`, `ScriptJudge`): the command runs in the workspace with
 * EVAL_FINAL_MESSAGE, EVAL_EXIT_CODE and EVAL_TRANSCRIPT_PATH; exit 0 passes, any other exit fails, and so does a
 * script that runs past its time limit; stdout is the evidence, stderr is appended to it. `argv` runs without a shell.
 */
export const script: CheckEvaluator = async (check, context) => {
  requireTrust('script', context);
  const command = scriptCommand(check);
  const limit = timeoutMs(check, DEFAULT_TIMEOUT_SECONDS);
  const run = await runGradingProgram('script', {
    ...(command.argv ? { file: command.argv[0]!, args: command.argv.slice(1) } : { file: command.line, args: [] }),
    shell: !command.argv,
    cwd: context.workspace,
    env: scriptEnv(context),
    input: '',
    timeoutMs: limit,
    signal: context.signal,
  });
  const stdout = run.stdout.trim();
  const stderr = run.stderr.trim() ? ` [stderr: ${quoted(run.stderr)}]` : '';
  if (run.timedOut) return { passed: false, evidence: `script timed out after ${limit / 1000} s${stderr}` };
  const code = run.exitCode ?? 'none';
  return {
    passed: run.exitCode === 0,
    evidence: `exit ${code}: ${stdout ? quoted(stdout) : '(no output)'}${stderr}`,
  };
};

/** The command: an argv list (run without a shell) or a shell command line in `value`. */
function scriptCommand(check: Check): { line: string; argv?: string[] } {
  const { argv, value } = check;
  if (Array.isArray(argv) && argv.length > 0 && argv.every((a) => typeof a === 'string') && argv[0] !== '') {
    return { line: typeof value === 'string' && value.trim() ? value : argv.join(' '), argv };
  }
  if (typeof value === 'string' && value.trim() !== '') return { line: value };
  throw new SkillEvalError('BAD_INPUT', 'script check needs a command: a shell command line in value, or argv', {
    hint: 'write it as { type: script, value: "./check.sh" }',
  });
}

/** The execution's environment (or only PATH) plus what skill-up gives a grading script. */
function scriptEnv({ env, session }: CheckContext): Record<string, string> {
  return {
    ...(env ?? { PATH: process.env.PATH ?? '/usr/bin:/bin' }),
    EVAL_FINAL_MESSAGE: envSafe(session.finalMessage),
    EVAL_EXIT_CODE: session.exitCode === null ? '' : String(session.exitCode),
    EVAL_TRANSCRIPT_PATH: session.transcriptPath ?? '',
  };
}

/** `text` fit for an environment variable: no NUL bytes, at most MAX_ENV_BYTES. */
function envSafe(text: string): string {
  const clean = text.replaceAll('\0', '');
  const bytes = Buffer.from(clean, 'utf8');
  if (bytes.length <= MAX_ENV_BYTES) return clean;
  return new TextDecoder().decode(bytes.subarray(0, MAX_ENV_BYTES)).replace(/\uFFFD$/, '');
}
