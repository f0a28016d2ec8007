import * as z from 'zod';

// getsentry/skillet's `.eval.yaml`, as src/eval/parser.ts:7-65 types it at 443bf3dd83af699d4aca02317733710af391b7a4.

const text = z.string();

/** A `run:` check (parser.ts:17-25, checks.ts:57-171). */
const RunCheckSchema = z
  .looseObject({
    run: text.describe('A shell command run in the workspace after the agent (10 s limit; needs --trust).'),
    exits: z.number().optional().describe('The exit code it must end with; then nothing else is tested.'),
    matches: text
      .optional()
      .describe('A JavaScript regex (flag m; a leading (?i)/(?s) is read as flags) its stdout must match.'),
    contains: text.optional().describe('Text its stdout must contain.'),
    not_contains: text.optional().describe('Text its stdout must not contain.'),
    equals: text.optional().describe('What its stdout, right-trimmed, must be (this text trimmed).'),
    not_equals: text.optional().describe('What its stdout, right-trimmed, must not be.'),
  })
  .describe('Without exits, a non-zero exit fails the check; only the first assertion, in this order, is tested.');

/** One check (parser.ts:27-43). */
const SentryCheckSchema = z.union([
  RunCheckSchema,
  z.looseObject({ output_contains: text.describe("Text the agent's replies must contain (case-sensitive).") }),
  z.looseObject({ output_not_contains: text.describe("Text the agent's replies must not contain.") }),
  z.looseObject({ output_matches: text.describe("A JavaScript regex (flag m) the agent's replies must match.") }),
]);

/** One case (parser.ts:45-65). */
const SentryCaseSchema = z
  .looseObject({
    name: text.min(1).describe('The case name; required.'),
    turns: z.array(text).min(1).describe('User messages, sent in order in one conversation; required.'),
    workspace: z
      .looseObject({
        setup: text.optional().describe('A shell script run in the fresh workspace before the agent (needs --trust).'),
        cwd: text.optional().describe('An existing folder to run the agent in; skill-eval refuses it.'),
      })
      .optional(),
    checks: z.array(SentryCheckSchema).optional().describe('Checks that must all pass before the judge runs.'),
    criteria: text.optional().describe('What the LLM judge grades the replies against, A to E.'),
    threshold: z
      .number()
      .optional()
      .describe('The judge score to reach: A 1, B 0.75, C 0.5, D 0.25, E 0 (default 0.75).'),
    timeout: z.number().optional().describe('Milliseconds for the whole case (default 120000).'),
    requires: z
      .array(z.union([z.looseObject({ env: text }), z.looseObject({ command: text })]))
      .optional()
      .describe('skillet skips the case without these environment variables or commands; skill-eval runs it.'),
    tests_behavior: text.optional().describe('The spec behaviour the case tests; metadata.'),
  })
  .describe('One eval case.');

/** A getsentry/skillet `*.eval.yaml` file. */
export const SentryEvalFileSchema = z
  .looseObject({ evals: z.array(SentryCaseSchema).describe('The cases.') })
  .describe("getsentry/skillet's eval file (before it moved to .eval.ts): other keys are ignored.");
export type SentryEvalFile = z.infer<typeof SentryEvalFileSchema>;
