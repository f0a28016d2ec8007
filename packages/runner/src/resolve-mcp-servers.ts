import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type McpServer, type ResolvedMcpServer, SkillEvalError } from '@skill-eval/core';

/**
 * The mocked MCP server script shipped with this package. Found through the package's exports, not beside this
 * module, so that it is found also from the CLI's bundle, which holds this code in another directory.
 */
export const MOCK_MCP_SERVER_SCRIPT = fileURLToPath(import.meta.resolve('@skill-eval/runner/mock-mcp-server.mjs'));

export interface ResolveMcpOptions {
  /** Directory for the mock definitions (the execution's temp dir, outside the agent's workspace). */
  dir: string;
  /** The agent's workspace: the filesystem mock works inside it. */
  workspace: string;
  /** Environment `${VAR}` references are filled from. */
  env: Record<string, string | undefined>;
}

/**
 * Turns a case's MCP servers into what engines install: a mocked server becomes a stdio command
 * running the mock script on a JSON file written to `dir`; `${VAR}` references in a real server's
 * url, env and headers are filled from `env`. A missing variable is a SkillEvalError (BAD_INPUT).
 */
export async function resolveMcpServers(
  servers: readonly McpServer[],
  options: ResolveMcpOptions,
): Promise<ResolvedMcpServer[]> {
  const resolved: ResolvedMcpServer[] = [];
  for (const [index, server] of servers.entries()) {
    if (server.mock) {
      await mkdir(options.dir, { recursive: true });
      const file = join(options.dir, `mcp-mock-${index}-${server.name.replace(/[^\w.-]/g, '_')}.json`);
      const spec = {
        name: server.name,
        tools: server.mock.tools,
        builtin: server.mock.builtin,
        root: options.workspace,
      };
      await writeFile(file, JSON.stringify(spec));
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
