import { corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { loadSentryEvalYaml } from './load-sentry-eval-yaml.js';

// Public getsentry/skillet files (corpus/SOURCES.md), read as skillet at 443bf3dd83af699d4aca02317733710af391b7a4 reads
// them: src/eval/parser.ts (cases), runner.ts (verdict), checks.ts (checks), workspace.ts (setup).
const ROOT = 'wild/skillet-yaml/getsentry-skillet/';
const load = (relative: string) => {
  const { suites, diagnostics } = loadSentryEvalYaml(corpusPath(ROOT + relative), readCorpus(ROOT + relative));
  return { cases: suites[0]!.cases, diagnostics };
};

describe('skills/skillet/evals/basic.eval.yaml (7fceee8)', () => {
  const { cases } = load('skills/skillet/evals/basic.eval.yaml');

  it('a two-turn case reads its output checks in each turn’s answer (loop.ts:63-157)', () => {
    const converts = cases.find((c) => c.id === 'converts user intent into add-eval command after gathering info')!;
    expect(converts.turns).toHaveLength(2);
    expect(converts.gates[1]).toEqual({
      type: 'assert-set',
      name: 'output_matches: security|input',
      scoring: 'passed-share',
      threshold: 0.5,
      checks: [1, 2].map((turn) => ({ type: 'regex', value: 'security|input', flags: 'm', turn })),
    });
  });

  it('timeout: 30000 is a 30 s limit; criteria with threshold 0.75 is the judge’s rubric (runner.ts:185, 243-251)', () => {
    const improve = cases.find((c) => c.id === 'selects improve for existing skill')!;
    expect(improve.limits.timeoutSeconds).toBe(30);
    expect(improve.checks).toMatchObject([{ type: 'llm-rubric', name: 'criteria' }]);
    expect(improve.metadata.threshold).toBe(0.75);
  });

  it('output_not_contains keeps the exact text, trailing space included (checks.ts:193)', () => {
    const scoped = cases.find((c) => c.id === 'uses scoped package name')!;
    expect(scoped.gates[1]).toEqual({
      type: 'contains',
      value: 'npx skillet ',
      negate: true,
      name: 'output_not_contains: npx skillet ',
    });
  });
});

describe('evals/spec.eval.yaml (deb0127)', () => {
  const { cases, diagnostics } = load('evals/spec.eval.yaml');

  it('workspace.setup runs in the fresh workspace; requires is kept and warned about (workspace.ts:68-88, requirements.ts)', () => {
    expect(cases[0]!.workspace.setup).toEqual(['cp -r "$SKILLET_REPO/evals/fixtures/spec-driven-skill" skill\n']);
    expect(cases.map((c) => c.metadata.requires)).toEqual([
      [{ env: 'SKILLET_REPO' }],
      [{ env: 'SKILLET_REPO' }],
      [{ env: 'SKILLET_REPO' }],
    ]);
    expect(diagnostics.filter((d) => d.ruleId === 'skillet/requires-not-checked')).toHaveLength(3);
  });

  it('a case with checks and criteria: the checks gate the judge (runner.ts:209-263)', () => {
    const errors = cases.find((c) => c.id === 'spec_show_errors_when_no_spec')!;
    expect(errors.gates).toEqual([{ type: 'contains', value: 'spec.yaml', name: 'output_contains: spec.yaml' }]);
    expect(errors.checks).toHaveLength(1);
  });
});

describe('evals/fixtures/incomplete-spec-skill/evals/basic.eval.yaml (deb0127)', () => {
  const { cases, diagnostics } = load('evals/fixtures/incomplete-spec-skill/evals/basic.eval.yaml');

  it('tests_behavior is kept; a case with nothing to grade is warned about (runner.ts:126-136, 209-275)', () => {
    expect(cases.map((c) => [c.id, c.metadata.tests_behavior])).toEqual([
      ['covered-behavior__placeholder', 'covered-behavior'],
      ['orphan-case__intentional', 'nonexistent-behavior'],
    ]);
    expect(diagnostics.filter((d) => d.severity === 'warning').map((d) => [d.ruleId, d.line])).toEqual([
      ['skillet/nothing-to-grade', 11],
    ]);
  });
});
