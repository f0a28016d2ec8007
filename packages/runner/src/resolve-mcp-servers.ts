import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type McpServer, type ResolvedMcpServer, SkillEvalError } from '@skill-eval/core';

/**
 * The mocked MCP server script shipped with this package. Found through the package's exports, not beside this
 * module, so that it is found also from the CLI's bundle, which holds this code in another directory.
 */
export const MOCK_MCP_SERVER_SCRIPT = fileURLToPath(import.meta.resolve('@skill-eval/runner/mock-mcp-server.mjs'));

export interface ResolveMcpOptions {
  /**
   * Directory for the mock definitions, in the execution's temp dir outside the agent's workspace — which a container
   * mounts, and setup steps have run in: the definitions are written through the file layer, below its parent.
   */
  dir: string;
  /** The agent's workspace: the filesystem mock works inside it. */
  workspace: string;
  /** Environment `${VAR}` references are filled from. */
  env: Record<string, string | undefined>;
  /** The user passed --trust: real servers (programs and endpoints the eval file names) may be installed. */
  trust: boolean;
  /** Variables holding the keys the run's engines and judge use for their models: never handed to a server. */
  modelKeys: readonly string[];
}

/**
 * Turns a case's MCP servers into what engines install: a mocked server becomes a stdio command
 * running the mock script on a JSON file written to `dir`; `${VAR}` references in a real server's
 * url, env and headers are filled from `env`. A missing variable is a SkillEvalError (BAD_INPUT); a real server
 * without --trust, or a reference to a model key, is one too (UNTRUSTED) — the CLI refuses both before the run starts,
 * this is the runner's own guard.
 */
export async function resolveMcpServers(
  servers: readonly McpServer[],
  options: ResolveMcpOptions,
): Promise<ResolvedMcpServer[]> {
  const resolved: ResolvedMcpServer[] = [];
  for (const [index, server] of servers.entries()) {
    if (server.mock) {
      const file = join(options.dir, `mcp-mock-${index}-${server.name.replace(/[^\w.-]/g, '_')}.json`);
      const spec = {
        name: server.name,
        tools: server.mock.tools,
        builtin: server.mock.builtin,
        root: options.workspace,
      };
      // The file layer is imported here: `list` and `validate` load this module and write nothing.
      const { writeBelowAgentFolder } = await import('@skill-eval/engine-kit/agent-files');
      await writeBelowAgentFolder(dirname(options.dir), file, JSON.stringify(spec));
      resolved.push({
        name: server.name,
        transport: 'stdio',
        // The harness's own Node runs the script, whatever `node` is on the agent's PATH.
        command: process.execPath,
        args: [MOCK_MCP_SERVER_SCRIPT, file],
        env: {},
        headers: {},
      });
      continue;
    }
    const refusal = untrustedMcpServer(server, options);
    if (refusal) throw new SkillEvalError('UNTRUSTED', refusal.message, { hint: refusal.hint });
    const fill = (value: string, field: string) =>
      expandEnvRefs(value, options.env, `MCP server "${server.name}" ${field}`);
    if (server.transport === 'stdio' && !server.command) {
      throw new SkillEvalError('BAD_INPUT', `MCP server "${server.name}" is stdio but names no command.`, {
        hint: 'Give the server a command (and args), or a url with transport http.',
      });
    }
    if (server.transport === 'http' && !server.url) {
      throw new SkillEvalError('BAD_INPUT', `MCP server "${server.name}" is http but names no url.`, {
        hint: 'Give the server its endpoint url.',
      });
    }
    resolved.push({
      name: server.name,
      transport: server.transport,
      ...(server.command ? { command: server.command } : {}),
      args: [...server.args],
      env: mapValues(server.env, (value, key) => fill(value, `env ${key}`)),
      ...(server.url ? { url: fill(server.url, 'url') } : {}),
      headers: mapValues(server.headers, (value, key) => fill(value, `header ${key}`)),
    });
  }
  return resolved;
}

const mapValues = (record: Record<string, string>, fn: (value: string, key: string) => string) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value, key)]));

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const WHOLE = new RegExp(`^\\$(${NAME})$`);
const BRACED = new RegExp(`\\$\\{(${NAME})\\}`, 'g');

/** The variables `value` refers to as `${VAR}` (or as a whole `$VAR`), as {@link expandEnvRefs} fills them. */
export function envReferences(value: string): string[] {
  const whole = WHOLE.exec(value);
  if (whole) return [whole[1]!];
  return [...value.matchAll(BRACED)].map((match) => match[1]!);
}

/** What a real server is: the program it starts or the endpoint it sends the agent's calls to. */
function describeServer(server: McpServer): string {
  if (server.transport === 'http') return `sends the agent's tool calls to ${server.url ?? '(no url)'}`;
  return `starts \`${[server.command ?? '', ...server.args].join(' ')}\``;
}

/**
 * Why installing `server` is refused, or undefined: a real server (a program or endpoint an eval file chose) needs
 * --trust; a `${VAR}` naming a key the run's models use is refused even with it, since that key would leave for an
 * endpoint the eval file chose. Mocked servers are skill-eval's own and always allowed.
 */
export function untrustedMcpServer(
  server: McpServer,
  options: Pick<ResolveMcpOptions, 'trust' | 'modelKeys'>,
): { message: string; hint: string } | undefined {
  if (server.mock) return undefined;
  if (!options.trust) {
    return {
      message: `MCP server "${server.name}" is a real server from the eval file: it ${describeServer(server)}, which runs only with --trust.`,
      hint: 'Read the server first, then pass --trust; or mock it (skill-up: mode: mocked with tool_responses).',
    };
  }
  const fields = [
    ['url', server.url ?? ''],
    ...Object.entries(server.headers).map(([key, value]) => [`header ${key}`, value]),
    ...Object.entries(server.env).map(([key, value]) => [`env ${key}`, value]),
  ];
  for (const [field, value] of fields) {
    const key = envReferences(value!).find((name) => options.modelKeys.includes(name));
    if (key) {
      return {
        message: `MCP server "${server.name}" ${field} refers to \${${key}}, a key the run's models use: skill-eval never hands it to an MCP server, --trust or not.`,
        hint: `Give the server a key of its own, in another variable, and refer to that one.`,
      };
    }
  }
  return undefined;
}

/** Fills `${VAR}` anywhere and a whole-value `$VAR` from `env`; an unset variable throws, naming it. */
export function expandEnvRefs(value: string, env: Record<string, string | undefined>, where: string): string {
  const lookup = (name: string): string => {
    const found = env[name];
    if (found === undefined || found === '') {
      throw new SkillEvalError('BAD_INPUT', `${where} refers to the environment variable ${name}, which is not set.`, {
        hint: `Set ${name} in the environment skill-eval runs in.`,
      });
    }
    return found;
  };
  const whole = WHOLE.exec(value);
  if (whole) return lookup(whole[1]!);
  return value.replace(BRACED, (_match, name: string) => lookup(name));
}
