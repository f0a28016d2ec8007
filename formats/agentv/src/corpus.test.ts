import { describe, expect, it } from 'vitest';
import { bySeverity, loadCorpus, where } from './test-support/corpus.js';

const SKILLS = 'examples/features/agent-skills-evals/';

describe('corpus: AgentV eval YAML', () => {
  it('csv-analyzer.EVAL.yaml (v5): string and object asserts, a file content part, a trigger case', () => {
    const { result, suite, cases } = loadCorpus(`${SKILLS}csv-analyzer.EVAL.yaml`);
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite.settings).toMatchObject({ dialect: 'agentv-5', agentv: { extensions: ['agentv:agent-rules'] } });
    expect(cases.map((c) => [c.id, c.kind, c.shouldTrigger])).toEqual([
      ['csv-top-months', 'task', undefined],
      ['irrelevant-query', 'trigger', false],
    ]);
    const [top, irrelevant] = cases;
    // The file part stays in the turn as a line naming it; the text part follows.
    expect(top!.turns).toEqual([
      'Attached file: evals/files/sales.csv\n\nAnalyze this CSV data. Use the csv-analyzer skill to find the top 3 months by revenue. Make sure to apply the seasonal weighting formula from the skill.',
    ]);
    expect(top!.checks).toEqual([
      { type: 'skill-used', value: 'csv-analyzer' },
      {
        type: 'llm-rubric',
        weight: 0.5,
        value: 'Output applies seasonal weighting factors (Q1: 0.85, Q2: 1.00, Q3: 1.15, Q4: 1.25)',
      },
      { type: 'llm-rubric', weight: 0.5, value: 'Output shows weighted revenue values, not just raw revenue' },
      { type: 'icontains-any', value: ['weighted', 'seasonal', 'factor'] },
      { type: 'llm-rubric', value: "Agent uses the csv-analyzer skill's weighted revenue formula" },
    ]);
    expect(irrelevant!.turns).toEqual(['What time is it?']);
    expect(irrelevant!.checks).toEqual([{ type: 'skill-used', value: 'csv-analyzer', negate: true }]);
    expect(
      cases.every((c) => c.tags.join() === 'agent,skill-use' && c.runs === undefined && c.threshold === undefined),
    ).toBe(true);
    expect(cases.every((c) => c.limits.timeoutSeconds === undefined)).toBe(true);
    // The corpus has neither the workdir nor the CSV: both are warnings at their values.
    expect(where(result.diagnostics)).toEqual([
      ['unsupported-field', 4, 1],
      ['missing-file', 8, 12],
      ['missing-file', 31, 22],
    ]);
    expect(top!.source).toMatchObject({ line: 12, column: 5, format: 'agentv', dialect: 'agentv-5' });
  });

  it('multi-provider-skill-use.EVAL.yaml (v5): four trigger cases from skill-used / not-skill-used', () => {
    const { result, cases } = loadCorpus(`${SKILLS}multi-provider-skill-use.EVAL.yaml`);
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(cases.map((c) => [c.id, c.kind, c.shouldTrigger, c.checks])).toEqual([
      ['should-trigger-direct-request', 'trigger', true, [{ type: 'skill-used', value: 'acme-deploy' }]],
      ['should-trigger-casual-phrasing', 'trigger', true, [{ type: 'skill-used', value: 'acme-deploy' }]],
      ['should-not-trigger-unrelated', 'trigger', false, [{ type: 'skill-used', value: 'acme-deploy', negate: true }]],
      ['should-not-trigger-near-miss', 'trigger', false, [{ type: 'skill-used', value: 'acme-deploy', negate: true }]],
    ]);
    expect(cases[3]!.turns).toEqual(['Write a Python function that parses JSON logs and extracts error messages']);
    expect(cases.every((c) => c.runs === undefined && c.workspace.overlays.length === 0)).toBe(true);
  });

  // Both AgentV versions load no test of this file, each run on it: 5.x (loadTests from source at 58f316ca2) skips
  // every test over its `type: rubrics` ("Unsupported grader 'rubrics' … Use 'llm-rubric with value' instead"), and
  // @agentv/core 4.42.4 skips every test for want of input ("Skipping incomplete test … Missing required fields: id,
  // input, …": it has no prompts). Its prompts make it a 5.x file here, and each test is left out with a warning.
  it('skill-selection.eval.yaml: prompts make it 5.x, and every test is left out over type: rubrics, as AgentV does', () => {
    const { result } = loadCorpus('evals/agentv-dev/skills/skill-selection.eval.yaml');
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(result.suites).toEqual([]);
    const dropped = result.diagnostics.filter((d) => d.ruleId === 'agentv/dropped-by-agentv');
    expect(dropped).toHaveLength(8);
    expect(dropped[0]!.message).toMatch(/^AgentV 5 skips this test: it refuses the assertion type 'rubrics'/);
  });

  it('directory-discovery/EVAL.yaml: tests: ./cases/ is missing from the corpus → one error at the value', () => {
    const { result, cases } = loadCorpus('examples/showcase/directory-discovery/EVAL.yaml');
    expect(cases).toEqual([]);
    expect(where(result.diagnostics)).toEqual([['missing-reference', 4, 8]]);
    expect(result.diagnostics[0]!.message).toMatch(/^The tests path "\.\/cases\/" does not exist/);
  });

  it('operators.eval.yaml (v5): rubric items with operators, required, a block-string assert, expected_output var', () => {
    const { result, suite, cases } = loadCorpus('examples/features/rubric/evals/operators.eval.yaml');
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite.name).toBe('rubric-operators');
    expect(suite.settings).toMatchObject({
      dialect: 'agentv-5',
      description: 'Focused example showing correctness and contradiction rubric operators',
      agentv: { providers: ['llm'] },
    });
    expect(where(result.diagnostics)).toEqual([['unsupported-field', 3, 1]]);
    expect(cases).toHaveLength(1);
    const c = cases[0]!;
    expect(c.id).toBe('finance-summary-operator-guards');
    expect(c.turns).toEqual([
      'Source note:\n- Q4 revenue increased to $10M from $8M.\n- Gross margin declined to 42% from 45%.\n\nWrite a two-sentence finance summary.',
    ]);
    expect(c.reference).toBe('Q4 revenue increased to $10M from $8M. Gross margin declined to 42%\nfrom 45%.');
    expect(c.checks).toEqual([
      {
        type: 'llm-rubric',
        name: 'supported-revenue',
        weight: 0.5,
        required: true,
        value: 'States Q4 revenue increased to $10M from $8M.',
        operator: 'correctness',
      },
      {
        type: 'llm-rubric',
        name: 'no-margin-contradiction',
        weight: 0.5,
        required: true,
        value: 'The output does not contradict this: Gross margin declined to 42% from 45%.',
        operator: 'contradiction',
        outcome: 'Gross margin declined to 42% from 45%.',
      },
      {
        type: 'llm-rubric',
        value:
          'Summarize the source faithfully. Include supported material facts and avoid\nclaims that contradict the source.',
      },
    ]);
  });
});
