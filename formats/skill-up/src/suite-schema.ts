import * as z from 'zod';
import { ExpectSchema, JudgeSchema, JudgesSchema } from './rule-schema.js';

const stringMap = z.record(z.string(), z.string());

/** A skill-up suite file (`evals/eval.yaml`, schema v1alpha1). */
/** `mcp`: the MCP servers installed into the agent (eval.yaml; a case file may override mocked ones by name). */
export const McpSchema = z.strictObject({
  servers: z
    .array(
      z.looseObject({
        name: z.string(),
        mode: z.enum(['real', 'mocked']).optional(),
        transport: z.enum(['stdio', 'http']).optional(),
        command: z.string().optional(),
        args: z.array(z.string()).optional(),
        endpoint: z.string().optional(),
        config_ref: z.string().optional(),
      }),
    )
    .optional(),
});

export const SkillUpSuiteFileSchema = z
  .strictObject({
    schema_version: z.literal('v1alpha1').describe('Fixed value `v1alpha1`.'),
    environment: z
      .looseObject({
        type: z.enum(['none', 'opensandbox', 'docker']).describe('Runtime environment.'),
        image: z.string().optional(),
        workspace_mount: z.string().optional(),
        env: stringMap.optional(),
        setup_steps: z.array(z.strictObject({ run: z.string() })).optional(),
        entrypoint: z.array(z.string()).optional(),
        kwargs: stringMap.optional(),
        network_policy: z.enum(['deny_all', 'allow_declared']).optional(),
        allowed_egress: z.array(z.string()).optional(),
        sandbox_template: z.string().optional(),
        ready_timeout_seconds: z.number().int().positive().optional(),
        sandbox_timeout_seconds: z.number().int().positive().optional(),
        metadata: stringMap.optional(),
        use_server_proxy: z.boolean().optional(),
      })
      .describe('Where the agent runs.'),
    mcp: McpSchema.optional().describe('MCP servers installed into the agent.'),
    skills: z
      .array(
        z.strictObject({
          source: z.enum(['local_path', 'registry']),
          path: z.string().optional().describe('Directory relative to the skill root.'),
          target: z.string().optional(),
        }),
      )
      .optional()
      .describe('Skills installed for every case.'),
    engine: z
      .strictObject({
        name: z.string().optional().describe('claude_code, codex, qodercli, qwen_code, or a custom name.'),
        type: z.string().optional().describe('Alias of `name`.'),
        version: z.string().optional(),
        entry: z.string().optional(),
        model: z
          .looseObject({
            provider: z.string().optional(),
            name: z.string().optional(),
            base_url: z.string().optional(),
            params: stringMap.optional(),
          })
          .optional(),
        kwargs: stringMap.optional().describe('Agent-specific switches.'),
        custom: z.record(z.string(), z.unknown()).optional().describe('How to run a custom engine.'),
      })
      .optional()
      .describe('Agent engine (default claude_code).'),
    cases: z
      .strictObject({
        files: z.array(z.string()).min(1).describe('Case files, relative to the skill root.'),
        defaults: z
          .strictObject({
            timeout_seconds: z
              .number()
              .int()
              .min(0)
              .optional()
              .describe('Default per-case timeout (300; 0 = default).'),
            max_turns: z.number().int().min(0).optional().describe('Default turn limit (10; 0 = default).'),
            expect: ExpectSchema.optional(),
            collect_artifacts: z.array(z.string()).optional(),
          })
          .optional(),
        parallelism: z.number().int().min(1).max(256).optional(),
        retry_policy: z
          .strictObject({
            max_retries: z.number().int().min(0).max(10).optional(),
            retry_on: z.array(z.enum(['timeout', 'error'])).optional(),
          })
          .optional(),
      })
      .describe('Which cases run, and their defaults.'),
    judge: JudgeSchema.optional().describe('Default judge for cases without one.'),
    judges: JudgesSchema.optional().describe('Default judges for cases without their own judge or judges.'),
    benchmark: z.strictObject({ enabled: z.boolean().optional() }).optional(),
    report: z
      .strictObject({
        formats: z.array(z.enum(['json', 'junit', 'html'])).optional(),
        artifacts: z.array(z.enum(['transcript', 'logs'])).optional(),
      })
      .optional(),
    user_simulator: z
      .looseObject({
        provider: z.string().optional(),
        protocol: z.string().optional(),
        model: z.string().optional(),
        timeout_seconds: z.number().optional(),
      })
      .optional()
      .describe('Model that plays the user in simulated turns (newer skill-up).'),
  })
  .describe('A skill-up eval.yaml suite.');
export type SkillUpSuiteFile = z.infer<typeof SkillUpSuiteFileSchema>;
