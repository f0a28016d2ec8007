import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadClaudePluginEval } from './load-claude-plugin-eval.js';
import { GREETER_PLUGIN, pluginTree } from './test-support/plugin-tree.js';

const CASE = [
  'schema_version: "1.0"',
  'name: tickets',
  'execution:',
  '  prompt: List the tickets.',
  'graders:',
  '  - {name: listed, type: tool_used, tool: mcp__tickets__list_tickets}',
  '  - {name: first, type: tool_order, before: {tool: mcp__tickets__list_tickets, input_match: web}, after: Read}',
].join('\n');

const load = (files: Record<string, string>) => {
  const root = pluginTree({ ...GREETER_PLUGIN, 'evals/tickets/case.yaml': CASE, ...files });
  const result = loadClaudePluginEval(join(root, 'evals/tickets/case.yaml'));
  const rules = result.diagnostics.map((d) => `${d.severity} ${d.ruleId.replace('claude-plugin-eval/', '')}:${d.line}`);
  return { ...result, testCase: result.suites[0]?.cases[0], rules };
};

// Claude Code 2.1.330's mocks (binary `async function gu`, `async function hu`, `function cjo`, `function yu`).
describe('MCP mocks from <eval dir>/mocks/', () => {
  it('serve each mocks/<server>/<tool>.md as a tool of a mocked server named like the tool names Claude Code gives', () => {
    const { testCase, rules } = load({
      'evals/mocks/tickets/list_tickets.md': '\n\nOpen in {{input.project}}: {{ input.filter.state }} T-1\n\n',
      'evals/mocks/tickets/_tools.json': JSON.stringify({
        result: { tools: [{ name: 'list_tickets', description: 'List tickets.', inputSchema: { type: 'object' } }] },
      }),
    });
    expect(rules).toEqual([]);
    expect(testCase!.mcpServers).toEqual([
      expect.objectContaining({
        name: 'tickets',
        transport: 'stdio',
        mock: {
          tools: [
            {
              name: 'list_tickets',
              description: 'List tickets.',
              inputSchema: { type: 'object' },
              // Leading newlines and trailing blanks cut; {{input.x}} is skill-eval's {{params.x}}.
              response: 'Open in {{params.project}}: {{params.filter.state}} T-1',
            },
          ],
        },
      }),
    ]);
    // The graders name the tool as Claude Code's trace does; skill-eval's sessions name it server::tool.
    expect(testCase!.checks.map((c) => [c.type, c.value ?? c.before])).toEqual([
      ['tool-called', 'tickets::list_tickets'],
      ['tool-order', { tool: 'tickets::list_tickets', inputMatches: 'web' }],
    ]);
  });

  it('let a deeper folder answer a tool in place of the eval folder, and keep the rest', () => {
    const { testCase } = load({
      'evals/mocks/tickets/list_tickets.md': 'outer list',
      'evals/mocks/tickets/get_ticket.md': 'outer get',
      'evals/tickets/mocks/tickets/list_tickets.md': 'inner list',
    });
    const tools = testCase!.mcpServers[0]!.mock!.tools.map((t) => [t.name, t.response]);
    expect(tools.sort()).toEqual([
      ['get_ticket', 'outer get'],
      ['list_tickets', 'inner list'],
    ]);
  });

  it('read {{file:…}} from the server folder, and refuse one that leaves it or is named from the input', () => {
    expect(
      load({
        'evals/mocks/tickets/list_tickets.md': 'Tickets: {{file:data/list.json}}',
        'evals/mocks/tickets/data/list.json': '[{"id":"T-1"}]',
      }).testCase!.mcpServers[0]!.mock!.tools[0]!.response,
    ).toBe('Tickets: [{"id":"T-1"}]');
    expect(
      load({ 'evals/mocks/tickets/list_tickets.md': '{{file:../../../case.yaml}}' }).rules.filter((r) =>
        r.startsWith('error'),
      ),
    ).toEqual(['error mock-not-read:1']);
    expect(load({ 'evals/mocks/tickets/list_tickets.md': '{{file:{input.id}.json}}' }).rules).toEqual([
      'error mock-not-expressible:1',
    ]);
  });

  it('say at its line what skill-eval cannot do: agent responders', () => {
    const { rules } = load({
      'evals/mocks/tickets/get_ticket.md': '---\ntype: agent\n---\nYou are a ticket tracker.',
      'evals/mocks/tickets/_server.md': '---\ntype: agent\ntools: [a, b]\n---\nYou are a ticket tracker.',
    });
    expect(rules.sort()).toEqual(['error mock-not-expressible:1', 'error mock-not-expressible:2']);
  });

  it("guard a responder's input with expect:, its values as text, and gate the case on the guards", () => {
    const { testCase, rules } = load({
      'evals/mocks/tickets/list_tickets.md':
        '---\nexpect:\n  project: string\n  limit: 10\n  filter: {state: [open, 1, true]}\n---\nT-1',
    });
    expect(rules).toEqual([]);
    expect(testCase!.mcpServers[0]!.mock!.tools[0]!.expect).toEqual({
      project: 'string',
      limit: '10',
      filter: { state: ['open', '1', 'true'] },
    });
    // A call a guard refuses ends Claude Code's run, scored 0 with nothing graded: the case's gate.
    expect(testCase!.gates).toEqual([
      expect.objectContaining({
        type: 'regex',
        over: 'mcp-calls',
        negate: true,
        value: "the model's call violates expect: ",
      }),
    ]);
    // Without guards, no gate.
    expect(load({ 'evals/mocks/tickets/list_tickets.md': 'T-1' }).testCase!.gates).toEqual([]);
  });

  it('refuse guards Claude Code refuses, and the /regex/ guards skill-eval cannot check', () => {
    const rulesOf = (front: string) => load({ 'evals/mocks/tickets/list_tickets.md': `---\n${front}\n---\nT-1` }).rules;
    expect(rulesOf('expect: [a]')).toEqual(['error wrong-type:2']);
    // Said where the guards start.
    expect(rulesOf('expect:\n  state: []')).toEqual(['error wrong-type:3']);
    expect(rulesOf('expect:\n  state: [{a: 1}]')).toEqual(['error wrong-type:3']);
    expect(rulesOf('expect:\n  id: /^T-[0-9]+$/')).toEqual(['error mock-not-expressible:3']);
    const many = Array.from({ length: 33 }, (_, i) => `  k${i}: string`).join('\n');
    expect(rulesOf(`expect:\n${many}`)).toEqual(['error wrong-type:3']);
    expect(rulesOf(`expect:\n${many.split('\n').slice(1).join('\n')}`)).toEqual([]);
  });

  it('answer a responder with error: true as a tool error, and refuse an error or a field Claude Code would not take', () => {
    const { testCase, rules } = load({ 'evals/mocks/tickets/list_tickets.md': '---\nerror: true\n---\nArchived.' });
    expect(rules).toEqual([]);
    expect(testCase!.mcpServers[0]!.mock!.tools).toEqual([
      expect.objectContaining({ name: 'list_tickets', response: 'Archived.', error: true }),
    ]);
    const plain = load({ 'evals/mocks/tickets/list_tickets.md': '---\nerror: false\n---\nOpen.' });
    expect(plain.testCase!.mcpServers[0]!.mock!.tools[0]).not.toHaveProperty('error');
    // `error: yes` is text to a YAML 1.2 reader (Bun's too), and the responder schema wants a boolean.
    expect(load({ 'evals/mocks/tickets/list_tickets.md': '---\nerror: yes\n---\nx' }).rules).toEqual([
      'error wrong-type:2',
    ]);
    // No responder field takes an empty value: `type: ~` is refused, not read as the default.
    expect(load({ 'evals/mocks/tickets/list_tickets.md': '---\ntype: ~\nexpect:\n---\nx' }).rules).toEqual([
      'error empty-value:2',
      'error empty-value:3',
    ]);
  });

  it('refuse what Claude Code refuses: unknown keys, bad names, the init stub', () => {
    expect(load({ 'evals/mocks/tickets/list_tickets.md': '---\nreply: x\n---\nok' }).rules).toEqual([
      'error unknown-key:2',
    ]);
    expect(load({ 'evals/mocks/tic.kets/list_tickets.md': 'ok' }).rules).toEqual(['error mock-not-read:undefined']);
    expect(
      load({ 'evals/mocks/tickets/list_tickets.md': 'TODO: replace with the canned result this tool should return' })
        .rules,
    ).toEqual(['error init-template:1']);
  });

  it("read a responder's front matter as prompt.md's: a key given twice keeps its later value, merge keys merge", () => {
    // The later type (fixed) counts: the tool is served, and the repeated key is named where it is written again.
    const twice = load({ 'evals/mocks/tickets/list_tickets.md': '---\ntype: agent\ntype: fixed\n---\nT-1 open' });
    expect(twice.rules).toEqual(['warning repeated-key:3']);
    expect(twice.testCase!.mcpServers[0]!.mock!.tools.map((t) => t.response)).toEqual(['T-1 open']);
    // A merge key is no key of its own: `<<` merged, the responder has only keys Claude Code knows.
    const merged = load({ 'evals/mocks/tickets/list_tickets.md': '---\n<<: {type: agent}\ntype: fixed\n---\nT-2' });
    expect(merged.rules).toEqual([]);
    expect(merged.testCase!.mcpServers[0]!.mock!.tools.map((t) => t.response)).toEqual(['T-2']);
    // What Bun's reader refuses is refused, at its line in the file.
    expect(load({ 'evals/mocks/tickets/list_tickets.md': '---\ntype: [fixed\n---\nT-3' }).rules).toEqual([
      'error syntax:3',
    ]);
  });

  it('name a mock that shadows a server the plugin declares as Claude Code registers it: plugin:<plugin>:<server>', () => {
    const { testCase } = load({
      '.mcp.json': JSON.stringify({ mcpServers: { tickets: { command: 'tickets-server' } } }),
      'evals/mocks/tickets/list_tickets.md': 'T-1',
    });
    expect(testCase!.mcpServers.map((s) => s.name)).toEqual(['plugin_greeter_tickets']);
    // mcp__tickets__… is not that server's tool name any more, so the grader keeps its name.
    expect(testCase!.checks[0]!.value).toBe('mcp__tickets__list_tickets');
  });
});
