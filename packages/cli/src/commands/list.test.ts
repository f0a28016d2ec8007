import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ListingSchema } from '@skill-eval/core';
import { CORPUS_DIR, corpusPath } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { REPO_ROOT } from '../test-support/paths.js';

interface ListJson {
  suites: {
    file: string;
    format: string;
    skill: string | null;
    cases: {
      id: string;
      kind: string;
      turns: string[];
      checks: { type: string }[];
      shouldTrigger: boolean | null;
      runs: number;
    }[];
  }[];
  diagnostics: { severity: string; file: string; line: number | null; column: number | null; message: string }[];
}

async function listJson(...paths: string[]): Promise<{ code: number; json: ListJson }> {
  const io = captureIO(REPO_ROOT);
  const code = await main(['list', '--json', ...paths], io);
  return { code, json: JSON.parse(io.out()) as ListJson };
}

describe('skill-eval list --json', () => {
  it('loads every evals.json and cases.json corpus file with no error diagnostics', async () => {
    // The repository's copies; list-corpus.test.ts lists the reference-only ones where they are.
    const folders = ['agent-skills-evals-json', 'bmad-evals-json', 'bmad-cases-json'].map((f) => join(CORPUS_DIR, f));
    const { code, json } = await listJson(...folders);
    expect(code).toBe(0);
    expect(json.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const counts = Object.fromEntries(json.suites.map((s) => [s.file.replace(/^.*corpus\//, ''), s.cases.length]));
    expect(counts).toEqual({
      'agent-skills-evals-json/EntityProcess-agentv/examples/features/agent-skills-evals/csv-analyzer.evals.json': 2,
      'agent-skills-evals-json/EntityProcess-agentv/examples/features/agent-skills-evals/evals.json': 2,
      'agent-skills-evals-json/alibaba-skill-up/e2e/testdata/agent-judge-criteria/evals/evals.json': 1,
      'bmad-cases-json/bmad-code-org-BMAD-METHOD/src/bmm-skills/plan/bmad-project-context/evals/cases.json': 14,
      'bmad-cases-json/bmad-code-org-BMAD-METHOD/src/bmm-skills/plan/bmad-ticket/evals/cases.json': 9,
      'bmad-evals-json/bmad-code-org-BMAD-METHOD/evals/bmm-skills/bmad-product-brief/evals.json': 15,
      'bmad-evals-json/bmad-code-org-BMAD-METHOD@9ef0b7f/evals/bmm-skills/bmad-product-brief/evals.json': 8,
      'bmad-evals-json/bmad-code-org-BMAD-METHOD@c19f6cd/evals/bmm-skills/bmad-product-brief/evals.json': 17,
    });
    expect(json.suites.every((s) => s.format === 'evals-json')).toBe(true);
  });

  it('reports the trigger items of an AgentV transpiled file as trigger cases with three runs', async () => {
    const file = corpusPath(
      'agent-skills-evals-json/EntityProcess-agentv/examples/features/agent-skills-evals/csv-analyzer.evals.json',
    );
    const { json } = await listJson(file);
    const cases = json.suites[0]!.cases;
    expect(cases.map((c) => [c.id, c.kind, c.shouldTrigger, c.runs])).toEqual([
      ['1', 'trigger', true, 3],
      ['2', 'trigger', false, 3],
    ]);
    expect(cases[1]!.checks).toContainEqual(expect.objectContaining({ type: 'skill-used', negate: true }));
  });

  it('shows the whole compiled case: each check with its role, setup, fixtures, inline files, MCP servers, limits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-eval-list-case-'));
    try {
      const put = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      put('SKILL.md', '---\nname: demo\ndescription: A demo.\n---\n');
      put('evals/fixtures/repo/README.md', '# repo\n');
      put('evals/fixtures/mcp/pm.yaml', 'tool_responses:\n  create_plan: {id: 1}\n');
      put(
        'evals/eval.yaml',
        [
          'schema_version: v1alpha1',
          'environment: {type: none, setup_steps: [{run: npm ci}]}',
          'mcp: {servers: [{name: pm, mode: mocked, config_ref: evals/fixtures/mcp/pm.yaml}]}',
          'cases:',
          '  files: [evals/cases/a.yaml]',
          '  defaults: {timeout_seconds: 90, max_turns: 5, expect: {exit_code: 0}}',
        ].join('\n'),
      );
      put(
        'evals/cases/a.yaml',
        [
          'input: {prompt: Plan it}',
          'context: {repo_fixture: evals/fixtures/repo, files: {"notes.md": "hi"}}',
          'expect: {must_contain: [plan]}',
          'judge:',
          '  type: rule_based',
          '  success: [{output_contains: {all: [done]}}]',
          '  failure: [{output_contains: {any: [error]}}]',
        ].join('\n'),
      );
      const io = captureIO(dir);
      expect(await main(['list', '--json', '.'], io), io.err()).toBe(0);
      const listing = ListingSchema.parse(JSON.parse(io.out()));
      const c = listing.suites[0]!.cases[0]!;
      expect(c.checks.map((k) => [k.role, k.type])).toEqual([
        ['gate', 'contains-all'],
        ['gate', 'exit-code'],
        ['check', 'contains-all'],
        ['fail-if', 'contains-any'],
      ]);
      expect(c.checks[3]).toMatchObject({ role: 'fail-if', value: ['error'] });
      expect(c).toMatchObject({
        source: { file: 'evals/cases/a.yaml', line: 1, format: 'skill-up' },
        turns: ['Plan it'],
        timeoutSeconds: 90,
        maxTurns: 5,
        skills: [{ name: 'demo', dir: '.' }],
        workspace: {
          files: [{ from: 'evals/fixtures/repo', to: '.' }],
          inline: ['notes.md'],
          setup: ['npm ci'],
        },
        mcpServers: [{ name: 'pm', transport: 'stdio', mocked: true, tools: ['create_plan'] }],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lists the tools a case gives its agent and keeps from it (ticket-triage's claude plugin eval cases)", async () => {
    const io = captureIO(REPO_ROOT);
    expect(await main(['list', '--json', 'examples/ticket-triage'], io), io.err()).toBe(0);
    const cases = ListingSchema.parse(JSON.parse(io.out())).suites.flatMap((s) => s.cases);
    const note = cases.find((c) => c.id === 'triage-note')!;
    expect(note.tools?.allowed).toEqual(expect.arrayContaining(['Read', 'Skill', 'Write', 'Edit']));
    expect(note.tools?.allowed).not.toContain('Bash');
    expect(note.tools?.disallowed).toEqual([]);
  });

  it('prints a readable listing without --json', async () => {
    const io = captureIO(REPO_ROOT);
    const code = await main(['list', 'examples/pirate-greeting'], io);
    expect(code).toBe(0);
    expect(io.out()).toContain('examples/pirate-greeting/evals/evals.json  (evals-json, skill pirate-greeting)');
    expect(io.out()).toMatch(/3\s+trigger\s+1 check\(s\) should_trigger=false\s+unrelated-question-does-not-trigger/);
    expect(io.out()).toContain('1 suite(s), 3 case(s)');
  });

  it('lines up a suite’s cases whatever their ids’ widths, and says a name that repeats the id once', async () => {
    const io = captureIO(REPO_ROOT);
    expect(await main(['list', 'examples/skill-routing'], io)).toBe(0);
    expect(io.out().split('\n').slice(1, 3)).toEqual([
      '  mean-price    trigger  0 check(s) should_trigger=true',
      '  days-between  trigger  0 check(s) should_trigger=true',
    ]);
    expect(io.out()).toContain('\n  haiku         trigger  0 check(s) should_trigger=true\n');
  });
});

describe('format settings from the config', () => {
  it('reach the format: triggers.json queries run as often, and for the skill, as the config says', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-eval-format-settings-'));
    try {
      writeFileSync(join(dir, 'triggers.json'), '[{"query": "summarise this pdf", "should_trigger": true}]');
      writeFileSync(
        join(dir, 'skill-eval.config.json'),
        '{"formatSettings": {"triggers-json": {"runs": 5, "skillName": "pdf"}}}',
      );
      const io = captureIO(dir);
      expect(await main(['list', '--json', '.'], io), io.err()).toBe(0);
      const json = JSON.parse(io.out()) as ListJson;
      expect(json.suites.map((s) => s.cases.map((c) => c.runs))).toEqual([[5]]);
      // The skill is named, so it is not guessed from the folder.
      expect(json.diagnostics.map((d) => d.message).join('\n')).not.toContain('No SKILL.md above this file');

      writeFileSync(join(dir, 'skill-eval.config.json'), '{"formatSettings": {"triggers-json": {"runs": 0}}}');
      const refused = captureIO(dir);
      expect(await main(['list', '.'], refused)).toBe(2);
      expect(refused.err()).toContain('Invalid settings for triggers-json: runs');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are found under the format id written as ids are compared (triggers_json), and refused under no format', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-eval-format-settings-'));
    try {
      writeFileSync(join(dir, 'triggers.json'), '[{"query": "summarise this pdf", "should_trigger": true}]');
      const config = join(dir, 'skill-eval.config.json');
      writeFileSync(config, '{"formatSettings": {"triggers_json": {"runs": 4, "skillName": "pdf"}}}');
      const io = captureIO(dir);
      expect(await main(['list', '--json', '.'], io), io.err()).toBe(0);
      expect((JSON.parse(io.out()) as ListJson).suites.map((s) => s.cases.map((c) => c.runs))).toEqual([[4]]);

      writeFileSync(config, '{"formatSettings": {"triggers-jsn": {"runs": 4}, "skillkit": {}}}');
      const refused = captureIO(dir);
      expect(await main(['list', '.'], refused)).toBe(2);
      expect(refused.err()).toContain(`error: ${config}: formatSettings names no format: 'triggers-jsn'.`);
      expect(refused.err()).toContain(`'triggers-jsn'. Did you mean 'triggers-json'?`);
      expect(refused.err()).toContain('hint: formatSettings takes format ids: evals-json, eval-md, triggers-json,');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
