import { isSkillEvalError } from '@skill-eval/core';
import { corpusFiles, corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { detectEvalsJson } from './detect.js';
import plugin from './index.js';

describe('detect', () => {
  it('claims exactly the agent-skills and BMAD folders of the corpus, and nothing else in it', () => {
    const mine = ['agent-skills-evals-json', 'bmad-evals-json', 'bmad-cases-json'];
    expect(corpusFiles().length).toBeGreaterThanOrEqual(33);
    for (const file of corpusFiles()) {
      const confidence = detectEvalsJson(corpusPath(file), readCorpus(file));
      const folder = file.split('/')[0]!;
      if (mine.includes(folder)) expect(confidence, file).toBeGreaterThanOrEqual(0.9);
      else expect(confidence, file).toBe(0);
    }
  });

  it('reads content first, the file name only as a tiebreaker', () => {
    expect(detectEvalsJson('any.json', '{"evals": [{"prompt": "p"}]}')).toBe(0.95);
    expect(detectEvalsJson('any.json', '{"evals": "nope"}')).toBe(0.6);
    expect(detectEvalsJson('x.json', '[{"id": 1, "input": "i", "rubric": ["r"]}]')).toBe(0.9);
    expect(detectEvalsJson('x.json', '{"cases": [{"input": "i", "rubric": []}]}')).toBe(0.95);
    // skill-up-like case list without rubric: only with BMAD's file name.
    expect(detectEvalsJson('x.json', '{"cases": [{"input": {"prompt": "p"}}]}')).toBe(0);
    expect(detectEvalsJson('cases.json', '{"cases": [{"input": {"prompt": "p"}}]}')).toBe(0.3);
  });

  it('leaves trigger sets and unrelated JSON alone', () => {
    const triggers = '[{"query": "q", "should_trigger": true}]';
    expect(detectEvalsJson('evals.json', triggers)).toBe(0);
    expect(detectEvalsJson('evals.json', '{"should_trigger": [], "should_not_trigger": []}')).toBe(0);
    expect(detectEvalsJson('package.json', '{"name": "x", "version": "1.0.0"}')).toBe(0);
    expect(detectEvalsJson('data.json', '[1, 2, 3]')).toBe(0);
  });

  it('claims broken or keyless JSON only under its own file names, so load can say what is wrong', () => {
    expect(detectEvalsJson('/a/evals.json', '{"skill_name": "x", ')).toBe(0.5);
    expect(detectEvalsJson('/a/my.evals.json', '{ oops')).toBe(0.5);
    expect(detectEvalsJson('/a/other.json', '{ oops')).toBe(0);
    expect(detectEvalsJson('/a/evals.json', '{"skill_name": "x"}')).toBe(0.3);
    expect(detectEvalsJson('/a/cases.json', '{"rows": [1, 2]}')).toBe(0);
    expect(detectEvalsJson('/a/evals.json.bak', '{"skill_name": "x"}')).toBe(0);
  });
});

describe('plugin', () => {
  it('is a format-v1 plugin whose format detects and loads', async () => {
    expect(plugin.contract).toBe('format-v1');
    expect(plugin.id).toBe('evals-json');
    const format = plugin.create(plugin.parseSettings(undefined));
    expect(format.filePatterns).toEqual(['evals.json', '*.evals.json', 'cases.json']);
    const text = '{"skill_name": "s", "evals": [{"id": 1, "prompt": "p", "should_trigger": true}]}';
    expect(format.detect('evals.json', text)).toBeGreaterThan(0.9);
    const { suites } = await format.load('/nonexistent-skill-eval-test/evals.json', text);
    expect(suites[0]!.cases[0]!.runs).toBe(3);
  });

  it('settings change the reading and bad settings are a BAD_INPUT error', async () => {
    const settings = plugin.parseSettings({ triggerRuns: '5', missingFiles: 'warning' });
    expect(settings).toEqual({
      missingFiles: 'warning',
      expectedOutput: 'auto',
      triggerRuns: 5,
      projectCopy: 'bmad',
      projectExclude: [],
    });
    const text = '{"skill_name": "s", "evals": [{"id": 1, "prompt": "p", "should_trigger": true, "files": ["gone"]}]}';
    const { suites, diagnostics } = await plugin.create(settings).load('/nonexistent-skill-eval-test/evals.json', text);
    expect(suites[0]!.cases[0]!.runs).toBe(5);
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['evals-json/no-skill', 'evals-json/missing-file']);
    let thrown: unknown;
    try {
      plugin.parseSettings({ triggerRuns: 0, colour: 'red' });
    } catch (error) {
      thrown = error;
    }
    expect(isSkillEvalError(thrown) && thrown.code).toBe('BAD_INPUT');
    expect((thrown as Error).message).toMatch(/triggerRuns/);
  });
});
