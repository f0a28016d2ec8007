import * as z from 'zod';

// The keys of a promptfoo config (promptfoo 0.123.1 `TestSuiteConfigSchema`, `dist/src/index.js` 31280-31290) as
// skill-eval reads them: what each does here. It documents the file and feeds the policy table (scripts/policy-inputs.ts).

const Assertion: z.ZodType = z.lazy(() =>
  z.looseObject({
    type: z
      .string()
      .describe(
        "Assertion type (contains, equals, regex, is-json, llm-rubric, javascript, assert-set…; 'not-' negates).",
      ),
    value: z.unknown().optional().describe('The main parameter: text, list, criterion, code.'),
    weight: z.number().min(0).optional().describe('Weight in the test score (default 1).'),
    threshold: z.number().optional().describe('Pass mark of a scored assertion.'),
    metric: z.string().optional().describe('Named metric; the check is named after it.'),
    provider: z
      .unknown()
      .optional()
      .describe("A grading provider for model-graded assertions; skill-eval's judge is used (warned)."),
    assert: z.array(Assertion).optional().describe('Children of an assert-set.'),
  }),
);

const Vars = z
  .union([z.record(z.string(), z.unknown()), z.string(), z.array(z.string())])
  .describe(
    'Template variables: a map (a list of strings is one test per value; file:// a file read into the var), or YAML files of vars.',
  );

const TestCase = z.looseObject({
  description: z.string().optional().describe('The case name.'),
  vars: Vars.optional(),
  assert: z
    .array(Assertion)
    .optional()
    .describe('Assertions; every one must pass (or, with threshold, the weighted score reach it).'),
  threshold: z.number().optional().describe('Pass mark for the weighted score of the assertions (0..1).'),
  options: z
    .looseObject({
      prefix: z.string().optional().describe('Text put before the prompt.'),
      suffix: z.string().optional().describe('Text put after the prompt.'),
      disableDefaultAsserts: z.boolean().optional().describe("Leaves out defaultTest's assertions."),
      disableVarExpansion: z.boolean().optional().describe('Keeps list vars whole.'),
      transformVars: z.unknown().optional().describe('Code that rewrites the vars; not run by skill-eval (warned).'),
      provider: z.unknown().optional().describe("The grading provider; skill-eval's judge is used."),
    })
    .optional(),
  metadata: z.record(z.string(), z.unknown()).optional().describe('Kept in the case metadata.'),
  prompts: z.array(z.string()).optional().describe('The prompts (labels or ids) this test runs with.'),
  provider: z.unknown().optional().describe("A provider for this test; the run's engine replaces it."),
  providers: z.array(z.string()).optional().describe("Providers this test runs on; the run's engine replaces them."),
});

const Prompt = z.union([
  z.string().describe('A template ({{ var }} rendered by nunjucks), or a file:// path (.txt split on ---, .md, .j2).'),
  z.looseObject({ raw: z.string().optional(), id: z.string().optional(), label: z.string().optional() }),
]);

export const PromptfooConfigFileSchema = z.looseObject({
  description: z.string().optional().describe('The suite name.'),
  tags: z.record(z.string(), z.unknown()).optional().describe('Kept, not applied.'),
  metadata: z.record(z.string(), z.unknown()).optional().describe('Kept, not applied.'),
  env: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Values templates read as {{ env.NAME }}; never put into the process environment.'),
  prompts: z
    .union([Prompt, z.array(Prompt), z.record(z.string(), z.string())])
    .describe('The prompts every test is run with.'),
  providers: z
    .unknown()
    .optional()
    .describe(
      "promptfoo's providers: one anthropic:messages:<model> or openai:<model> is the engine hint; others are replaced by the run's engine.",
    ),
  targets: z.unknown().optional().describe('Another name of providers.'),
  tests: z
    .union([z.string(), z.array(z.union([z.string(), TestCase])), z.looseObject({ path: z.string() })])
    .optional()
    .describe('Tests inline, or YAML/JSON files and globs of them.'),
  defaultTest: z
    .union([z.string(), TestCase])
    .optional()
    .describe('Merged into every test (vars, options, metadata key by key; its assertions first).'),
  scenarios: z
    .array(z.looseObject({ config: z.array(TestCase), tests: z.unknown().optional() }))
    .optional()
    .describe('Each config entry crossed with each of the tests.'),
  nunjucksFilters: z
    .record(z.string(), z.string())
    .optional()
    .describe('Code files of template filters; never loaded (warned).'),
  extensions: z.array(z.string()).optional().describe('Code hooks; never loaded (warned).'),
  derivedMetrics: z.unknown().optional().describe('Not applied (warned).'),
  evaluateOptions: z.unknown().optional().describe('Not applied (warned).'),
  commandLineOptions: z.unknown().optional().describe('Not applied (warned).'),
  outputPath: z.unknown().optional().describe('Not applied (warned).'),
  sharing: z.unknown().optional().describe('Not applied (warned).'),
  redteam: z.unknown().optional().describe('Not applied (warned).'),
  tracing: z.unknown().optional().describe('Not applied (warned).'),
  writeLatestResults: z.unknown().optional().describe('Not applied (warned).'),
});
