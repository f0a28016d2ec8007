/** What a CI machine needs for an engine: the agent CLI to install, and the secrets that hold its key. */
export interface AgentSetup {
  /** The npm package of the agent's CLI, for engines that run one; none for the API engines. */
  cliPackage?: string;
  /** The secret with its key, named as the engine reads it from the environment. */
  secret: string;
  /** The action's input that takes it, where the action has one (else the step's `env`). */
  actionInput?: 'anthropic-api-key' | 'openai-api-key';
}

/** Each bundled engine's needs; the packages are the ones each engine's install hint names. */
const AGENT_SETUP: Record<string, AgentSetup> = {
  'claude-code': {
    cliPackage: '@anthropic-ai/claude-code',
    secret: 'ANTHROPIC_API_KEY',
    actionInput: 'anthropic-api-key',
  },
  codex: { cliPackage: '@openai/codex', secret: 'OPENAI_API_KEY', actionInput: 'openai-api-key' },
  'gemini-cli': { cliPackage: '@google/gemini-cli', secret: 'GEMINI_API_KEY' },
  opencode: { cliPackage: 'opencode-ai', secret: 'ANTHROPIC_API_KEY', actionInput: 'anthropic-api-key' },
  copilot: { cliPackage: '@github/copilot', secret: 'COPILOT_GITHUB_TOKEN' },
  qodercli: { cliPackage: '@qoder-ai/qodercli', secret: 'QODER_PERSONAL_ACCESS_TOKEN' },
  anthropic: { secret: 'ANTHROPIC_API_KEY', actionInput: 'anthropic-api-key' },
  openai: { secret: 'OPENAI_API_KEY', actionInput: 'openai-api-key' },
};

/** The setup of an engine by id (its model, `claude-code:opus`, left out); undefined for one CI init does not know. */
export function agentSetup(engine: string): AgentSetup | undefined {
  return AGENT_SETUP[engine.split(':')[0]!];
}

/** Engines CI init knows, for its question and its error. */
export const KNOWN_ENGINES = Object.keys(AGENT_SETUP);
