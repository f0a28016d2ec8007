import { keysOf, parseJson, property } from '@skill-eval/format-kit/json';

/** A setting of an agent's project file that runs programs or sends data elsewhere, with the line it is on. */
export interface RiskySetting {
  setting: string;
  line?: number;
}

/**
 * A file an agent CLI reads from its working directory (the workspace root) and acts on by itself, before and
 * beside what the model decides: claude's hooks, status line, key helper and environment, qodercli's hooks, MCP
 * servers and tool-discovery commands.
 */
export interface AgentProjectFile {
  /** Path relative to the workspace root. */
  path: string;
  /** The agent CLI that reads it. */
  agent: string;
  /** The settings of `text` that are unsafe from a file that is not the user's; empty when there are none. */
  risks(text: string): RiskySetting[];
  /**
   * A folder whose files the agent acts on by itself, what they are to it (`plugins, which opencode loads as code by
   * itself`): anything in it is the risk.
   */
  folder?: string;
}

/**
 * Keys of claude's settings that only shape the agent's answers. Everything else can run a program (`hooks`,
 * `statusLine`, `apiKeyHelper`, `awsAuthRefresh`, `otelHeadersHelper`, `fileSuggestion`), change its environment
 * (`env`: an `ANTHROPIC_BASE_URL` sends the user's key elsewhere), load plugins or MCP servers, or widen what the
 * agent may touch (`permissions.allow`, `permissions.additionalDirectories`) — and claude -p asks no one.
 */
const CLAUDE_SAFE = new Set([
  '$schema',
  'model',
  'effortLevel',
  'outputStyle',
  'language',
  'includeCoAuthoredBy',
  'attribution',
  'cleanupPeriodDays',
  'alwaysThinkingEnabled',
  'spinnerTipsEnabled',
  'theme',
  'editorMode',
  'respectGitignore',
  'companyAnnouncements',
  'disableAllHooks',
  'forceLoginMethod',
  'permissions',
]);

/** Permission rules that narrow what the agent may do; `defaultMode` yields to the --permission-mode claude is given. */
const CLAUDE_SAFE_PERMISSIONS = new Set(['deny', 'ask', 'defaultMode']);

/** The keys of a claude settings file outside {@link CLAUDE_SAFE}; a file that is not a JSON object is all risk. */
function claudeSettingsRisks(text: string): RiskySetting[] {
  const json = parseJson(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [{ setting: '(not JSON skill-eval can check)', line: 1 }];
  }
  if (!json.root || typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ setting: '(not a JSON object)', line: 1 }];
  }
  const lineOf = (path: string[]): number | undefined => {
    let node = json.root;
    for (const key of path.slice(0, -1)) node = property(node, key);
    const found = node && keysOf(node).find((k) => k.key === path.at(-1));
    return found ? json.positionAt(found.keyNode.offset).line : undefined;
  };
  const risks: RiskySetting[] = [];
  for (const [key, setting] of Object.entries(value)) {
    if (!CLAUDE_SAFE.has(key)) risks.push({ setting: key, line: lineOf([key]) });
    else if (key === 'permissions' && setting && typeof setting === 'object') {
      for (const sub of Object.keys(setting)) {
        if (!CLAUDE_SAFE_PERMISSIONS.has(sub)) risks.push({ setting: `permissions.${sub}`, line: lineOf([key, sub]) });
      }
    }
  }
  return risks;
}

/** gemini-cli and qodercli (its fork) run hooks, MCP servers and tool-discovery commands from their settings: all of it counts. */
const wholeFile = (): RiskySetting[] => [{ setting: '(the whole file)', line: 1 }];

