import { isAbsolute, resolve } from 'node:path';
import type { McpServerInput } from '@skill-eval/core';
import { observedExists } from '@skill-eval/core';
import { type ParsedYaml, parseYaml, readSideFile, resolveFixture } from '@skill-eval/format-kit';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { SkillUpSuiteFile } from './suite-schema.js';
import { nodeAt } from './yaml-path.js';

type ServerEntry = NonNullable<NonNullable<SkillUpSuiteFile['mcp']>['servers']>[number];

/** What a `config_ref` file may hold (skill-up's mcpServerFile, plus `tool_responses` for mocks). */
interface ServerFile {
  transport?: string;
  command?: string;
  args?: string[];
  endpoint?: string;
  env?: Record<string, string>;
  required_env?: string[];
  headers?: Record<string, string>;
  tool_responses?: Record<string, unknown>;
}

interface McpContext {
  /** The eval.yaml declaring the servers. */
  file: string;
  yaml: ParsedYaml;
  sink: DiagnosticSink;
  root: string;
}

/**
 * Maps `mcp.servers` onto the cases' MCP servers. `real` servers keep their command (args naming a
 * file under the skill root become absolute) or endpoint, `env`, `required_env` (passed on as
 * `${NAME}`, filled from the environment at run time) and `headers`; `mocked` servers answer from
 * `tool_responses` (each tool's `default`, else the value itself), or are the built-in `filesystem`.
 */
export function mapMcpServers(doc: Pick<SkillUpSuiteFile, 'mcp'>, ctx: McpContext): McpServerInput[] {
  const servers: McpServerInput[] = [];
  (doc.mcp?.servers ?? []).forEach((entry, i) => {
    const server = mapServer(entry, ['mcp', 'servers', i], ctx);
    if (server) servers.push(server);
  });
  return servers;
}

/**
 * A case's own `mcp.servers` over the suite's, as skill-up 0.7.0 merges them (MergeCaseMCP): an entry replaces the
 * suite's server of its name whole, a new name is appended; a case-level server must be `mocked` and, unless it is
 * the built-in `filesystem`, give `config_ref`, or skill-up refuses the case.
 */
export function caseMcpServers(
  doc: Pick<SkillUpSuiteFile, 'mcp'>,
  suiteServers: readonly McpServerInput[],
  ctx: McpContext,
): McpServerInput[] {
  const entries = doc.mcp?.servers ?? [];
  if (entries.length === 0) return [...suiteServers];
  const merged = [...suiteServers];
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const path = ['mcp', 'servers', i];
    const where = `Case-level mcp server "${entry.name}"`;
    if (seen.has(entry.name)) {
      ctx.sink.error(
        'duplicate-id',
        `${where} is listed twice; skill-up refuses duplicate names.`,
        nodeAt(ctx.yaml, path),
      );
      return;
    }
    seen.add(entry.name);
    if (entry.mode !== 'mocked') {
      ctx.sink.error(
        'bad-value',
        `${where} must use mode: mocked; skill-up takes only mocked servers in a case file (real ones belong in eval.yaml).`,
        nodeAt(ctx.yaml, [...path, entry.mode === undefined ? 'name' : 'mode']),
      );
      return;
    }
    if (entry.name !== 'filesystem' && !entry.config_ref?.trim()) {
      ctx.sink.error(
        'missing-key',
        `${where} is mocked but has no config_ref; skill-up needs one (relative to the skill root) for any server but the built-in filesystem.`,
        nodeAt(ctx.yaml, path),
      );
      return;
    }
    const server = mapServer(entry, path, ctx);
    if (!server) return;
    const at = merged.findIndex((s) => s.name === entry.name);
    if (at >= 0) merged[at] = server;
    else merged.push(server);
  });
  return merged;
}

