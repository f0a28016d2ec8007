// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the data under test.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SKILL_MD, stage, where } from './test-support/corpus.js';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});
const staged = (files: Record<string, string>) => {
  const s = stage({ 'SKILL.md': SKILL_MD, 'evals/cases/a.yaml': CASE, ...files });
  cleanup = s.cleanup;
  return s;
};
const CASE = [
  'input: {prompt: Create the Q1 plan}',
  'judge:',
  '  type: rule_based',
  '  success:',
  '    - tool_called:',
  '        name: "project-mgmt::create_publish_plan_simple"',
  '        args: {name: "Q1 release"}',
].join('\n');
const suiteYaml = (...servers: string[]) =>
  [
    'schema_version: v1alpha1',
    'environment: {type: none}',
    'mcp:',
    '  servers:',
    ...servers.map((s) => `    - ${s}`),
    'cases: {files: [evals/cases/a.yaml]}',
  ].join('\n');

describe('mcp.servers', () => {
  it('maps mocked, built-in, stdio and http servers onto every case, without a not-honoured warning', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml(
        '{name: project-mgmt, mode: mocked, config_ref: evals/fixtures/mcp/pm.yaml}',
        '{name: filesystem, mode: mocked}',
        '{name: marker, mode: real, transport: stdio, command: python3, args: [evals/fixtures/mcp/marker.py, --flag]}',
        '{name: sandbox, mode: real, config_ref: evals/fixtures/mcp/sandbox.yaml}',
      ),
      'evals/fixtures/mcp/pm.yaml': [
        'tool_responses:',
        '  create_publish_plan_simple:',
        '    default: {id: 999, name: "{{params.name}}", status: ONGOING}',
        '  ping: pong',
      ].join('\n'),
      'evals/fixtures/mcp/marker.py': 'print()',
      'evals/fixtures/mcp/sandbox.yaml': [
        'transport: streamable_http',
        'endpoint: https://mcp.example.test/mcp?token=${MCP_TOKEN}',
        'required_env: [MCP_TOKEN]',
        'headers: {PRIVATE-TOKEN: "${PRIVATE_TOKEN}"}',
      ].join('\n'),
    });
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    expect(diagnostics).toEqual([]);
    const testCase = suites[0]!.cases[0]!;
    expect(testCase.mcpServers).toEqual([
      {
        name: 'project-mgmt',
        transport: 'stdio',
        args: [],
        env: {},
        headers: {},
        mock: {
          tools: [
            { name: 'create_publish_plan_simple', response: { id: 999, name: '{{params.name}}', status: 'ONGOING' } },
            { name: 'ping', response: 'pong' },
          ],
        },
      },
      {
        name: 'filesystem',
        transport: 'stdio',
        args: [],
        env: {},
        headers: {},
        mock: { tools: [], builtin: 'filesystem' },
      },
      {
        name: 'marker',
        transport: 'stdio',
        command: 'python3',
        args: [join(s.dir, 'evals/fixtures/mcp/marker.py'), '--flag'],
        env: {},
        headers: {},
        // Where a real server is declared, for the refusal without --trust.
        source: { file: join(s.dir, 'evals/eval.yaml'), line: 7, column: 7 },
      },
      {
        name: 'sandbox',
        transport: 'http',
        url: 'https://mcp.example.test/mcp?token=${MCP_TOKEN}',
        args: [],
        env: {},
        headers: { 'PRIVATE-TOKEN': '${PRIVATE_TOKEN}' },
        source: { file: join(s.dir, 'evals/eval.yaml'), line: 8, column: 7 },
      },
    ]);
    expect(testCase.checks).toEqual([
      {
        type: 'tool-called',
        value: 'project-mgmt::create_publish_plan_simple',
        args: { name: 'Q1 release' },
        required: true,
      },
    ]);
    expect(suites[0]!.settings.mcp).toBeDefined(); // still kept verbatim
  });

  it('reports servers it cannot run, at their entry', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml(
        '{name: empty-mock, mode: mocked}',
        '{name: mock-with-cmd, mode: mocked, command: node}',
        '{name: no-cmd, mode: real, transport: stdio}',
        '{name: no-url, mode: real, transport: http}',
        '{name: gone, mode: real, config_ref: evals/missing.yaml}',
        '{name: modeless, command: node}',
      ),
    });
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    expect(where(diagnostics)).toEqual([
      ['bad-value', 5, 7],
      ['bad-value', 6, 7],
      ['missing-key', 7, 7],
      ['missing-key', 8, 7],
      ['missing-fixture', 9, 44],
      ['bad-value', 10, 7],
    ]);
    expect(diagnostics.map((d) => d.message).join('\n')).toMatch(/"empty-mock" is mocked but has no tool_responses/);
    expect(suites[0]!.cases[0]!.mcpServers.map((server) => server.name)).toEqual(['modeless']);
  });
});

describe('case-level mcp.servers (skill-up 0.7.0)', () => {
  const responses = (value: string) => `tool_responses:\n  create_publish_plan_simple: {id: ${value}}\n`;
  const toolOf = (server: { mock?: { tools: { response: unknown }[] } } | undefined) =>
    server?.mock?.tools[0]?.response;

  it('replaces the suite server of its name whole, appends a new name, and leaves other cases the suite servers', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml(
        '{name: project-mgmt, mode: mocked, config_ref: evals/fixtures/mcp/pm.yaml}',
        '{name: filesystem, mode: mocked}',
      ).replace('cases: {files: [evals/cases/a.yaml]}', 'cases: {files: [evals/cases/a.yaml, evals/cases/b.yaml]}'),
      'evals/fixtures/mcp/pm.yaml': responses('1'),
      'evals/fixtures/mcp/pm-empty.yaml': responses('2'),
      'evals/fixtures/mcp/extra.yaml': 'tool_responses:\n  ping: pong\n',
      'evals/cases/b.yaml': [
        CASE,
        'mcp:',
        '  servers:',
        '    - {name: project-mgmt, mode: mocked, config_ref: evals/fixtures/mcp/pm-empty.yaml}',
        '    - {name: extra, mode: mocked, config_ref: evals/fixtures/mcp/extra.yaml}',
      ].join('\n'),
    });
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    expect(diagnostics).toEqual([]);
    const [a, b] = suites[0]!.cases;
    expect(a!.mcpServers.map((m) => m.name)).toEqual(['project-mgmt', 'filesystem']);
    expect(toolOf(a!.mcpServers[0])).toEqual({ id: 1 });
    expect(b!.mcpServers.map((m) => m.name)).toEqual(['project-mgmt', 'filesystem', 'extra']);
    expect(toolOf(b!.mcpServers[0])).toEqual({ id: 2 });
  });

  it('refuses what skill-up refuses: a real server in a case, a mocked one without config_ref, a name twice', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml('{name: filesystem, mode: mocked}'),
      'evals/cases/a.yaml': [
        CASE,
        'mcp:',
        '  servers:',
        '    - {name: live, mode: real, command: node}',
        '    - {name: pm, mode: mocked}',
        '    - {name: filesystem, mode: mocked}',
        '    - {name: filesystem, mode: mocked}',
      ].join('\n'),
    });
    const { diagnostics } = s.load('evals/eval.yaml');
    expect(where(diagnostics)).toEqual([
      ['bad-value', 10, 26],
      ['missing-key', 11, 7],
      ['duplicate-id', 13, 7],
    ]);
  });
});
