import { basename, dirname, join, relative } from 'node:path';
import type { McpMockTool, McpServerInput } from '@skill-eval/core';
import { observedEntries, observedExists, observedLstat, observedStat } from '@skill-eval/core';
import { resolveFixture } from '@skill-eval/format-kit';
import type { CaseDiagnostics, Where } from './diagnostics.js';
import { splitFrontMatter } from './front-matter.js';
import { frontMatterFields } from './front-matter-fields.js';
import { isPlainMap, type Located } from './located.js';
import { readMockGuards } from './mock-guards.js';
import type { PluginUnderTest } from './plugin-under-test.js';
import { caseBoundary, readCaseText, readPluginText } from './side-text.js';

/*
 * Claude Code 2.1.330's MCP stand-ins (`claude plugin eval --mocks record`, the default), read in the binary:
 * - layers (`function Zm(e,r)`, `function qm`): the `mocks/` folder of every directory from the eval folder down to
 *   the case directory; a deeper layer's `<tool>.md` replaces a shallower one's (`function yu`);
 * - `mocks/<server>/` (`async function gu`): the server segment of the tool names (`/^[A-Za-z0-9_-]+$/`, no `__`);
 *   `<tool>.md` answers the tool it is named after, `_server.md` is an agent answering several tools, `_tools.json` a
 *   saved tools/list response giving descriptions and input schemas (`async function wu`);
 * - a `<tool>.md` (`async function hu`): front matter `type` (fixed | agent, default fixed), `expect`, `error`,
 *   `tools`, `abort_when`, nothing else (`fu=p(()=>c({type:F(["fixed","agent"])…}).strict())`); a fixed responder
 *   answers its body, leading newlines and trailing blanks cut, with `{{input.a.b}}` filled from the call's arguments
 *   and `{{file:<path>}}` read from the server's mock folder (`function cjo`); `error: true` answers it as a tool error
 *   (`isError:R.error??!1`, the verdict `tool_error`);
 * - naming (`function Fa`): a folder matching a server the plugin declares shadows it (registered as
 *   `plugin:<plugin>:<server>`); any other is served standalone under its own name. Mocked tools are granted to the
 *   agent without `--allow-tools` (the `mockedTools` grant).
 */

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SERVER_AGENT = '_server.md';
const TOOL_LISTING = '_tools.json';
/** The line `init` scaffolds into a stub responder (binary `var ai="TODO: replace with the canned result…"`). */
const STUB = 'TODO: replace with the canned result this tool should return';
export const RESPONDER_KEYS = ['type', 'expect', 'error', 'tools', 'abort_when'];
/** Binary `var Hs=1048576`: the size cap of a responder or listing file; fixtures share the cap here. */
const FILE_CAP = 1_048_576;

/** How Claude Code spells a name inside `mcp__<server>__<tool>`. */
export const toolNameSegment = (name: string): string => name.replace(/[^A-Za-z0-9_-]/g, '_');

interface Responder {
  tool: string;
  body: string;
  /** The body answers the call as a tool error (`error: true`). */
  error: boolean;
  /** Guards on the call's input (`expect:`), their values as text. */
  expect?: Record<string, unknown>;
  at: Where;
}

interface ServerLayers {
  responders: Map<string, Responder>;
  /** A responder file was refused (diagnosed), so an empty server needs no word of its own. */
  refused: boolean;
  listings: Map<string, { description: string; inputSchema: Record<string, unknown> }>;
  at: Where;
}

/**
 * The mocked MCP servers of the case in `caseDir`, as skill-eval's mocked servers: each named by the segment Claude
 * Code's tool names carry (`mcp__<segment>__<tool>`), so the agent sees the same tool names in both harnesses.
 */
