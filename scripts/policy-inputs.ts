// Every setting skill-eval reads, taken from where it is defined — commander's options of the built CLI, the zod
// schemas of the config, of each engine's and environment's settings, of each format's files and of run.json — as
// the policy table names them. The policy test checks each against the table; nothing here is written by hand.
import { AnthropicSettingsSchema } from '../adapters/anthropic/src/settings.js';
import { ClaudeCodeSettingsSchema } from '../adapters/claude-code/src/claude-code-settings.js';
import { CodexSettingsSchema } from '../adapters/codex/src/codex-settings.js';
import { CommandSettingsSchema } from '../adapters/command/src/command-settings.js';
import { DockerSettingsSchema } from '../adapters/docker/src/docker-settings.js';
import { OpenAISettingsSchema } from '../adapters/openai/src/settings.js';
import { OpenSandboxSettingsSchema } from '../adapters/opensandbox/src/opensandbox-settings.js';
import { GeminiCliSettingsSchema } from '../adapters/gemini-cli/src/gemini-cli-settings.js';
import { CopilotSettingsSchema } from '../adapters/copilot/src/copilot-settings.js';
import { OpencodeSettingsSchema } from '../adapters/opencode/src/opencode-settings.js';
import { QodercliSettingsSchema } from '../adapters/qodercli/src/qodercli-settings.js';
import { AgentvEvalFileSchema } from '../formats/agentv/src/agentv-file-schema.js';
import {
  CaseFileSchema as ClaudePluginEvalCaseSchema,
  GraderSchema as ClaudePluginEvalGraderSchema,
  MockResponderSchema as ClaudePluginEvalMockSchema,
  PromptFrontMatterSchema as ClaudePluginEvalPromptSchema,
} from '../formats/claude-plugin-eval/src/case-file-schema.js';
import { EvalMdFrontmatterSchema } from '../formats/eval-md/src/frontmatter-schema.js';
import { PromptfooConfigFileSchema } from '../formats/promptfoo/src/promptfoo-file-schema.js';
import { BmadCasesFileSchema, EvalsJsonFileSchema, TeaEvalsFileSchema } from '../formats/evals-json/src/file-schema.js';
import { SkillUpCaseFileSchema } from '../formats/skill-up/src/case-schema.js';
import { SkillUpSuiteFileSchema } from '../formats/skill-up/src/suite-schema.js';
import { SentryEvalFileSchema } from '../formats/skillet/src/sentry/sentry-eval-file-schema.js';
import { SkilletFileSchema } from '../formats/skillet/src/skillet-file-schema.js';
import { TriggersFileSchema } from '../formats/triggers-json/src/triggers-file-schema.js';
import { ConfigSchema } from '../packages/cli/src/policy/config.js';
import { EnvironmentSpecSchema } from '../packages/core/src/environment.js';
import { RunManifestSchema } from '../packages/core/src/run-manifest.js';
import { schemaPaths } from '../packages/runner/src/policy/schema-paths.js';

type Schema = Parameters<typeof schemaPaths>[0];

/** Each scope of the table, and the schemas whose keys it holds. */
export const SCHEMA_SCOPES: Record<string, Schema[]> = {
  config: [ConfigSchema],
  engine: [
    AnthropicSettingsSchema,
    OpenAISettingsSchema,
    ClaudeCodeSettingsSchema,
    CodexSettingsSchema,
    CommandSettingsSchema,
    QodercliSettingsSchema,
    GeminiCliSettingsSchema,
    CopilotSettingsSchema,
    OpencodeSettingsSchema,
  ] as Schema[],
  environment: [EnvironmentSpecSchema.pick({ type: true }), DockerSettingsSchema, OpenSandboxSettingsSchema],
  'run.json': [RunManifestSchema],
  agentv: [AgentvEvalFileSchema],
  'eval-md': [EvalMdFrontmatterSchema],
  'evals-json': [EvalsJsonFileSchema],
  'claude-plugin-eval': [ClaudePluginEvalCaseSchema],
  'claude-plugin-eval/prompt-md': [ClaudePluginEvalPromptSchema],
  'claude-plugin-eval/grader-md': [ClaudePluginEvalGraderSchema],
  'claude-plugin-eval/mock-md': [ClaudePluginEvalMockSchema],
  'evals-json/bmad': [BmadCasesFileSchema],
  'evals-json/tea': [TeaEvalsFileSchema],
  promptfoo: [PromptfooConfigFileSchema],
  'skill-up': [SkillUpSuiteFileSchema],
  'skill-up/case': [SkillUpCaseFileSchema],
  skillet: [SkilletFileSchema],
  'skillet/getsentry': [SentryEvalFileSchema],
  'triggers-json': [TriggersFileSchema],
};

/** `<scope> <path>` for every key of every schema. */
export function schemaSettings(): string[] {
  return Object.entries(SCHEMA_SCOPES).flatMap(([scope, schemas]) =>
    schemas.flatMap((schema) => schemaPaths(schema).map((path) => `${scope} ${path}`)),
  );
}

/** `<command> --<flag>` for every option of every command of the built CLI, `skill-eval --version` for its own. */
export async function commandLineSettings(): Promise<string[]> {
  // @ts-expect-error — the built CLI, without types here
  const { createProgram } = await import('../packages/cli/dist/program.js');
  const quiet = { write: () => true };
  const program = createProgram({ cwd: process.cwd(), env: {}, stdout: quiet, stderr: quiet }, () => {});
  const options = (command: { options: { long?: string }[] }, name: string) =>
    command.options.map((option) => `${name} ${option.long}`);
  type Node = { name(): string; options: { long?: string }[]; commands: Node[] };
  // A command's own options, then its subcommands' (`ci init --engine`).
  const all = (command: Node, name: string): string[] => [
    ...options(command, name),
    ...command.commands.flatMap((sub) => all(sub, `${name} ${sub.name()}`)),
  ];
  return [...options(program, 'skill-eval'), ...program.commands.flatMap((command: Node) => all(command, command.name()))];
}
