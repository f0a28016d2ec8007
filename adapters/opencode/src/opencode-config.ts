import type { ResolvedMcpServer } from '@skill-eval/core';
import { PROVIDER_KEYS } from './opencode-credentials.js';
import { opencodeMcpServers } from './opencode-mcp.js';
import type { OpencodeSettings } from './opencode-settings.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The skill opencode 1.18.33 builds in (`customize-opencode`, added by Skill.state beside the discovered ones, with
 * location `<built-in>`): it would crowd the listing the eval measures, as claude's bundled skills would. opencode
 * lists only the skills the `skill` permission does not deny (Skill.available), so the config denies it — unless a
 * staged skill has its name.
 */
export const BUILTIN_SKILLS: readonly string[] = ['customize-opencode'];

/**
 * The provider endpoints of one execution: the `baseUrl` setting for the model's provider, else the endpoint variables
 * of the environment. `@ai-sdk/anthropic`'s `baseURL` ends in `/v1` (its default is `https://api.anthropic.com/v1`),
 * while `ANTHROPIC_BASE_URL` is the host alone, as the Anthropic SDKs and claude read it; `OPENAI_BASE_URL` carries its
 * `/v1` already.
 */
export function providerEndpoints(
  env: Env,
  settings: Pick<OpencodeSettings, 'baseUrl'>,
  provider: string | undefined,
): Record<string, string> {
  const endpoints: Record<string, string> = {};
  const anthropic = env[PROVIDER_KEYS.anthropic!.baseUrlVariable];
  if (anthropic) endpoints.anthropic = `${anthropic.replace(/\/+$/, '')}/v1`;
  const openai = env[PROVIDER_KEYS.openai!.baseUrlVariable];
  if (openai) endpoints.openai = openai.replace(/\/+$/, '');
  if (settings.baseUrl && provider) endpoints[provider] = settings.baseUrl.replace(/\/+$/, '');
  return endpoints;
}

/**
 * The agent `opencode run` runs when neither `--agent` nor the config's `default_agent` names one: the first primary,
 * visible agent (Agent.defaultInfo of opencode 1.18.33), its built-in `build`.
 */
export const RUN_AGENT = 'build';

/**
 * The global config of one execution (`~/.config/opencode/opencode.json` of its HOME; keys of opencode's config
 * schema, https://opencode.ai/config.json): every permission allowed — opencode's own way to run unattended, beside
 * `--auto` — but the built-in skill, no auto-update or sharing, the provider endpoints, the case's MCP servers (the only
 * ones opencode loads: its fresh HOME has no others), the turn limit as the `steps` of the agent it runs, and the
 * workspace's instructions file (opencode no longer finds it itself: opencode-command.ts projectConfigEnv). Keys never
 * go here: opencode reads them from the environment.
 *
 * `steps` (AgentConfig of opencode 1.18.33, "Maximum number of agentic iterations before forcing text-only response";
 * the deprecated `maxSteps` is read only when `steps` is absent) is checked by the session's prompt loop before each
 * model request (`isLastStep = step >= (agent.steps ?? Infinity)`, the step counted from 1 for each user message): from
 * that step on, opencode appends its MAX_STEPS notice ("Tools are disabled until next user input. Respond with text
 * only.") to the request as an assistant message. The tools stay offered and run when called, so the limit holds only
 * for a model that heeds the notice (opencode-mcp.e2e.test.ts shows both).
 */
export function opencodeConfig(options: {
  endpoints: Record<string, string>;
  stagedSkills: readonly string[];
  mcpServers?: readonly ResolvedMcpServer[];
  maxTurns?: number;
  /** Absolute paths of instruction files opencode adds to its system prompt (the workspace's AGENTS.md). */
  instructions?: readonly string[];
}): Record<string, unknown> {
  const denied = BUILTIN_SKILLS.filter((name) => !options.stagedSkills.includes(name));
  const provider = Object.fromEntries(
    Object.entries(options.endpoints).map(([name, baseURL]) => [name, { options: { baseURL } }]),
  );
  return {
    $schema: 'https://opencode.ai/config.json',
    autoupdate: false,
    share: 'disabled',
    permission: {
      '*': 'allow',
      skill: { '*': 'allow', ...Object.fromEntries(denied.map((name) => [name, 'deny'])) },
    },
    ...(Object.keys(provider).length ? { provider } : {}),
    ...(options.mcpServers?.length ? { mcp: opencodeMcpServers(options.mcpServers) } : {}),
    ...(options.maxTurns === undefined ? {} : { agent: { [RUN_AGENT]: { steps: options.maxTurns } } }),
    ...(options.instructions?.length ? { instructions: [...options.instructions] } : {}),
  };
}