export function readMocks(
  caseDir: string,
  plugin: PluginUnderTest | undefined,
  caseFile: string,
  diagnostics: CaseDiagnostics,
): McpServerInput[] {
  const servers = new Map<string, ServerLayers>();
  for (const layer of mockLayers(caseDir, plugin)) {
    const mocks = join(layer, 'mocks');
    if (!observedExists(mocks)) continue;
    if (!observedLstat(mocks).isDirectory()) {
      diagnostics.error('mock-not-read', 'mocks is not a directory (Claude Code refuses the run).', { file: mocks });
      continue;
    }
    for (const entry of observedEntries(mocks).sort(byName)) {
      if (entry.name.startsWith('.') || !entry.isDirectory()) continue;
      readServer(join(mocks, entry.name), entry.name, servers, diagnostics);
    }
  }
  const declared = plugin ? declaredServers(plugin) : new Map<string, string>();
  const result: McpServerInput[] = [];
  for (const [dirName, server] of servers) {
    if (server.responders.size === 0) {
      if (server.refused) continue;
      diagnostics.warning(
        'mock-not-read',
        `mocks/${dirName}/ has no <tool>.md responders, so nothing is mocked for ${dirName} (Claude Code says the same).`,
        server.at,
      );
      continue;
    }
    const registered = declared.get(dirName);
    const tools: McpMockTool[] = [...server.responders.values()].map((responder) => {
      const listing = server.listings.get(responder.tool);
      return {
        name: responder.tool,
        description: listing?.description ?? '',
        inputSchema: listing?.inputSchema ?? { type: 'object', additionalProperties: true },
        response: responder.body,
        ...(responder.error ? { error: true } : {}),
        ...(responder.expect ? { expect: responder.expect } : {}),
      };
    });
    result.push({
      name: toolNameSegment(registered ?? dirName),
      transport: 'stdio',
      mock: { tools },
      source: { file: server.at.file, ...(server.at.line ? { line: server.at.line } : {}) },
    });
  }
  if (plugin && result.length === 0 && declared.size > 0) {
    diagnostics.info(
      'mock-not-read',
      `The plugin declares MCP servers (${[...declared.keys()].join(', ')}) and no mocks/<server>/ answers them: Claude Code then starts none of them (without --allow-real-servers), and skill-eval stages none.`,
      { file: caseFile, line: 1, column: 1 },
    );
  }
  return result;
}

/** The directories whose `mocks/` apply, shallowest first: the eval folder (or the case's own) down to the case. */
function mockLayers(caseDir: string, plugin: PluginUnderTest | undefined): string[] {
  const top = plugin ? join(plugin.root, plugin.evalDir) : caseDir;
  const rel = relative(top, caseDir);
  if (rel.startsWith('..') || rel === caseDir) return [caseDir];
  const layers = [top];
  let dir = top;
  for (const part of rel.split(/[\\/]/).filter(Boolean)) {
    dir = join(dir, part);
    layers.push(dir);
  }
  return layers;
}

function readServer(dir: string, dirName: string, servers: Map<string, ServerLayers>, diagnostics: CaseDiagnostics) {
  const at: Where = { file: dir };
  if (!SEGMENT.test(dirName) || dirName.includes('__')) {
    diagnostics.error(
      'mock-not-read',
      `mocks/${dirName}/: name the directory after the server segment of the tool name (letters, digits, "_" and "-" only, no "__"), as Claude Code requires.`,
      at,
    );
    return;
  }
  const server = servers.get(dirName) ?? { responders: new Map(), listings: new Map(), refused: false, at };
  servers.set(dirName, server);
  for (const entry of observedEntries(dir).sort(byName)) {
    const file = join(dir, entry.name);
    if (entry.name === TOOL_LISTING) {
      readListing(file, dirName, server, diagnostics);
      continue;
    }
    if (entry.name.startsWith('.') || !entry.name.endsWith('.md') || entry.isDirectory()) continue;
    const tool = basename(entry.name, '.md');
    if (entry.name === SERVER_AGENT) {
      diagnostics.error(
        'mock-not-expressible',
        `mocks/${dirName}/${SERVER_AGENT} is an agent answering ${dirName}'s tools with a model; skill-eval's mocked servers answer fixed text only, so this case cannot run as Claude Code runs it. Give each tool a fixed answer in mocks/${dirName}/<tool>.md.`,
        { file, line: 1, column: 1 },
      );
      server.refused = true;
      continue;
    }
    if (!SEGMENT.test(tool) || tool.includes('__')) {
      diagnostics.error(
        'mock-not-read',
        `mocks/${dirName}/${entry.name}: name responder files after the tool (letters, digits, "_" and "-" only), e.g. list_issues.md.`,
        { file, line: 1, column: 1 },
      );
      continue;
    }
    const responder = readResponder(file, dir, dirName, tool, diagnostics);
    if (responder) server.responders.set(tool, responder);
    else server.refused = true;
  }
}

/**
 * The responder's keys against Claude Code's responder schema (`fu`, strict, no field taking null): `unknown` when a
 * key is not one of its (diagnosed; the rest is still checked), `empty` when one of its fields has no value (`type: ~`
 * is refused, not read as the default).
 */
