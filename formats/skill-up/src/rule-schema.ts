import * as z from 'zod';

const strings = (what: string) => z.array(z.string()).describe(what);

/** `all` / `any` / `not` keyword (or pattern) lists of `output_contains` and `output_matches`. */
export const MatchListsSchema = z.strictObject({
  all: strings('Every entry must be present.').optional(),
  any: strings('At least one entry must be present.').optional(),
  not: strings('No entry may be present.').optional(),
});

/** `tool_called`: the agent called this tool (MCP tools as `server::tool`), `args` a partial match. */
export const ToolCalledSchema = z.strictObject({
  name: z.string().describe('Tool name; MCP tools are written `server::tool`.'),
  args: z.record(z.string(), z.unknown()).optional().describe('Arguments that must match (partial, compared as text).'),
});

const turnNumber = z.number().int().positive().describe('1-based turn number.');

/** One rule of a `rule_based` judge: exactly one of these keys. */
export const RuleSchema = z
  .strictObject({
    output_contains: MatchListsSchema.optional().describe('Substring checks on the final answer (case-sensitive).'),
    output_matches: MatchListsSchema.optional().describe(
      'Regular-expression checks on the final answer (Go RE2 syntax).',
    ),
    exit_code: z.number().int().optional().describe('Expected exit code of the agent.'),
    tool_called: ToolCalledSchema.optional(),
    files_exist: strings('Workspace paths that must exist.').optional(),
    files_not_exist: strings('Workspace paths that must not exist.').optional(),
    turn_response_contains: z
      .strictObject({
        turn: turnNumber,
        contains_all: strings('Every keyword must be in that turn’s answer.').optional(),
        contains_any: strings('One keyword must be in that turn’s answer.').optional(),
      })
      .optional(),
    turn_response_not_contains: z
      .strictObject({ turn: turnNumber, not_contains: strings('No keyword may be in that turn’s answer.') })
      .optional(),
    tool_called_in_turn: z.strictObject({ turn: turnNumber, ...ToolCalledSchema.shape }).optional(),
    tool_not_called_in_turn: z.strictObject({ turn: turnNumber, name: z.string() }).optional(),
  })
  .describe('One assertion; write one key per rule.');
export type Rule = z.infer<typeof RuleSchema>;

/** `expect`: the cheap gate checked before the judge; if it fails the judge is skipped. */
export const ExpectSchema = z
  .strictObject({
    must_contain: strings('The final answer contains every entry.').optional(),
    must_not_contain: strings('The final answer contains none of the entries.').optional(),
    exit_code: z.number().int().optional().describe('Expected exit code.'),
    files_exist: strings('Workspace paths that must exist.').optional(),
    files_not_exist: strings('Workspace paths that must not exist.').optional(),
    golden_file: z
      .string()
      .optional()
      .describe('File (relative to the skill root) the trimmed final answer must equal.'),
    file_contains: z
      .array(z.strictObject({ path: z.string(), content: z.string() }))
      .optional()
      .describe('Workspace files that must contain the given text.'),
  })
  .describe('Gating checks; a failing gate skips the judge and fails the case.');
export type Expect = z.infer<typeof ExpectSchema>;

/** A judge: `rule_based`, `script` or `agent_judge`. */
export const JudgeSchema = z
  .strictObject({
    type: z.enum(['rule_based', 'script', 'agent_judge']).optional().describe('Judge kind.'),
    script_path: z.string().optional().describe('script: path of the grading script, relative to the skill root.'),
    model: z.string().optional().describe('agent_judge: judge model, e.g. anthropic/claude-sonnet-4-6.'),
    criteria: strings('agent_judge: natural-language rubric items.').optional(),
    context: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('agent_judge: what material the judge receives (profile, transcript, workspace_diff …).'),
    pass_threshold: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('agent_judge: share of criteria that must pass (default 0.7).'),
    timeout_seconds: z.number().int().optional().describe('Deadline of one judge call, in seconds.'),
    success: z.array(RuleSchema).optional().describe('rule_based: every rule must hold.'),
    failure: z.array(RuleSchema).optional().describe('rule_based: any matching rule fails the case; outranks success.'),
  })
  .describe('How a case is graded.');
export type Judge = z.infer<typeof JudgeSchema>;

/** One member of newer skill-up's `judges` list: a judge with its own `id`, graded on its own; every member must pass. */
export const JudgeMemberSchema = JudgeSchema.extend({
  id: z.string().describe('Member id, unique in the list: a lowercase letter, then up to 63 of a-z, 0-9, _ and -.'),
  type: z.enum(['rule_based', 'script', 'agent_judge']).describe('Judge kind.'),
}).describe('One judge of a `judges` list.');
export type JudgeMember = z.infer<typeof JudgeMemberSchema>;

/** `judges` (newer skill-up): several judges graded independently on the same run; the case passes when all pass. */
export const JudgesSchema = z
  .array(JudgeMemberSchema)
  .min(1)
  .describe('Several judges, all of which must pass (newer skill-up); not together with `judge`.');
