import { z } from 'zod';

const Criteria = z.array(z.string()).describe('Natural-language criteria; each is graded by the LLM judge.');

/** One eval of an Agent Skills evals.json (skill-creator, agentskills.io, BMAD gen 1, AgentV transpile). */
export const EvalsJsonItemSchema = z
  .object({
    id: z
      .union([z.number(), z.string()])
      .optional()
      .describe('Unique id; a number (skill-creator) or a string (BMAD). Defaults to the position.'),
    name: z.string().optional().describe('Display name.'),
    prompt: z.string().min(1).describe('The user message the agent receives.'),
    expected_output: z
      .string()
      .optional()
      .describe('What a good answer looks like: context for the judge; graded only when there are no assertions.'),
    files: z
      .array(z.string())
      .optional()
      .describe('Fixture files, relative to the skill root, copied into the workspace.'),
    assertions: Criteria.optional(),
    expectations: Criteria.optional(),
    timeout: z.number().positive().optional().describe('Seconds (BMAD).'),
    should_trigger: z
      .boolean()
      .optional()
      .describe('Makes the item a trigger case (AgentV transpile): should the skill fire?'),
  })
  .catchall(z.unknown());

/** An Agent Skills evals.json file. */
export const EvalsJsonFileSchema = z
  .object({
    skill_name: z.string().optional().describe('Name of the skill under test.'),
    evals: z.array(EvalsJsonItemSchema).min(1),
  })
  .catchall(z.unknown())
  .describe('Agent Skills evals.json (read by skill-eval in every dialect).');

/** One case of a BMAD generation-2 cases.json. */
export const BmadCaseSchema = z
  .object({
    id: z.string(),
    input: z.string().describe('The user message.'),
    rubric: Criteria,
    state_prefix: z.string().optional().describe('Prepended to input (BMAD: prefix.rstrip() + "\\n\\n" + input).'),
    files: z.array(z.string()).optional(),
    timeout: z.number().positive().optional().describe('Seconds.'),
  })
  .catchall(z.unknown());

/** A BMAD generation-2 cases.json: a list of cases or `{cases: [...]}`. */
export const BmadCasesFileSchema = z
  .union([z.array(BmadCaseSchema), z.object({ skill_name: z.string().optional(), cases: z.array(BmadCaseSchema) })])
  .describe('BMAD eval runner cases.json (generation 2).');
