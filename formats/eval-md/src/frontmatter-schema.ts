import * as z from 'zod';

const providers = z
  .union([z.string(), z.array(z.string())])
  .describe(
    'A provider or a list of them: an Elixir module name ("SkillKit.Tools.Shell") or a path ("skills/greeter").',
  );

/** The YAML frontmatter of a SkillKit EVAL.md; every key is optional and applies to every case of the file. */
export const EvalMdFrontmatterSchema = z
  .looseObject({
    skills: providers
      .optional()
      .describe('Skills under test (paths or module names). Overrides the SKILL.md beside the file.'),
    tools: providers.optional().describe('Tool providers given to the agent (paths or module names).'),
    model: z.string().optional().describe('Model URI of the agent under test, e.g. "anthropic://claude-sonnet-4-6".'),
    system: z.string().optional().describe('System prompt of the agent under test (ignored when an agent is run).'),
    agent: z.string().optional().describe('Directory holding an AGENT.md whose whole agent is run instead of a skill.'),
    module: z.string().optional().describe('Elixir module under test; anchors the result cache to its compiled code.'),
    metadata: z.record(z.string(), z.unknown()).optional().describe('Free-form metadata kept with every case.'),
    name: z.string().optional().describe('Legacy single-case layout only: the case name.'),
    description: z.string().optional().describe('Legacy single-case layout only: a summary (not graded).'),
    prompt: z.string().optional().describe('Oldest single-case layout only: the prompt (the body is then the rubric).'),
    expect: z
      .object({
        response: providers.optional().describe('Substrings the final response must contain.'),
        not_response: providers.optional().describe('Substrings the final response must not contain.'),
        tools: providers.optional().describe('Tool names the agent must call.'),
      })
      .optional()
      .describe('Oldest single-case layout only: deterministic checks.'),
  })
  .describe('Frontmatter of a SkillKit EVAL.md (between --- lines at the top of the file).');
export type EvalMdFrontmatter = z.infer<typeof EvalMdFrontmatterSchema>;

/** Keys the current SkillKit reads. */
export const CURRENT_KEYS = ['skills', 'tools', 'model', 'system', 'agent', 'module', 'metadata'] as const;
/** Keys only the older single-case layouts read. */
export const LEGACY_KEYS = ['name', 'description', 'prompt', 'expect'] as const;