function checkResponderKeys(
  name: string,
  fields: Record<string, Located>,
  diagnostics: CaseDiagnostics,
): 'known' | 'unknown' | 'empty' {
  let verdict: 'known' | 'unknown' | 'empty' = 'known';
  for (const [key, entry] of Object.entries(fields)) {
    if (!RESPONDER_KEYS.includes(key)) {
      diagnostics.error(
        'unknown-key',
        `${name}: unknown key "${key}" (keys: ${RESPONDER_KEYS.join(', ')}); Claude Code refuses the run.`,
        entry.at,
      );
      if (verdict === 'known') verdict = 'unknown';
    } else if (entry.value === null) {
      diagnostics.error(
        'empty-value',
        `${name}: ${key} is empty; Claude Code refuses an empty value there (and the run): write one, or leave the line out.`,
        entry.at,
      );
      verdict = 'empty';
    }
  }
  return verdict;
}

function readResponder(
  file: string,
  serverDir: string,
  dirName: string,
  tool: string,
  diagnostics: CaseDiagnostics,
): Responder | undefined {
  const name = `mocks/${dirName}/${tool}.md`;
  const start: Where = { file, line: 1, column: 1 };
  if (observedStat(file).size > FILE_CAP) {
    diagnostics.error('mock-not-read', `${name} is over ${FILE_CAP} bytes (Claude Code's cap).`, start);
    return undefined;
  }
  const text = readCaseText(file, caseBoundary(serverDir), diagnostics, start, { ref: name, maxBytes: FILE_CAP });
  if (text === undefined) return undefined;
  const split = splitFrontMatter(text);
  const front = frontMatterFields(file, name, split, diagnostics);
  if (front === null) return undefined;
  const fields = front?.entries ?? {};
  const keys = checkResponderKeys(name, fields, diagnostics);
  if (keys === 'empty') return undefined;
  let ok = keys === 'known';
  const type = fields.type?.value ?? 'fixed';
  if (type === 'agent') {
    diagnostics.error(
      'mock-not-expressible',
      `${name} is an agent responder (a model answers the call); skill-eval's mocked servers answer fixed text only, so this case cannot run as Claude Code runs it. Write the tool's canned answer as the body, without type: agent.`,
      fields.type!.at,
    );
    return undefined;
  }
  if (type !== 'fixed') {
    diagnostics.error('wrong-type', `${name}: type must be fixed or agent.`, fields.type!.at);
    return undefined;
  }
  if (fields.tools) {
    diagnostics.error(
      'mock-not-read',
      `${name}: \`tools:\` belongs in ${SERVER_AGENT} (a <tool>.md answers the tool it is named after); Claude Code refuses the run.`,
      fields.tools.at,
    );
    ok = false;
  }
  if (fields.abort_when) {
    diagnostics.error(
      'mock-not-read',
      `${name}: \`abort_when:\` needs \`type: agent\`; a fixed responder guards its input with \`expect:\` (Claude Code refuses the run).`,
      fields.abort_when.at,
    );
    ok = false;
  }
  const error = fields.error?.value;
  if (error !== undefined && typeof error !== 'boolean') {
    diagnostics.error(
      'wrong-type',
      `${name}: error must be true or false (true answers the call as a tool error); Claude Code refuses the run.`,
      fields.error!.at,
    );
    ok = false;
  }
  // A call its guards refuse ends Claude Code's run, scored 0; here it is answered as an error, and a gate of the case
  // fails (guardGate).
  const expect = fields.expect ? readMockGuards(name, fields.expect.value, fields.expect.at, diagnostics) : undefined;
  if (fields.expect && !expect) ok = false;
  const body = split.body.replace(/^\n+/, '').replace(/\s+$/, '');
  const bodyAt: Where = { file, line: text.split('\n').length - split.body.split('\n').length + 1 };
  if (body.includes(STUB)) {
    diagnostics.error(
      'init-template',
      `${name} still holds the scaffolded placeholder — write the tool's canned answer as the body (Claude Code refuses it too).`,
      bodyAt,
    );
    return undefined;
  }
  const response = fillTemplate(body, serverDir, name, bodyAt, diagnostics);
  if (!ok || response === undefined) return undefined;
  return { tool, body: response, error: error === true, ...(expect ? { expect } : {}), at: start };
}

/**
 * Claude Code's placeholders (`function cjo`) in skill-eval's mock template: `{{input.a.b}}` becomes `{{params.a.b}}`
 * (both fill the argument, JSON text for a non-string, empty when missing); `{{file:<path>}}` is read now, from the
 * server's mock folder. A file named from the call's input cannot be read ahead, and is an error.
 */
