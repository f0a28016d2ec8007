import { isSkillEvalError } from '@skill-eval/core';
import { corpusFiles, readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { detectAgentv } from './detect.js';
import plugin from './index.js';

describe('detect', () => {
  it('claims exactly the AgentV folder of the corpus, and nothing else in it', () => {
    expect(corpusFiles().length).toBeGreaterThanOrEqual(33);
    let mine = 0;
    for (const file of corpusFiles()) {
      const confidence = detectAgentv(file, readCorpus(file));
      if (file.startsWith('agentv-eval-yaml/')) {
        mine++;
        expect(confidence, file).toBeGreaterThanOrEqual(0.9);
      } else expect(confidence, file).toBe(0);
    }
    expect(mine).toBe(5);
  });

  it('leaves skill-up eval.yaml suites and cases, Skillet files and raw case lists alone', () => {
    const skillUp = 'schema_version: v1alpha1\nengine: {type: claude_code}\ncases: {files: [cases/*.yaml]}\n';
    expect(detectAgentv('evals/eval.yaml', skillUp)).toBe(0);
    // Even with a tests key, schema_version says skill-up.
    expect(detectAgentv('evals/eval.yaml', `${skillUp}tests: []\n`)).toBe(0);
    expect(detectAgentv('evals/eval.yaml', 'engine: {name: codex}\ncases: {files: [a.yaml]}\n')).toBe(0);
    expect(detectAgentv('cases/a.yaml', 'id: a\ninput: {prompt: hi}\n')).toBe(0);
    expect(detectAgentv('x.yaml', 'timestamp: 2025-01-01\nname: x\nprompt: p\nexpected: e\n')).toBe(0);
    expect(detectAgentv('cases.yaml', '- id: a\n  input: hi\n')).toBe(0);
    expect(detectAgentv('evals.json', '{"tests": []}')).toBe(0);
  });

  it('reads content first: tests/scenarios, or promptfoo-style keys, under any YAML name', () => {
    expect(detectAgentv('anything.yaml', 'tests: ./cases/\n')).toBe(0.95);
    expect(detectAgentv('anything.yml', 'scenarios: []\n')).toBe(0.95);
    expect(detectAgentv('eval.yaml', 'prompts: ["{{ input }}"]\n')).toBe(0.9);
    expect(detectAgentv('EVAL.yaml', 'eval_cases: []\n')).toBe(0.9);
    expect(detectAgentv('config.yaml', 'name: x\n')).toBe(0);
  });

  it('claims broken or keyless YAML only under an AgentV-only name, so loading can say what is wrong', () => {
    expect(detectAgentv('/a/EVAL.yaml', 'tests: [\n')).toBe(0.5);
    expect(detectAgentv('/a/x.eval.yml', 'name: x\n')).toBe(0.3);
    expect(detectAgentv('/a/x.EVAL.yaml', 'name: x\n')).toBe(0.3);
    // eval.yaml is shared with skill-up: no claim without content.
    expect(detectAgentv('/a/eval.yaml', 'tests: [\n')).toBe(0);
    expect(detectAgentv('/a/eval.yaml', 'name: x\n')).toBe(0);
    expect(detectAgentv('/a/suite.yaml', 'name: x\n')).toBe(0);
  });
});

describe('plugin', () => {
  it('is a format-v1 plugin whose format detects, loads and writes', async () => {
    expect(plugin.contract).toBe('format-v1');
    expect(plugin.id).toBe('agentv');
    const format = plugin.create(plugin.parseSettings(undefined));
    expect(format.filePatterns).toContain('EVAL.yaml');
    expect(format.filePatterns).toContain('*.eval.yaml');
    const text = 'prompts: ["{{ input }}"]\ntests:\n  - id: a\n    vars: {input: hi}\n    assert: [ok]\n';
    expect(format.detect('EVAL.yaml', text)).toBeGreaterThanOrEqual(0.9);
    const { suites, diagnostics } = await format.load('/nonexistent-skill-eval-test/EVAL.yaml', text);
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases[0]!.turns).toEqual(['hi']);
    expect((await format.write!(suites[0]!)).files[0]!.path).toBe('evals/eval-yaml.eval.yaml');
  });

  it('settings change the reading, and bad settings are a BAD_INPUT error', async () => {
    const settings = plugin.parseSettings({ missingFiles: 'error' });
    const text = 'prompts: ["{{ input }}"]\ninput_files: [gone.txt]\ntests:\n  - vars: {input: hi}\n    assert: [ok]\n';
    const { diagnostics } = await plugin.create(settings).load('/nonexistent-skill-eval-test/EVAL.yaml', text);
    expect(diagnostics.map((d) => [d.severity, d.ruleId, d.line, d.column])).toEqual([
      ['error', 'agentv/missing-file', 2, 15],
    ]);
    let thrown: unknown;
    try {
      plugin.parseSettings({ missingFiles: 'ignore' });
    } catch (error) {
      thrown = error;
    }
    expect(isSkillEvalError(thrown) && thrown.code).toBe('BAD_INPUT');
    expect((thrown as Error).message).toMatch(/missingFiles/);
  });
});