/**
 * What opencode 1.18.33 acts on in each of its config folders, the workspace's `.opencode` among them, besides its
 * `opencode.json(c)` and its skills (Config.loadInstanceState, for each of Config.directories): it imports
 * `{plugin,plugins}/*.{ts,js}` and `{tool,tools}/*.{js,ts}` as code, with the user's keys in its environment; it reads
 * `{agent,agents}/**\/*.md`, `{mode,modes}/*.md` and `{command,commands}/**\/*.md` into its config (an agent's or a
 * mode's model, prompt, permissions and options, which replace those of the agent a run uses); and it installs
 * packages into the folder with npm's Arborist (Npm.install), from the `package.json` and `package-lock.json` there,
 * with the registry and credentials its `.npmrc` names, the `node_modules` there being what plugins import. A folder
 * is one rule for everything below it.
 */
const OPENCODE_CONFIG_FOLDER_ENTRIES: readonly { path: string; folder?: string }[] = [
  ...['plugin', 'tool'].flatMap((name) =>
    [name, `${name}s`].map((path) => ({ path, folder: `${name}s, which opencode loads as code by itself` })),
  ),
  ...['agent', 'mode', 'command'].flatMap((name) =>
    [name, `${name}s`].map((path) => ({
      path,
      folder: `${name}s, which opencode reads into its config by itself (models, prompts, permissions)`,
    })),
  ),
  { path: 'node_modules', folder: "packages, which opencode's plugins import as code" },
  ...['package.json', 'package-lock.json', '.npmrc'].map((path) => ({ path })),
];

/**
 * The project files of the agent CLIs skill-eval drives. `.mcp.json` is not among them: claude-code and qodercli run
 * with `--strict-mcp-config`, so only the servers an eval file declares reach them; codex ignores a project's
 * `.codex/` (hooks, MCP servers, rules) unless the project is trusted, which a fresh CODEX_HOME never says.
 */
export const AGENT_PROJECT_FILES: readonly AgentProjectFile[] = [
  { path: '.claude/settings.json', agent: 'claude', risks: claudeSettingsRisks },
  { path: '.claude/settings.local.json', agent: 'claude', risks: claudeSettingsRisks },
  { path: '.qoder/settings.json', agent: 'qodercli', risks: wholeFile },
  { path: '.qoder/settings.local.json', agent: 'qodercli', risks: wholeFile },
  // The gemini-cli engine trusts the workspace (gemini loads workspace skills only in a trusted folder), and a trusted
  // folder's settings apply: hooks, MCP servers, tool-discovery commands, the sandbox (gemini 0.61.0's
  // LoadedSettings, bundle/chunk-2YTYPKEZ.js:16228).
  { path: '.gemini/settings.json', agent: 'gemini', risks: wholeFile },
  // In a trusted folder gemini also loads the first `.gemini/.env` from the workspace up into its environment
  // (findEnvFile, bundle/chunk-2YTYPKEZ.js:16416; `advanced.ignoreLocalEnv` skips only a bare `.env`): a
  // `GOOGLE_GEMINI_BASE_URL` there sends the key elsewhere. The engine writes its own, empty one when there is none,
  // which ends the search at the workspace (gemini-cli's gemini-command.ts, fenceGeminiEnvFile).
  { path: '.gemini/.env', agent: 'gemini', risks: wholeFile },
  // opencode 1.18.33 merges the project's opencode.json(c) and .opencode/opencode.json(c) into its config (providers
  // and their baseURL, MCP servers, permissions). The engine has it read no other project config than the
  // workspace's (opencode's opencode-command.ts, projectConfigEnv).
  ...['opencode.json', 'opencode.jsonc', '.opencode/opencode.json', '.opencode/opencode.jsonc'].map((path) => ({
    path,
    agent: 'opencode',
    risks: wholeFile,
  })),
  ...OPENCODE_CONFIG_FOLDER_ENTRIES.map(({ path, folder }) => ({
    path: `.opencode/${path}`,
    agent: 'opencode',
    risks: wholeFile,
    ...(folder ? { folder } : {}),
  })),
];

/** The project file at `path` (relative to the workspace root, `/`-separated), if it is one. */
export const agentProjectFile = (path: string): AgentProjectFile | undefined =>
  AGENT_PROJECT_FILES.find((file) => file.path === path || (file.folder && path.startsWith(`${file.path}/`)));