function mapServer(entry: ServerEntry, path: PropertyKey[], ctx: McpContext): McpServerInput | undefined {
  const at = (...more: PropertyKey[]) => nodeAt(ctx.yaml, [...path, ...more]);
  const where = `mcp server "${entry.name}"`;
  const file = entry.config_ref ? readServerFile(entry.config_ref, at('config_ref'), ctx) : {};
  if (file === undefined) return undefined;
  // A real server runs only with --trust: the refusal names the place.
  const source = { file: ctx.file, ...ctx.yaml.positionAtPath(path) };
  let mode = entry.mode;
  if (!mode) {
    ctx.sink.warning('bad-value', `${where} has no mode (skill-up requires one); it is read as mode: real.`, at());
    mode = 'real';
  }
  if (mode === 'mocked') {
    if (entry.command || entry.endpoint || file.command || file.endpoint) {
      ctx.sink.error(
        'bad-value',
        `${where} is mocked, so skill-eval generates its server; remove command, args and endpoint.`,
        at(),
      );
      return undefined;
    }
    const tools = Object.entries(file.tool_responses ?? {}).map(([name, fixture]) => ({
      name,
      response: isObject(fixture) && Object.hasOwn(fixture, 'default') ? fixture.default : fixture,
    }));
    if (tools.length === 0 && entry.name !== 'filesystem') {
      ctx.sink.error(
        'bad-value',
        `${where} is mocked but has no tool_responses; give it a config_ref file with tool_responses, or name it "filesystem" for the built-in mock.`,
        at(),
      );
      return undefined;
    }
    return {
      name: entry.name,
      transport: 'stdio',
      mock: { tools, ...(entry.name === 'filesystem' ? { builtin: 'filesystem' as const } : {}) },
    };
  }
  const command = entry.command?.trim() || file.command?.trim();
  const endpoint = entry.endpoint?.trim() || file.endpoint?.trim();
  let transport = entry.transport ?? file.transport ?? (command ? 'stdio' : 'http');
  if (transport === 'streamable_http' || transport === 'streamable-http') transport = 'http';
  if (transport !== 'stdio' && transport !== 'http') {
    ctx.sink.error('bad-value', `${where} has transport ${JSON.stringify(transport)}; write stdio or http.`, at());
    return undefined;
  }
  if (transport === 'stdio' && !command) {
    ctx.sink.error('missing-key', `${where} is stdio but names no command (here or in its config_ref).`, at());
    return undefined;
  }
  if (transport === 'http' && !endpoint) {
    ctx.sink.error('missing-key', `${where} is http but names no endpoint (here or in its config_ref).`, at());
    return undefined;
  }
  const env: Record<string, string> = {};
  for (const name of file.required_env ?? []) env[name] = `\${${name}}`;
  Object.assign(env, file.env ?? {});
  const args = (entry.args ?? (Array.isArray(file.args) ? file.args : [])).map((arg) =>
    skillFile(String(arg), ctx.root),
  );
  return transport === 'stdio'
    ? { name: entry.name, transport, command: skillFile(command!, ctx.root), args, env, source }
    : { name: entry.name, transport, url: endpoint!, headers: file.headers ?? {}, source };
}

/** A relative path naming a file under the skill root, made absolute (the agent runs elsewhere); anything else as is. */
function skillFile(arg: string, root: string): string {
  if (isAbsolute(arg) || arg.startsWith('-') || !/[/\\]/.test(arg)) return arg;
  const path = resolve(root, arg);
  return path.startsWith(root) && observedExists(path) ? path : arg;
}

function readServerFile(ref: string, at: ReturnType<typeof nodeAt>, ctx: McpContext): ServerFile | undefined {
  const found = resolveFixture(ref, [ctx.root]);
  if (found.kind !== 'ok') {
    const why = found.kind === 'escape' ? found.reason : `it does not exist (looked at ${found.lookedAt.join(', ')})`;
    ctx.sink.error('missing-fixture', `config_ref ${JSON.stringify(ref)} cannot be used: ${why}.`, at);
    return undefined;
  }
  const path = found.fixture.from;
  let text: string;
  try {
    // Inside the skill root (resolveFixture refused any escape); read without blocking on a FIFO, capped.
    const side = readSideFile(path, ctx.root);
    if (!side.ok) throw new Error(side.message);
    text = side.text;
  } catch (error) {
    ctx.sink.error(
      'missing-fixture',
      `config_ref ${JSON.stringify(ref)} cannot be read: ${(error as Error).message}.`,
      at,
    );
    return undefined;
  }
  const parsed = parseYaml(text);
  const value = parsed.errors.length === 0 ? parsed.toJS({ maxAliasCount: 100 }) : undefined;
  if (!isObject(value)) {
    ctx.sink.error(
      'bad-value',
      `config_ref ${JSON.stringify(ref)} is not a YAML map (transport, command, args, endpoint, env, required_env, headers, tool_responses).`,
      at,
    );
    return undefined;
  }
  return value as ServerFile;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