function fillTemplate(
  body: string,
  serverDir: string,
  name: string,
  at: Where,
  diagnostics: CaseDiagnostics,
): string | undefined {
  let failed = false;
  const filled = escapeParams(body).replace(
    /\{\{\s*(input\.[A-Za-z0-9_.-]+|file:(?:[^{}]|\{input\.[A-Za-z0-9_.-]+\})+?)\s*\}\}/g,
    (_match, ref: string) => {
      if (ref.startsWith('input.')) return `{{params.${ref.slice('input.'.length)}}}`;
      const path = ref.slice('file:'.length).trim();
      if (path.includes('{input.')) {
        diagnostics.error(
          'mock-not-expressible',
          `${name}: {{file:${path}}} names its file from the call's input; skill-eval's mocked server answers a text fixed when the case loads, so it cannot pick the file per call.`,
          at,
        );
        failed = true;
        return '';
      }
      const found = resolveFixture(path, [serverDir]);
      if (found.kind !== 'ok' || !observedStat(found.fixture.from).isFile()) {
        const why = found.kind === 'escape' ? found.reason : 'no such fixture';
        diagnostics.error('mock-not-read', `${name}: {{file:${path}}}: ${why} (inside ${basename(serverDir)}/).`, at);
        failed = true;
        return '';
      }
      if (observedStat(found.fixture.from).size > FILE_CAP) {
        diagnostics.error('mock-not-read', `${name}: {{file:${path}}} is over ${FILE_CAP} bytes.`, at);
        failed = true;
        return '';
      }
      const fixture = readCaseText(found.fixture.from, caseBoundary(serverDir), diagnostics, at, { ref: path });
      if (fixture === undefined) {
        failed = true;
        return '';
      }
      return escapeParams(fixture);
    },
  );
  return failed ? undefined : filled;
}

function readListing(file: string, dirName: string, server: ServerLayers, diagnostics: CaseDiagnostics) {
  const name = `mocks/${dirName}/${TOOL_LISTING}`;
  const text = readCaseText(file, caseBoundary(dirname(file)), diagnostics, { file, line: 1 }, { ref: name });
  if (text === undefined) return;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    diagnostics.error('syntax', `${name}: not valid JSON (${(error as Error).message}).`, { file, line: 1 });
    return;
  }
  const list = isPlainMap(data) && 'result' in data ? data.result : data;
  const tools = isPlainMap(list) ? list.tools : undefined;
  if (!Array.isArray(tools) || !tools.every((t) => isPlainMap(t) && typeof t.name === 'string' && t.name !== '')) {
    diagnostics.error(
      'mock-not-read',
      `${name}: expected a saved tools/list response ({"tools": [{"name", "description", "inputSchema"}]}).`,
      { file, line: 1 },
    );
    return;
  }
  for (const tool of tools as Record<string, unknown>[]) {
    server.listings.set(tool.name as string, {
      description: typeof tool.description === 'string' ? tool.description : '',
      inputSchema: isPlainMap(tool.inputSchema) ? tool.inputSchema : { type: 'object' },
    });
  }
}

/**
 * The MCP servers the plugin declares inline in its manifest or in `.mcp.json`, by the mock folder name that shadows
 * each (its name as a tool-name segment), to the name Claude Code registers it under: `plugin:<plugin>:<server>`.
 */
function declaredServers(plugin: PluginUnderTest): Map<string, string> {
  const declared = new Map<string, string>();
  const manifest =
    readJson(join(plugin.root, '.claude-plugin', 'plugin.json')) ?? readJson(join(plugin.root, 'plugin.json'));
  const pluginName = typeof manifest?.name === 'string' ? manifest.name : basename(plugin.root);
  const mcpJson = readJson(join(plugin.root, '.mcp.json'));
  const sources = [manifest?.mcpServers, isPlainMap(mcpJson?.mcpServers) ? mcpJson.mcpServers : mcpJson];
  for (const source of sources) {
    if (!isPlainMap(source)) continue;
    for (const server of Object.keys(source)) declared.set(toolNameSegment(server), `plugin:${pluginName}:${server}`);
  }
  return declared;
}

function readJson(file: string): Record<string, unknown> | undefined {
  if (!observedExists(file)) return undefined;
  const text = readPluginText(file, dirname(file));
  if (text === undefined) return undefined;
  try {
    const data = JSON.parse(text) as unknown;
    return isPlainMap(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Text that would read as one of skill-eval's `{{params.x}}` placeholders, which Claude Code leaves as it is. */
const escapeParams = (text: string) => text.replace(/\{\{(\s*params\.)/g, '{\u200B{$1');

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** `mcp__<segment>__<tool>` as the Session names a call of a mocked server: `<segment>::<tool>`. */
export function sessionToolName(tool: string, mockedServers: readonly string[]): string {
  for (const server of [...mockedServers].sort((a, b) => b.length - a.length)) {
    const prefix = `mcp__${server}__`;
    if (tool.startsWith(prefix) && tool.length > prefix.length) return `${server}::${tool.slice(prefix.length)}`;
  }
  return tool;
}
