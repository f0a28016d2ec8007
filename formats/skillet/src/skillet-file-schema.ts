import * as z from 'zod';

/** Assertion types Skillet's validator accepts. */
export const ASSERTION_TYPES = [
  'contains',
  'not_contains',
  'regex',
  'starts_with',
  'ends_with',
  'tool_called',
  'tool_not_called',
] as const;
export type AssertionType = (typeof ASSERTION_TYPES)[number];

/** One deterministic assertion; a non-empty list of them replaces the LLM judge. */
export const SkilletAssertionSchema = z
  .object({
    type: z
      .enum(ASSERTION_TYPES)
      .describe(
        'contains / not_contains / starts_with / ends_with compare case-insensitively (ends_with ignores trailing whitespace); regex is a case-sensitive search; tool_* match an exact tool name.',
      ),
    value: z.string().describe('The text, pattern or tool name.'),
  })
  .describe('A deterministic check of the final response or the tools called.');

/** One Skillet eval file (`evals/<name>/*.yaml`). */
export const SkilletFileSchema = z
  .looseObject({
    timestamp: z.string().describe('When the eval was written, ISO 8601 (e.g. 2025-01-15T10:30:00Z). Required.'),
    name: z.string().describe('Eval name. Required.'),
    prompt: z
      .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
      .describe('The prompt, or a list of prompts sent as turns of one conversation. Required.'),
    expected: z
      .string()
      .describe(
        'What the response should do: the LLM judge criterion, or reference only when assertions are given. Required.',
      ),
    assertions: z
      .array(SkilletAssertionSchema)
      .optional()
      .describe('Deterministic checks; a non-empty list replaces the judge, all must pass.'),
    domain: z
      .enum(['triggering', 'functional', 'performance'])
      .optional()
      .describe('What the eval tests; metadata only.'),
    setup: z.string().optional().describe('Bash script run before the prompt (needs --trust).'),
    teardown: z.string().optional().describe('Bash script run after the prompt, whatever the outcome (needs --trust).'),
    actual: z.string().optional().describe('A recorded response, for reference; never read.'),
  })
  .describe('A Skillet eval: one file per eval. Other keys are ignored by Skillet and kept as metadata.');
export type SkilletFile = z.infer<typeof SkilletFileSchema>;
