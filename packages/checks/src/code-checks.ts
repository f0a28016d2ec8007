import type { Check } from '@skill-eval/core';
import { type CheckSpec, defineCheck, type RuleProblem } from './check-spec.js';
import { anyNumber, map, nonBlank, passMark, wants } from './param-types.js';

const seconds = wants<number>('a number of seconds above 0', (v) => typeof v === 'number' && v > 0);
const timeouts = { timeoutSeconds: seconds, timeout_seconds: seconds };

/** A command: one shell command line, or an argv list run without a shell. */
const command = wants<string | string[]>(
  'a shell command line, or an argv list (["python3", "grade.py"]) run without a shell',
  (v) =>
    (typeof v === 'string' && v.trim() !== '') ||
    (Array.isArray(v) && v.length > 0 && v.every((a) => typeof a === 'string') && v[0] !== ''),
);

const code = (summary: string, what: string) =>
  defineCheck({
    summary,
    params: {
      value: nonBlank(`the ${what}, or file://path (relative to the eval file)`),
      threshold: anyNumber('the score it must reach (default: what it returns decides)'),
      config: map('values passed to it as context.config'),
      ...timeouts,
    },
    needs: ['value'],
    origins: ['skill-eval', 'promptfoo'],
  });

const scriptRule = (check: Check): RuleProblem[] =>
  check.value === undefined && check.argv === undefined
    ? [{ path: [], message: 'script needs a command: a shell command line in value, or argv' }]
    : [];

/** Checks that run code from the eval file; they run only with --trust. */
export const CODE_CHECKS: Readonly<Record<string, CheckSpec>> = {
  script: defineCheck({
    summary:
      "skill-up's grading script, run in the workspace: exit 0 passes (EVAL_FINAL_MESSAGE, EVAL_EXIT_CODE, EVAL_TRANSCRIPT_PATH)",
    params: {
      value: command,
      argv: command,
      threshold: passMark('a number from 0 to 1: the score a JSON {"score"} answer must reach (default 0.8)'),
      ...timeouts,
    },
    rules: scriptRule,
    origins: ['skill-eval'],
  }),
  'code-grader': defineCheck({
    summary:
      "AgentV's code grader, run from the eval file's folder: reads AgentV's JSON payload on stdin, prints {score, assertions}",
    params: {
      command,
      script: command,
      cwd: nonBlank("the folder it runs in, relative to the eval file's (default: the eval file's folder)"),
      config: map('values sent to the grader as config (AgentV also sends every key it does not know)'),
      threshold: passMark('a number from 0 to 1: the score that passes the check (default 0.8)'),
      ...timeouts,
    },
    needs: [['command', 'script']],
    unsupported: {
      target:
        "lets the grader call a model through AgentV's target proxy, which skill-eval does not run; grade with an llm-rubric instead",
    },
    extraKeys: 'keep',
    origins: ['skill-eval', 'agentv'],
  }),
  javascript: code("promptfoo's javascript assertion: an expression, a function body or a file", 'code'),
  python: code("promptfoo's python assertion: an expression, a function body or a file", 'Python code'),
  webhook: defineCheck({
    summary: 'POSTs the answer to the URL; its {pass, score, reason} decides',
    params: {
      value: nonBlank('the URL'),
      threshold: anyNumber('the score it must reach'),
      ...timeouts,
    },
    needs: ['value'],
    origins: ['skill-eval', 'promptfoo'],
  }),
};
