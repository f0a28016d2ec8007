import { corpusFileOrSkip, corpusFiles } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { bySeverity, criteria, loadCorpus, rules } from './test-support/corpus.js';

const AGENTV = 'agent-skills-evals-json/EntityProcess-agentv/examples/features/agent-skills-evals/';
const ANTHROPIC = 'agent-skills-evals-json/anthropics-skills/';

describe('corpus: agent-skills evals.json', () => {
  it('agentv evals.json: assertions, int ids, expected_output as the only criterion of eval 2', () => {
    const { result, suite, cases } = loadCorpus(`${AGENTV}evals.json`);
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite.name).toBe('csv-analyzer');
    expect(suite.settings).toMatchObject({ dialect: 'agentskills', skillName: 'csv-analyzer' });
    expect(suite.skill).toBeUndefined();
    expect(cases.map((c) => [c.id, c.rawId, c.kind])).toEqual([
      ['1', 1, 'task'],
      ['2', 2, 'task'],
    ]);
    expect(cases[0]!.turns).toEqual([
      'I have a CSV of monthly sales data in evals/files/sales.csv. Find the top 3 months by revenue.',
    ]);
    expect(criteria(cases[0]!.checks)).toEqual([
      'Output identifies November as the highest revenue month',
      'Output includes exactly 3 months',
      'Revenue figures are included for each month',
    ]);
    expect(cases[0]!.checks[0]).toEqual({
      type: 'llm-rubric',
      value: 'Output identifies November as the highest revenue month',
      name: 'Output identifies November as the highest revenue month',
    });
    expect(cases[0]!.reference).toMatch(/^The top 3 months by revenue are November/);
    // Eval 2 has no assertions: expected_output is its single criterion, said by an info at line 15.
    expect(cases[1]!.checks).toEqual([
      { type: 'llm-rubric', value: 'The total annual revenue is $191,900.', name: 'expected_output' },
    ]);
    const info = bySeverity(result.diagnostics, 'info');
    expect(info.map((d) => [d.ruleId, d.line, d.column])).toEqual([['evals-json/expected-output-as-criterion', 15, 5]]);
    // The fixture is not part of the corpus: one warning naming the path.
    const missing = result.diagnostics.filter((d) => d.ruleId === 'evals-json/missing-file');
    expect(missing).toHaveLength(1);
    expect(missing[0]!.message).toContain('evals/files/sales.csv');
    expect(cases[0]!.source).toMatchObject({ line: 4, column: 5, format: 'evals-json', dialect: 'agentskills' });
  });

  it('agentv csv-analyzer.evals.json: should_trigger items become trigger cases', () => {
    const { result, suite, cases } = loadCorpus(`${AGENTV}csv-analyzer.evals.json`);
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite.settings.dialect).toBe('agentv-transpile');
    expect(cases.map((c) => [c.id, c.rawId, c.kind, c.shouldTrigger, c.runs])).toEqual([
      ['1', 1, 'trigger', true, 3],
      ['2', 2, 'trigger', false, 3],
    ]);
    expect(cases[0]!.checks[0]).toEqual({ type: 'skill-used', value: 'csv-analyzer' });
    expect(criteria(cases[0]!.checks)).toEqual([
      'Agent finds the top 3 months by revenue',
      'Output identifies November as the highest revenue month',
      "Output contains '$22,500'",
    ]);
    expect(cases[1]!.checks).toEqual([{ type: 'skill-used', value: 'csv-analyzer', negate: true }]);
    expect(cases[1]!.turns).toEqual(['What time is it?']);
    expect(rules(result.diagnostics)).not.toContain('evals-json/nothing-to-grade');
  });

  it('skill-up agent-judge-criteria: expectations dialect', () => {
    const { result, suite, cases } = loadCorpus(
      'agent-skills-evals-json/alibaba-skill-up/e2e/testdata/agent-judge-criteria/evals/evals.json',
    );
    // The corpus keeps the eval file without its skill folder: no SKILL.md above it.
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['evals-json/no-skill']);
    expect(suite.settings.dialect).toBe('skill-creator');
    expect(cases).toHaveLength(1);
    expect(cases[0]!.id).toBe('1');
    expect(cases[0]!.turns[0]).toMatch(
      /^Review the following code and provide a detailed quality assessment:\n\nfunc /,
    );
    expect(criteria(cases[0]!.checks)).toEqual([
      'Output identifies null pointer dereference (u may be nil)',
      'Output provides specific nil check fix suggestion',
      'Output contains Strengths/Issues/Assessment sections',
    ]);
    expect(cases[0]!.workspace.files).toEqual([]);
  });

  it('nf-core-utils-release: no checks, expected_output graded, files [] fine', (ctx) => {
    const { result, suite, cases } = loadCorpus(
      corpusFileOrSkip(ctx, `${ANTHROPIC}nf-core-utils-release/evals/evals.json`),
    );
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite.name).toBe('nf-core-utils-release');
    expect(cases.map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(cases.every((c) => c.checks.length === 1 && c.checks[0]!.name === 'expected_output')).toBe(true);
    expect(cases[1]!.checks[0]!.value).toMatch(/^Reads the token via op, writes it only to ~\/.gradle/);
    expect(bySeverity(result.diagnostics, 'info').map((d) => d.line)).toEqual([4, 10, 16]);
  });

  it('bill-of-quantities: extra "name" kept in metadata and used as the case name', (ctx) => {
    const { result, cases } = loadCorpus(
      corpusFileOrSkip(ctx, `${ANTHROPIC}skills/bill-of-quantities/evals/evals.json`),
    );
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(cases.map((c) => c.name)).toEqual([
      'simple-single-storey-building',
      'medium-complexity-multi-storey',
      expect.any(String),
    ]);
    expect(Object.keys(cases[0]!.metadata)).toEqual(['name']);
    expect(cases[0]!.turns[0]).toMatch(/^Generate a Bill of Quantities for a simple single-storey/);
    expect(cases[0]!.turns[0]).toContain('\n\n- Building dimensions: 50m length × 40m width');
  });

  it('claude-md-creator: "category" kept in metadata, 8 cases', (ctx) => {
    const { result, cases } = loadCorpus(
      corpusFileOrSkip(ctx, `${ANTHROPIC}skills/claude-md-creator/evals/evals.json`),
    );
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(cases.map((c) => c.rawId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(cases.map((c) => c.metadata.category)).toEqual([
      'create',
      'create',
      'quick-eval',
      'quick-eval',
      'full-eval',
      'full-eval',
      'improve',
      'improve',
    ]);
    expect(cases[7]!.turns[0]).toMatch(/^My CLAUDE.md is over 400 lines/);
  });

  it('software-architecture-review: object assertions become rubrics, each warned at its position', (ctx) => {
    const { result, suite, cases } = loadCorpus(
      corpusFileOrSkip(ctx, `${ANTHROPIC}skills/software-architecture-review/evals/evals.json`),
    );
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite.settings.dialect).toBe('agentskills');
    expect(cases.map((c) => c.checks.length)).toEqual([4, 4, 3]);
    expect(cases[0]!.checks[0]).toEqual({
      type: 'llm-rubric',
      name: 'identifies-distributed-monolith',
      value:
        'Response identifies the shared database as a Distributed Monolith anti-pattern. Expected: Flags shared PostgreSQL database across microservices as Distributed Monolith anti-pattern',
    });
    // The corpus keeps the eval file without its skill folder: no SKILL.md above it.
    const [noSkill, ...warnings] = bySeverity(result.diagnostics, 'warning');
    expect(noSkill).toMatchObject({ ruleId: 'evals-json/no-skill', line: 1, column: 1 });
    expect(warnings).toHaveLength(11);
    expect(warnings[0]).toMatchObject({ ruleId: 'evals-json/assertion-not-string', line: 9, column: 9 });
    expect(warnings[0]!.message).toMatch(/^Item 1 of "assertions" in eval 1 is an object/);
  });
});

describe('corpus: no unknown-key warning', () => {
  const dirs = ['agent-skills-evals-json', 'bmad-evals-json', 'bmad-cases-json'];
  const files = dirs.flatMap((dir) => corpusFiles(`${dir}/`)).filter((path) => path.endsWith('.json'));

  it.each(files)('%s', (relative) => {
    // A clone alone holds the 8 files whose licence lets them be copied; the shared corpus holds more.
    expect(files.length).toBeGreaterThanOrEqual(8);
    const { result } = loadCorpus(relative);
    expect(result.diagnostics.filter((d) => d.ruleId === 'evals-json/unknown-key')).toEqual([]);
  });
});
