import * as z from 'zod';

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

/** One case of a BMAD TEA fragment-selection evals.json (`validateSuites` of test/eval-fragment-selection.js). */
export const TeaEvalsCaseSchema = z
  .object({
    id: z.string().describe('Unique id of the case.'),
    name: z.string().optional().describe('Display name (not used by TEA).'),
    stack: z.string().optional().describe('The stack the case is about (not used by TEA).'),
    prompt: z.string().min(20).describe('The task; TEA builds the message around it.'),
    repoFacts: z.array(z.string()).min(1).describe('Facts about the repository, listed in the message.'),
    config: z.record(z.string(), z.unknown()).optional().describe('Settings shown in the message as JSON.'),
    expect: z
      .object({
        mustLoad: z.array(z.string()).optional().describe('Fragments the reply must select.'),
        mustNotLoad: z.array(z.string()).optional().describe('Fragments the reply must not select.'),
      })
      .describe('What the fragment-selection check grades.'),
    assertions: z
      .array(z.object({ id: z.string(), text: z.string() }).catchall(z.unknown()))
      .min(1)
      .describe('Why the case matters; TEA requires them and grades none.'),
  })
  .catchall(z.unknown());

/** BMAD TEA's fragment-selection evals.json (test/evals/<workflow>/evals.json of its repository). */
export const TeaEvalsFileSchema = z
  .object({
    workflow: z.string().describe('The workflow, as its folder under src/workflows/testarch/.'),
    about: z.string().optional().describe('What the suite is about (not used by TEA).'),
    contextFiles: z
      .array(z.string())
      .min(1)
      .describe("The workflow's files put before each prompt, relative to its folder."),
    cases: z.array(TeaEvalsCaseSchema).min(1),
  })
  .catchall(z.unknown())
  .describe("BMAD TEA's fragment-selection evals.json.");
