import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';

/** A tool of a mocked MCP server: what it is called and what it answers. */
export const McpMockToolSchema = lazySchema(() =>
  z.object({
    /** Tool name as the server lists it. */
    name: z.string().min(1),
    /** Description shown to the model (default: "Mocked MCP tool <name>"). */
    description: z.string().optional(),
    /** JSON Schema of the tool's input (default: any object). */
    inputSchema: z.record(z.string(), z.unknown()).optional(),
    /**
     * The canned answer. A string is sent as text, anything else as JSON text; `{{params.x}}` (and
     * `{{params.x | default: 'y'}}`) inside strings is filled from the call's arguments.
     */
    response: z.unknown(),
    /** The answer is a tool error (`isError`), as a responder with `error: true` answers in Claude Code's mocks. */
    error: z.boolean().optional(),
    /**
     * Guards on the call's input, as a responder's `expect:` in Claude Code's mocks: each key a dotted path into the
     * input (a nested map goes deeper); each value a type name (`string`, `number`, `bool`, `boolean`, `object`,
     * `array`), a list of allowed values, or the value itself, compared as text. A call that breaks one is answered
     * as a tool error starting "the model's call violates expect:", naming it.
     */
    expect: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type McpMockTool = z.infer<typeof McpMockToolSchema>;

/** What a mocked server answers from; the runner turns it into a local stdio server. */
export const McpMockSchema = lazySchema(() =>
  z.object({
    /** Tools with canned responses. */
    tools: z.array(McpMockToolSchema).default([]),
    /** A built-in mock instead of (or beside) canned tools: `filesystem` lists, reads and writes workspace files. */
    builtin: z.enum(['filesystem']).optional(),
  }),
);
export type McpMock = z.infer<typeof McpMockSchema>;

/**
 * An MCP server a case installs into the agent. A real server is a stdio command or an HTTP
 * (streamable-http) endpoint; a mocked one carries `mock` and needs neither. `env`, `headers` and
 * `url` may reference the run's environment as `${VAR}` (or a whole value `$VAR`); the runner fills
 * them in, so eval files never hold secrets.
 */
export const McpServerSchema = lazySchema(() =>
  z.object({
    /** Server name; tool calls are reported as `<name>::<tool>`. */
    name: z.string().min(1),
    /** How the agent talks to it. Mocked servers are always stdio. */
    transport: z.enum(['stdio', 'http']),
    /** stdio: program to start. */
    command: z.string().optional(),
    /** stdio: its arguments. */
    args: z.array(z.string()).default([]),
    /** stdio: extra environment of the server process. */
    env: z.record(z.string(), z.string()).default({}),
    /** http: endpoint URL. */
    url: z.string().optional(),
    /** http: headers sent with every request. */
    headers: z.record(z.string(), z.string()).default({}),
    /** Present for mocked servers: what the generated server answers. */
    mock: McpMockSchema.optional(),
    /** Where the eval file declares the server, for messages about it (a real server needs --trust). */
    source: z
      .object({
        file: z.string(),
        line: z.number().int().positive().optional(),
        column: z.number().int().positive().optional(),
      })
      .optional(),
  }),
);
export type McpServer = z.infer<typeof McpServerSchema>;
export type McpServerInput = z.input<typeof McpServerSchema>;

/**
 * An MCP server ready for an engine: mocks already turned into stdio commands, `${VAR}` references
 * filled in. A stdio server has `command`; an http server has `url`.
 */
export interface ResolvedMcpServer {
  /** Server name, as the eval file gave it. */
  name: string;
  transport: 'stdio' | 'http';
  /** stdio: program to start. */
  command?: string;
  /** stdio: its arguments. */
  args: string[];
  /** stdio: extra environment of the server process (added to the engine's own). */
  env: Record<string, string>;
  /** http: endpoint URL. */
  url?: string;
  /** http: headers sent with every request. */
  headers: Record<string, string>;
}

/** The name an MCP tool call is reported under in a Session: `server::tool`. */
export const mcpToolName = (server: string, tool: string): string => `${server}::${tool}`;
