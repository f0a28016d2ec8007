import { isSkillEvalError } from '@skill-eval/core';
import { corpusFiles, corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { detectSkillUp, FILE_PATTERNS } from './detect.js';
import plugin from './index.js';

describe('detect', () => {
  it('claims every skill-up corpus file (≥ 0.9) and no file of the other formats', () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThanOrEqual(33);
    let mine = 0;
    for (const file of files) {
      const confidence = detectSkillUp(corpusPath(file), readCorpus(file));
      if (file.startsWith('skill-up-yaml/')) {
        mine++;
        expect(confidence, file).toBeGreaterThanOrEqual(0.9);
      } else expect(confidence, file).toBe(0);
    }
    expect(mine).toBe(6);
  });

  it('returns 0 for AgentV eval.yaml files, even ones with skill-up-like keys', () => {
    expect(detectSkillUp('/s/eval.yaml', 'tests:\n  - vars: {q: hi}\n')).toBe(0);
    expect(detectSkillUp('/s/eval.yaml', 'scenarios: []\nname: x\n')).toBe(0);
    expect(detectSkillUp('/s/eval.yaml', 'prompts: ["{{q}}"]\nproviders: [x]\n')).toBe(0);
    expect(detectSkillUp('/s/eval.yaml', 'schema_version: v1alpha1\ntests: []\n')).toBe(0);
    expect(detectSkillUp('/s/EVAL.yaml', 'description: d\nassert:\n  - type: contains\n')).toBe(0);
    // AgentV raw cases: a list, or input as a string.
    expect(detectSkillUp('/s/cases/a.yaml', '- id: a\n  input: hi\n')).toBe(0);
    expect(detectSkillUp('/s/cases/a.yaml', 'id: a\ninput: hi\n')).toBe(0);
  });

  it('reads content first: suites 0.95, cases 0.9, whatever the name', () => {
    expect(detectSkillUp('/s/eval.yaml', 'schema_version: v1alpha1\n')).toBe(0.95);
    expect(detectSkillUp('/s/any.yml', 'engine: {name: codex}\ncases: {files: [a.yaml]}\n')).toBe(0.95);
    expect(detectSkillUp('/s/x.yaml', 'input:\n  prompt: p\n')).toBe(0.9);
    expect(detectSkillUp('/s/x.yaml', 'input:\n  turns: []\n')).toBe(0.9);
    expect(detectSkillUp('/s/x.yaml', 'input: {other: 1}\n')).toBe(0);
    // Skillet: timestamp + prompt + expected + name, no input map.
    expect(detectSkillUp('/s/evals/x/001.yaml', 'timestamp: 2024-01-01\nname: n\nprompt: p\nexpected: e\n')).toBe(0);
    // JSON is YAML, but skill-up files are .yaml/.yml.
    expect(detectSkillUp('/s/cases.json', '{"input": {"prompt": "p"}}')).toBe(0);
  });

  it('claims broken YAML weakly, only under its own names with a skill-up key in sight', () => {
    expect(detectSkillUp('/s/eval.yaml', 'schema_version: v1alpha1\ncases: [\n')).toBe(0.5);
    expect(detectSkillUp('/s/evals/cases/a.yaml', 'input:\n  prompt: "open\n')).toBe(0.5);
    expect(detectSkillUp('/s/evals/other/a.yaml', 'input:\n  prompt: "open\n')).toBe(0);
    expect(detectSkillUp('/s/eval.yaml', 'tests: [\n')).toBe(0);
  });

  it('file patterns match eval.yaml by name and case files under a cases folder by path', () => {
    const byName = picomatch(FILE_PATTERNS.filter((p) => !p.includes('/')));
    const byPath = picomatch(FILE_PATTERNS.filter((p) => p.includes('/')));
    expect(byName('eval.yaml') && byName('eval.yml')).toBe(true);
    expect(byName('EVAL.yaml')).toBe(false);
    expect(byPath('skill/evals/cases/a.yaml') && byPath('cases/b.yml')).toBe(true);
    expect(byPath('skill/evals/a.yaml')).toBe(false);
  });
});

describe('plugin', () => {
  it('is a format-v1 plugin whose format detects, loads and writes', async () => {
    expect(plugin.contract).toBe('format-v1');
    expect(plugin.id).toBe('skill-up');
    const format = plugin.create(plugin.parseSettings(undefined));
    expect(format.id).toBe('skill-up');
    const text = 'id: one\ninput:\n  prompt: hello\njudge:\n  type: agent_judge\n  criteria: [polite]\n';
    expect(format.detect('/nowhere/cases/one.yaml', text)).toBe(0.9);
    const { suites } = await format.load('/nonexistent-skill-eval-test/cases/one.yaml', text);
    expect(suites[0]!.cases[0]!.threshold).toBe(0.7);
    expect((await format.write!(suites[0]!)).files.map((f) => f.path)).toEqual([
      'evals/eval.yaml',
      'evals/cases/one.yaml',
    ]);
  });

  it('has no settings: unknown ones are a BAD_INPUT error', () => {
    let thrown: unknown;
    try {
      plugin.parseSettings({ colour: 'red' });
    } catch (error) {
      thrown = error;
    }
    expect(isSkillEvalError(thrown) && thrown.code).toBe('BAD_INPUT');
  });
});
