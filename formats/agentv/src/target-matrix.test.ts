import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAgentv } from './load-agentv.js';

// execution.targets as AgentV 4.42.4 reads it: its readTestSuiteMetadata gives, for the first file below,
// targets [baseline, with-skill, with-plugin] with the hooks of with-skill (before_each) and with-plugin (before_all,
// after_each), the nameless entry skipped; its loadTests gives test t1 targets [baseline, with-skill]. `agentv eval`
// then runs every test once per target with that target's hooks (run-eval.ts "Matrix mode"); see target-matrix.ts.

let tmp: string;
const load = (lines: string[]) => {
  const file = join(tmp, 'm.eval.yaml');
  writeFileSync(file, lines.join('\n'));
  return loadAgentv(file, readFileSync(file, 'utf8'));
};
const rules = (diagnostics: { ruleId: string; severity: string; line?: number; message: string }[]) =>
  diagnostics.map((d) => [d.severity, d.ruleId.replace('agentv/', ''), d.line]);

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'agentv-targets-')));
  mkdirSync(join(tmp, '.git'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('execution.targets (AgentV 4)', () => {
  it('a matrix whose targets carry hooks is an error at its line naming each target and hook', () => {
    const { suites, diagnostics } = load([
      'execution:',
      '  targets:',
      '    - baseline',
      '    - name: with-skill',
      '      use_target: claude',
      '      hooks:',
      '        before_each: {command: "cp -r skills .claude/"}',
      '    - name: with-plugin',
      '      hooks:',
      '        before_all: {command: "install-plugin"}',
      '        after_each: {command: "cleanup"}',
      '    - {hooks: {}}',
      'tests:',
      '  - id: t1',
      '    criteria: ok',
      '    input: hi',
      '    execution:',
      '      targets: [baseline, with-skill]',
    ]);
    expect(suites[0]!.settings).toMatchObject({ dialect: 'agentv-4' });
    expect(rules(diagnostics)).toEqual([
      ['error', 'target-matrix', 3],
      ['warning', 'target-matrix', 18],
    ]);
    expect(diagnostics[0]!.message).toBe(
      "AgentV 4 runs every test once per target here (baseline, with-skill, with-plugin), with each target's hooks around its tests (with-skill: before_each; with-plugin: before_all, after_each). skill-eval runs each test once, on the engine the run picks, and cannot run a target's hooks, so these tests would run without the set-up they rely on. Move the set-up into workspace.hooks, which skill-eval runs, or run this file with AgentV.",
    );
    expect(diagnostics[1]!.message).toBe(
      "AgentV 4 runs this test only on these of the suite's targets (baseline, with-skill); skill-eval runs it once, on the engine the run picks, like every other test.",
    );
  });

  it('a matrix of names is a warning; one target without hooks is the engine hint, as before', () => {
    const matrix = load([
      'execution:',
      '  targets: [claude, codex]',
      'tests:',
      '  - {id: t1, criteria: ok, input: hi}',
    ]);
    expect(rules(matrix.diagnostics)).toEqual([['warning', 'target-matrix', 2]]);
    expect(matrix.diagnostics[0]!.message).toContain('AgentV 4 runs every test once per target here (claude, codex)');
    expect(matrix.suites[0]!.cases.map((c) => c.id)).toEqual(['t1']);
    const single = load(['execution:', '  targets: [claude]', 'tests:', '  - {id: t1, criteria: ok, input: hi}']);
    expect(rules(single.diagnostics)).toEqual([]);
    expect(single.suites[0]!.cases[0]!.engine).toBe('claude-code');
  });

  it("one target with hooks is an error too: AgentV still runs its hooks (run-eval.ts's single-target path)", () => {
    const { diagnostics } = load([
      'execution:',
      '  targets:',
      '    - {name: claude, hooks: {before_each: {script: ./setup.sh}}}',
      'tests:',
      '  - {id: t1, criteria: ok, input: hi}',
    ]);
    expect(rules(diagnostics)).toEqual([['error', 'target-matrix', 3]]);
    expect(diagnostics[0]!.message).toMatch(
      /^AgentV 4 runs every test on target claude, with its hooks around its tests \(claude: before_each\)/,
    );
  });
});
