import { join } from 'node:path';
import { type EngineRunInput, executionTempDir, type ToolRestriction } from '@skill-eval/core';
import type { ClaudeCodeSettings } from './claude-code-settings.js';
import { cloudLoginFiles } from './claude-credentials.js';

/** Environment that keeps claude offline except for its model endpoint, quiet and non-interactive. */
const FIXED_ENV: Record<string, string> = {
  // The only setting that makes claude contact nothing but its model endpoint.
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  // Bundled skills would crowd the skill listing the eval is measuring.
  CLAUDE_CODE_DISABLE_BUNDLED_SKILLS: '1',
  // Retries with backoff turn a 401 into minutes of waiting; the runner owns retries.
  CLAUDE_CODE_MAX_RETRIES: '0',
  DISABLE_AUTOUPDATER: '1',
  // bypassPermissions is refused as root unless claude believes it is sandboxed.
  IS_SANDBOX: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
};

/**
 * The child environment: the runner's env (its allowlist and claude's own credentials), the cloud SDKs pointed at the
 * user's cloud login (`~/.aws`, gcloud's config) when Bedrock or Vertex is on, claude's isolation settings, and HOME
 * and TMPDIR in the execution's HOME.
 */
export function buildClaudeEnv(
  input: Pick<EngineRunInput, 'env' | 'home' | 'userHome'>,
  settings: Pick<ClaudeCodeSettings, 'baseUrl'>,
): Record<string, string> {
  const env: Record<string, string> = { ...input.env, ...cloudLoginFiles(input.env, input.userHome), ...FIXED_ENV };
  env.HOME = input.home;
  // claude keeps a folder per working directory below `$TMPDIR/claude-<uid>` (its Bash tool's output and state) and
  // leaves it there: the machine's `/tmp` would keep one per execution.
  env.TMPDIR = executionTempDir(input.home);
  env.CLAUDE_CONFIG_DIR = join(input.home, '.claude');
  if (settings.baseUrl) env.ANTHROPIC_BASE_URL = settings.baseUrl;
  return env;
}

/** How this turn relates to the conversation. */
export type TurnMode =
  | { kind: 'single' }
  | { kind: 'first'; sessionId: string }
  | { kind: 'resume'; sessionId: string };

export interface ClaudeArgsOptions {
  turn: TurnMode;
  permissionMode: string;
  model?: string;
  maxTurns?: number;
  system?: string;
  allowedTools?: readonly string[];
  /** The case's tools: `allowed` becomes `--tools` (the built-in tools claude offers), `disallowed` `--disallowed-tools`. */
  tools?: ToolRestriction;
  /** Path of the `--mcp-config` file: the servers the case declares, the only ones claude loads. */
  mcpConfig?: string;
  extraArgs?: readonly string[];
}

/**
 * Arguments of one `claude -p` turn. The prompt is not among them: it goes on stdin, where claude -p reads it when
 * no prompt argument is given, since one argument may hold at most 128 KiB and a leading dash would read as a flag.
 */
export function buildClaudeArgs(options: ClaudeArgsOptions): string[] {
  const args = [
    '-p',
    '--output-format',
    'stream-json',
    '--verbose',
    '--permission-mode',
    options.permissionMode,
    // Only project skills (the staged ones), never the user's own.
    '--setting-sources',
    'project',
  ];
  // What the eval file chose (the model, the system prompt, tools) goes in one word with its option: whatever it starts
  // with, claude can read it only as that option's value.
  if (options.model) args.push(`--model=${options.model}`);
  if (options.maxTurns !== undefined) args.push('--max-turns', String(options.maxTurns));
  if (options.system) args.push(`--append-system-prompt=${options.system}`);
  if (options.allowedTools?.length) args.push(`--allowed-tools=${options.allowedTools.join(',')}`);
  args.push(...toolArgs(options.tools));
  // Strict, always: a workspace's `.mcp.json` (brought by a fixture) would start its servers unasked under -p, and the
  // user's and the project's own servers would change what is being measured.
  if (options.mcpConfig) args.push('--mcp-config', options.mcpConfig);
  args.push('--strict-mcp-config');
  if (options.turn.kind === 'single') args.push('--no-session-persistence');
  else if (options.turn.kind === 'first') args.push('--session-id', options.turn.sessionId);
  else args.push('--resume', options.turn.sessionId);
  args.push(...(options.extraArgs ?? []));
  return args;
}

/**
 * The case's tool restriction as claude 2.1.330 takes it: `--tools` names the only built-in tools it offers the model
 * (`""` for none; an MCP server's tools are not built-in and stay), `--disallowed-tools` removes tools from what it
 * offers, MCP tools included. A rule's pattern (`Bash(git *)`) is not a tool name: `--tools` gets the tool.
 */
export function toolArgs(tools: ToolRestriction | undefined): string[] {
  if (!tools) return [];
  const args: string[] = [];
  if (tools.allowed) {
    const names = tools.allowed.map((entry) => entry.replace(/\(.*$/s, '').trim()).filter((name) => name !== '');
    const builtIn = [...new Set(names.filter((name) => !name.startsWith('mcp__')))];
    args.push(`--tools=${builtIn.join(',')}`);
  }
  if (tools.disallowed.length) args.push(`--disallowed-tools=${tools.disallowed.join(',')}`);
  return args;
}
