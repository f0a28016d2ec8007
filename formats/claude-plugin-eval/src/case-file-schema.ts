import * as z from 'zod';

// The shapes Claude Code 2.1.330 reads (binary: the zod object after `var Zc=p(()=>on({schema_version:we()`, the
// grader union at `type:Ag("tool_used")`, the prompt.md key sets `Ps` and `$s`). The reader checks each field itself,
// at its line; these declare the keys, for the policy table and its test (scripts/policy-inputs.ts). A test holds them
// to the reader's key lists.

const common = {
  name: z.string().optional().describe('Display name of the grader.'),
  weight: z.number().positive().optional().describe('Its share of the score (default 1).'),
  arm: z.enum(['with-only', 'both']).optional().describe('with-only: a plugin-fired indicator under --ablation.'),
};

/** A tool name, or `{tool, input_match}` (binary `function Cs()`). */
const toolPattern = z.union([z.string(), z.object({ tool: z.string(), input_match: z.string().optional() }).strict()]);

/** One grader: in case.yaml's `graders:`, or the front matter of a graders/<name>.md file. */
export const GraderSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('regex'),
    ...common,
    target: z
      .union([z.string(), z.object({ source: z.literal('file'), path: z.string() }).strict()])
      .optional()
      .describe('What is searched: last_message (default), trace, files, mock_calls, or {source: file, path}.'),
    pattern: z.string().optional().describe('The regular expression (a .md grader: its body).'),
    flags: z.string().optional().describe('JavaScript RegExp flags.'),
    match: z.string().optional().describe('contains (default), not_contains or count:N.'),
  }),
  z.object({
    type: z.literal('tool_order'),
    ...common,
    before: toolPattern.describe('The tool called first.'),
    after: toolPattern.describe('The tool called after it.'),
  }),
  z.object({
    type: z.literal('tool_used'),
    ...common,
    tool: z.string().describe('The tool.'),
    input_match: z.string().optional().describe("A regular expression over the call's input as JSON."),
    min: z.number().int().optional().describe('Fewest calls (default 1).'),
    max: z.number().int().optional().describe('Most calls.'),
  }),
  z.object({
    type: z.literal('file_exists'),
    ...common,
    path: z.string().describe('A path in the run directory.'),
    exists: z.boolean().optional().describe('false: the file must be absent.'),
  }),
  z.object({
    type: z.literal('llm'),
    ...common,
    criteria: z.string().optional().describe('What the judge checks (a .md grader: its body).'),
    focus: z.string().optional().describe('What the judge looks at.'),
  }),
  z.object({
    type: z.literal('baseline'),
    ...common,
    baseline_file: z.string().describe('A reference answer to compare with.'),
    criteria: z.string().optional().describe('What the comparison checks.'),
  }),
]);

const caseFields = {
  schema_version: z.union([z.string(), z.number()]).optional().describe('The case format version (1.x).'),
  name: z.string().optional().describe('The case name (default: its folder).'),
  description: z.string().optional().describe('What the case is about.'),
  tags: z.array(z.string()).optional().describe('Tags to filter cases by.'),
  plugins: z.array(z.string()).optional().describe('Plugins Claude Code loads for the case.'),
  runs: z.number().int().positive().optional().describe('Runs of the case (default 3).'),
  expected_outcome: z.string().optional().describe('What a good run achieves (not graded).'),
};

const executionFields = {
  model: z.string().optional().describe('The model of the case.'),
  max_turns: z.number().int().optional().describe('Turn limit (default 10).'),
  timeout_seconds: z.number().int().optional().describe('Time limit (default 300).'),
  allowed_tools: z
    .array(z.string())
    .optional()
    .describe('Tools beyond the read-only set the case is given (Claude Code: with the --allow-tools grant).'),
  disallowed_tools: z.array(z.string()).optional().describe('Tools kept from the agent.'),
  artifact_publish: z.unknown().optional().describe('Claude Code publishing setting.'),
  growthbook_overrides: z.record(z.string(), z.unknown()).optional().describe('Claude Code feature flags.'),
  append_system_prompt: z.string().optional().describe('Added to the system prompt.'),
  env: z.record(z.string(), z.string()).optional().describe("Variables of the agent's environment."),
};

/** A case.yaml. */
export const CaseFileSchema = z
  .object({
    ...caseFields,
    context: z
      .object({
        scaffold_script: z.string().optional().describe('A bash script run in the run directory before the agent.'),
        history_file: z.string().optional().describe('A recorded session resumed before the prompt.'),
        add_dirs: z.array(z.string()).optional().describe('More directories the agent may work in.'),
      })
      .optional(),
    execution: z.object({ prompt: z.string().optional().describe('The user message.'), ...executionFields }).optional(),
    graders: z.array(GraderSchema).optional(),
  })
  .describe('A Claude Code plugin eval case (case.yaml), as `claude plugin eval` reads it.');

/** The front matter of a prompt.md (its body is the prompt; graders come from graders/*.md). */
export const PromptFrontMatterSchema = z
  .object({ ...caseFields, ...executionFields })
  .describe("The front matter of a Claude Code plugin eval case's prompt.md.");

/** The front matter of a mocks/<server>/<tool>.md responder (its body is the tool's canned answer). */
export const MockResponderSchema = z
  .object({
    type: z
      .enum(['fixed', 'agent'])
      .optional()
      .describe('fixed (default): the body is the answer; agent: a model answers.'),
    expect: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Guards on the call's input; a violation stops the run."),
    error: z.boolean().optional().describe('Answer the call as a tool error.'),
    tools: z.array(z.string()).optional().describe('_server.md only: the tools an agent responder answers.'),
    abort_when: z.string().optional().describe('Agent responders only: when the agent stops the run.'),
  })
  .describe('The front matter of a Claude Code plugin eval MCP mock responder (mocks/<server>/<tool>.md).');
