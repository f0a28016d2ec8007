import path from 'node:path';
import { type Check, SkillEvalError } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { numberOrUndefined, timeoutMs } from './check-limits.js';
import { codeGraderOutcome } from './code-grader-outcome.js';
import { codeGraderPayload } from './code-grader-payload.js';
import { quoted, runGradingProgram } from './grading-program.js';
import { requireTrust } from './require-trust.js';

const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * AgentV's code grader (`graders/code-grader.ts`, `CodeGrader`): the command runs from the eval file's folder (or
 * `cwd`, relative to it) — a string through `sh -lc`, a list without a shell — with AgentV's JSON payload on stdin
 * and AGENTV_WORKSPACE_PATH set; what it prints is read as AgentV reads it (see codeGraderOutcome). A grader that
 * crashes (a non-zero exit with stderr or JSON) or runs past its limit is an error: AgentV scores it 0.
 */
export const codeGrader: CheckEvaluator = async (check, context) => {
  requireTrust('code-grader', context);
  const argv = graderArgv(check);
  const limit = timeoutMs(check, DEFAULT_TIMEOUT_SECONDS);
  const run = await runGradingProgram('code-grader', {
    file: argv[0]!,
    args: argv.slice(1),
    cwd: graderCwd(check, context.testCase.source.file),
    env: {
      ...(context.env ?? { PATH: process.env.PATH ?? '/usr/bin:/bin' }),
      AGENTV_WORKSPACE_PATH: context.workspace,
    },
    input: codeGraderPayload(check, context),
    timeoutMs: limit,
    signal: context.signal,
  });
  if (run.timedOut) {
    throw new SkillEvalError('TIMEOUT', `${run.label} ran past its ${limit / 1000} s limit and was killed`, {
      hint: 'Raise the check’s timeoutSeconds, or make the grader faster',
    });
  }
  const stdout = run.stdout.trim();
  if (run.exitCode !== 0 && (/^[[{]/.test(stdout) || run.stderr.trim() !== '')) {
    const said = run.stderr.trim() ? `: ${quoted(run.stderr)}` : ` after printing ${quoted(stdout)}`;
    throw new SkillEvalError('BAD_INPUT', `${run.label} failed with exit code ${run.exitCode}${said}`, {
      hint: 'A grader that fails the answer exits 0 and prints {"score": 0}, or exits non-zero without writing to stderr',
    });
  }
  return codeGraderOutcome({ exitCode: run.exitCode ?? 1, stdout }, numberOrUndefined(check, 'threshold'));
};

/** AgentV's `parseCommandToArgv`: a command line runs as `sh -lc <line>`; a list is the argv itself. */
function graderArgv(check: Check): string[] {
  const raw = check.command ?? check.script ?? check.value;
  if (typeof raw === 'string' && raw.trim() !== '') return ['sh', '-lc', raw.trim()];
  if (Array.isArray(raw) && raw.length > 0 && raw.every((a) => typeof a === 'string') && raw[0] !== '') return raw;
  throw new SkillEvalError('BAD_INPUT', 'code-grader needs a command: a command line, or an argv list', {
    hint: 'write it as { type: code-grader, command: ./grade.py }',
  });
}

/** The eval file's folder, where AgentV runs a grader (its first search root), or `cwd` resolved against it. */
function graderCwd(check: Check, evalFile: string): string {
  const folder = path.dirname(path.resolve(evalFile));
  return typeof check.cwd === 'string' && check.cwd.trim() !== '' ? path.resolve(folder, check.cwd) : folder;
}
