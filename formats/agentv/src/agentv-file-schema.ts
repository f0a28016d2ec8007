import * as z from 'zod';

const Assertion: z.ZodType = z.lazy(() =>
  z.union([
    z.string().describe('A natural-language criterion, graded by an LLM judge (llm-rubric).'),
    z
      .looseObject({
        type: z
          .string()
          .describe(
            "Assertion type: contains, icontains-any, regex, is-json, equals, llm-rubric, skill-used, script, assert-set, trajectory:*, latency, cost… ('_' reads as '-', a 'not-' prefix negates).",
          ),
        value: z.unknown().optional().describe('The main parameter: text, list, criterion(s), skill name.'),
        name: z.string().optional().describe('Display name of the check.'),
        metric: z.string().optional().describe('Named metric (used as the display name when name is absent).'),
        weight: z.number().min(0).optional().describe('Relative weight in the test score (default 1).'),
        required: z.boolean().optional().describe('A failing required assertion fails the test whatever the score.'),
        threshold: z
          .number()
          .min(0)
          .optional()
          .describe('Pass mark of this assertion (0..1); for latency, the limit in ms.'),
        min_score: z.number().gt(0).lte(1).optional().describe('AgentV spelling of the pass mark.'),
        negate: z.boolean().optional().describe('Inverts the verdict.'),
        assert: z.array(Assertion).optional().describe('Children of an assert-set.'),
      })
      .describe('A typed assertion.'),
  ]),
);

const Content = z.union([
  z.string(),
  z.array(
    z.object({
      type: z
        .enum(['text', 'file', 'image'])
        .describe('text is sent as is; file/image are staged into the workspace and named in the turn.'),
      value: z
        .string()
        .describe('The text, or a path relative to the eval file (a leading / means the repository root).'),
    }),
  ),
  z.record(z.string(), z.unknown()),
]);
const Message = z.object({
  role: z
    .enum(['system', 'user', 'assistant', 'tool'])
    .describe('user messages become turns, system the system prompt.'),
  content: Content.describe('A string or a list of {type, value} parts.'),
});
const Prompt = z.union([
  z.string().describe('A template; {{ name }} is replaced by the test var.'),
  Message,
  z.looseObject({ raw: z.string().describe('The template.'), label: z.string().optional(), id: z.string().optional() }),
]);
const Prompts = z.union([Prompt, z.array(Prompt)]);
const Vars = z
  .record(z.string(), z.unknown())
  .describe('Template variables; vars.input may be a message list, vars.expected_output is the reference answer.');
const Environment = z.union([
  z.string().describe('file:// reference to an environment recipe.'),
  z.looseObject({
    type: z.enum(['host', 'docker']).describe('host: the workdir is copied into each fresh workspace.'),
    workdir: z.string().describe('Folder whose contents make up the workspace.'),
    setup: z
      .object({
        command: z.array(z.string()).describe('argv run before the agent.'),
        cwd: z.string().optional(),
        timeout_ms: z.number().optional(),
      })
      .optional(),
    env: z.record(z.string(), z.string()).optional().describe('Environment variables (not honoured by skill-eval).'),
  }),
]);
const Repeat = z.union([
  z.number().int().min(1),
  z.looseObject({ count: z.number().int().min(1), strategy: z.string().optional() }),
]);
const Run = z.object({
  threshold: z.number().min(0).max(1).optional(),
  repeat: z
    .object({ count: z.number().int().min(1) })
    .optional()
    .describe('Runs of this test.'),
  timeout_seconds: z.number().gt(0).optional(),
});
const Turn = z.object({
  input: Content.describe('The user message of this turn.'),
  expected_output: Content.optional(),
  assert: z.array(Assertion).optional(),
});
const Test = z.looseObject({
  id: z.string().min(1).optional().describe('Test id (default: the 1-based position).'),
  description: z.string().optional().describe('Display name.'),
  vars: Vars.optional(),
  prompts: Prompts.optional().describe('Overrides the suite prompts for this test.'),
  input_files: z.array(z.string()).optional().describe('Files staged into the workspace.'),
  assert: z.array(Assertion).optional(),
  threshold: z.number().min(0).max(1).optional().describe('Pass mark of the weighted score.'),
  run: Run.optional(),
  environment: Environment.optional(),
  metadata: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'Free-form; metadata.tags are case tags, metadata.skill_eval carries skill-eval case fields AgentV has no field for.',
    ),
  mode: z.literal('conversation').optional(),
  turns: z.array(Turn).min(1).optional().describe('Conversation turns (mode: conversation).'),
  provider: z.unknown().optional(),
  providers: z.unknown().optional(),
  depends_on: z.array(z.string()).optional(),
  conversation_id: z.string().optional(),
  criteria: z.string().optional().describe('Expected outcome; graded when the test has no assert.'),
});

/** An AgentV (v5, promptfoo-style) eval file: `EVAL.yaml` / `*.eval.yaml`. */
export const AgentvEvalFileSchema = z
  .looseObject({
    $schema: z.string().optional(),
    name: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional()
      .describe('Suite name: lower-case letters, digits, dashes.'),
    description: z.string().optional(),
    category: z.string().optional(),
    version: z.string().optional(),
    author: z.string().optional(),
    license: z.string().optional(),
    tags: z
      .union([z.array(z.string()), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))])
      .optional(),
    requires: z
      .object({ agentv: z.string().optional() })
      .optional()
      .describe('AgentV version range (not checked by skill-eval).'),
    prompts: Prompts.optional().describe(
      "Prompt templates rendered with each test's vars; several make one case per prompt.",
    ),
    input_files: z.array(z.string()).optional().describe('Files staged into every workspace.'),
    tests: z
      .union([z.array(z.union([Test, z.string()])), z.string()])
      .optional()
      .describe('Tests, or a path (file://cases.yaml, cases.jsonl, a folder of <name>/case.yaml).'),
    default_test: z
      .union([z.string(), Test.omit({ id: true })])
      .optional()
      .describe('Merged into every test.'),
    providers: z.unknown().optional().describe('AgentV providers (kept; --engine decides in skill-eval).'),
    defaults: z.unknown().optional(),
    timeout_seconds: z.number().gt(0).optional().describe('Wall-clock limit of each execution.'),
    evaluate_options: z.looseObject({ repeat: Repeat.optional(), timeout_ms: z.number().gt(0).optional() }).optional(),
    threshold: z.number().min(0).max(1).optional().describe('Default pass mark.'),
    environment: Environment.optional(),
    scenarios: z
      .array(
        z.union([
          z.string(),
          z.object({ description: z.string().optional(), config: z.array(Test.partial()), tests: z.array(Test) }),
        ]),
      )
      .optional()
      .describe('Each config merged into each test.'),
    derived_metrics: z.unknown().optional(),
    env: z.record(z.string(), z.string()).optional(),
    extensions: z.array(z.unknown()).optional(),
    assert: z.array(Assertion).optional().describe('Appended to every test.'),
  })
  .describe('AgentV eval file (v5 shape; 4.x files are read too).');
export type AgentvEvalFile = z.infer<typeof AgentvEvalFileSchema>;
