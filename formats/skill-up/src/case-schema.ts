import * as z from 'zod';
import { ExpectSchema, JudgeSchema, JudgesSchema } from './rule-schema.js';
import { McpSchema } from './suite-schema.js';

const seconds = z.number().int().describe('Seconds.');

/** One conversation turn of `input.turns`. */
export const TurnSchema = z.strictObject({
  role: z.string().optional().describe('Speaker; only `user` turns are sent.'),
  content: z.string().optional().describe('Fixed user message.'),
  respond: z
    .string()
    .optional()
    .describe('Simulated turn: the user simulator writes this message under this instruction (newer skill-up).'),
  post_condition: z
    .strictObject({
      must_contain_any: z.array(z.string()).optional(),
      must_contain_all: z.array(z.string()).optional(),
      must_not_contain: z.array(z.string()).optional(),
      on_fail: z.enum(['skip_remaining', 'fail']).optional(),
    })
    .optional()
    .describe('Checked on this turn’s answer before the next turn.'),
  capture: z
    .array(z.strictObject({ variable: z.string(), pattern: z.string().optional(), jsonpath: z.string().optional() }))
    .optional()
    .describe('Values extracted from this turn’s answer.'),
  timeout_seconds: seconds.optional().describe('Deadline of this turn.'),
});
export type Turn = z.infer<typeof TurnSchema>;

/** A skill-up case file (`evals/cases/<id>.yaml`). */
export const SkillUpCaseFileSchema = z
  .strictObject({
    id: z.union([z.string(), z.number()]).optional().describe('Case id; defaults to the file name without extension.'),
    title: z.string().optional().describe('Display name.'),
    description: z.string().optional().describe('What the case verifies.'),
    tag: z.string().optional().describe('`trigger_test` or `functional_test` (informational).'),
    input: z
      .strictObject({
        prompt: z.string().optional().describe('Single-turn prompt.'),
        turns: z.array(TurnSchema).optional().describe('Multi-turn conversation.'),
      })
      .describe('What the agent is asked; `prompt` or `turns`.'),
    context: z
      .strictObject({
        repo_fixture: z
          .string()
          .optional()
          .describe('Directory (relative to the skill root) copied into the workspace.'),
        git: z
          .strictObject({
            init: z.boolean().optional(),
            checkout: z.string().optional(),
            apply_diff: z.string().optional(),
            remotes: z.array(z.strictObject({ name: z.string(), url: z.string() })).optional(),
          })
          .optional()
          .describe('Git steps run in the workspace.'),
        files: z.record(z.string(), z.string()).optional().describe('Inline files: workspace path → content.'),
      })
      .optional()
      .describe('Initial workspace.'),
    constraints: z
      .strictObject({
        timeout_seconds: seconds.min(0).optional().describe('Per-case timeout (default: the suite default; 0 = it).'),
        max_turns: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('Most agent turns (default: the suite default; 0 = it).'),
      })
      .optional(),
    expect: ExpectSchema.optional(),
    judge: JudgeSchema.optional(),
    judges: JudgesSchema.optional().describe('Judges that must all pass; replaces the suite’s.'),
    collect_artifacts: z.array(z.string()).optional().describe('Workspace globs copied out after the run.'),
    mcp: McpSchema.optional().describe(
      'Mocked MCP servers of this case, replacing those of eval.yaml with the same name (skill-up 0.7.0).',
    ),
    user_simulator: z
      .looseObject({ scenario: z.string().optional() })
      .optional()
      .describe('Case-level user simulator scenario (newer skill-up).'),
  })
  .describe('A skill-up case file.');
export type SkillUpCaseFile = z.infer<typeof SkillUpCaseFileSchema>;
