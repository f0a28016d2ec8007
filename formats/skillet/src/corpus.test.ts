import { describe, expect, it } from 'vitest';
import { bySeverity, loadCorpus, SKILLET } from './test-support/corpus.js';

const judged = (expected: string) => [{ type: 'llm-rubric', value: expected, name: 'expected', verdict: 'pass-fail' }];

describe('corpus: skillet-yaml', () => {
  it('001-ask-expectation: single prompt, expected judged pass/fail', () => {
    const { result, suite, evalCase } = loadCorpus(`${SKILLET}001-ask-expectation.yaml`);
    expect(result.diagnostics).toEqual([]);
    expect(suite.name).toBe('add-command');
    expect(suite.cases).toHaveLength(1);
    expect(evalCase).toMatchObject({ id: '001-ask-expectation', name: 'add-command', kind: 'task', runs: 3 });
    expect(evalCase.turns).toEqual(['/skillet:add']);
    expect(evalCase.checks).toEqual(judged('Should ask what behavior or format I expected'));
    expect(evalCase.reference).toBeUndefined();
    // The unquoted timestamp stays the text as written, where PyYAML would make a datetime.
    expect(evalCase.metadata).toEqual({ timestamp: '2025-01-15T00:00:00Z' });
    expect(evalCase.source).toMatchObject({ line: 1, column: 1, format: 'skillet' });
  });

  it('004-multiturn: a prompt list is three turns; keys in another order', () => {
    const { result, evalCase } = loadCorpus(`${SKILLET}004-multiturn.yaml`);
    expect(result.diagnostics).toEqual([]);
    expect(evalCase.id).toBe('004-multiturn');
    expect(evalCase.name).toBe('add-command-multiturn');
    expect(evalCase.turns).toEqual([
      'Write a commit message for: Fixed typo in README',
      '/skillet:add',
      'Should use conventional commits format: fix(docs): description',
    ]);
    expect(evalCase.checks).toEqual(judged("Should suggest an eval name like 'conventional-commits' or similar"));
    expect(evalCase.workspace.setup).toEqual([]);
  });

  it('009-yaml-format: leading comments, four turns', () => {
    const { result, evalCase } = loadCorpus(`${SKILLET}009-yaml-format.yaml`);
    expect(result.diagnostics).toEqual([]);
    expect(evalCase.id).toBe('009-yaml-format');
    expect(evalCase.turns).toEqual(['Tell me a joke', '/skillet:add', 'Should be funnier', 'humor-quality']);
    expect(evalCase.checks).toHaveLength(1);
    expect(evalCase.source).toMatchObject({ line: 3, column: 1 });
  });

  it('folder-suggestions/002: nested id, setup/teardown scripts that need --trust', () => {
    const { result, suite, evalCase } = loadCorpus(`${SKILLET}folder-suggestions/002-one-folder-close-match.yaml`);
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(result.diagnostics.map((d) => [d.severity, d.ruleId, d.line, d.column])).toEqual([
      ['info', 'skillet/needs-trust', 5, 1],
    ]);
    expect(suite.name).toBe('add-command');
    expect(evalCase.id).toBe('folder-suggestions/002-one-folder-close-match');
    expect(evalCase.name).toBe('suggest-folders-one-close-match');
    expect(evalCase.turns).toHaveLength(3);
    expect(evalCase.workspace.setup).toEqual([
      'mkdir -p ~/.skillet/evals/conventional-commits\ntouch ~/.skillet/evals/conventional-commits/001.yaml\n',
    ]);
    expect(evalCase.workspace.teardown).toEqual(['rm -rf ~/.skillet/evals/conventional-commits\n']);
    expect(evalCase.checks[0]!.value).toMatch(/^Should suggest the existing "conventional-commits" folder first/);
    expect(evalCase.checks[0]!.value).toMatch(/a close match to "conventional commits"\.\n$/);
    expect(evalCase.source).toMatchObject({ line: 2, column: 1 });
  });

  it('folder-suggestions/006: a seven-line setup script and a three-line teardown', () => {
    const { result, evalCase } = loadCorpus(`${SKILLET}folder-suggestions/006-multiple-matching-folders.yaml`, {
      samples: 5,
    });
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['skillet/needs-trust']);
    expect(evalCase.id).toBe('folder-suggestions/006-multiple-matching-folders');
    expect(evalCase.runs).toBe(5);
    expect(evalCase.workspace.setup).toHaveLength(1);
    expect(evalCase.workspace.setup[0]!.trimEnd().split('\n')).toHaveLength(7);
    expect(evalCase.workspace.teardown[0]!.trimEnd().split('\n')).toEqual([
      'rm -rf ~/.skillet/evals/conventional-commits',
      'rm -rf ~/.skillet/evals/commit-format',
      'rm -rf ~/.skillet/evals/commit-style',
    ]);
    expect(evalCase.metadata).toEqual({ timestamp: '2025-01-15T00:00:00Z' });
  });
});
