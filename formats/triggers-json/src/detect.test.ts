import { isSkillEvalError } from '@skill-eval/core';
import { corpusFiles, corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { detectTriggersJson } from './detect.js';
import plugin from './index.js';

describe('detect', () => {
  it('claims every trigger set of the corpus and nothing else in it', () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThanOrEqual(33);
    for (const file of files) {
      const confidence = detectTriggersJson(corpusPath(file), readCorpus(file));
      if (file.startsWith('triggers-json/')) expect(confidence, file).toBeGreaterThanOrEqual(0.9);
      else expect(confidence, file).toBe(0);
    }
  });

  it('reads content whatever the name: a trigger set named evals.json is claimed', () => {
    const list = '[{"query": "q", "should_trigger": true}]';
    expect(detectTriggersJson('/a/evals.json', list)).toBe(0.95);
    expect(detectTriggersJson('/a/anything.json', '[{"query": "q"}]')).toBe(0.95);
    expect(detectTriggersJson('/a/x.json', '[{"query": "q", "should_trigger": "yes"}]')).toBe(0.9);
    expect(detectTriggersJson('/a/evals.json', '{"should_trigger": [], "should_not_trigger": ["x"]}')).toBe(0.9);
  });

  it('leaves other JSON alone, and claims odd content only under its own names', () => {
    expect(detectTriggersJson('/a/evals.json', '{"evals": [{"prompt": "p"}], "should_trigger": []}')).toBe(0);
    expect(detectTriggersJson('/a/x.json', '[{"id": 1, "input": "i", "rubric": []}]')).toBe(0);
    expect(detectTriggersJson('/a/x.json', '{"should_trigger": "nope"}')).toBe(0);
    expect(detectTriggersJson('/a/x.json', '[]')).toBe(0);
    expect(detectTriggersJson('/a/x.json', '[{"query": "q", ')).toBe(0);
    expect(detectTriggersJson('/a/triggers.json', '[{"query": "q", ')).toBe(0.5);
    expect(detectTriggersJson('/a/eval_queries.json', '[]')).toBe(0.3);
    expect(detectTriggersJson('/a/trigger-evals.json', '[{"prompt": "p"}]')).toBe(0.3);
    expect(detectTriggersJson('/a/triggers.json', '42')).toBe(0.3);
    expect(detectTriggersJson('/a/triggers.json.bak', '[{"query": "q", ')).toBe(0);
  });
});

describe('plugin', () => {
  it('is a format-v1 plugin whose format detects, loads and writes', async () => {
    expect(plugin.contract).toBe('format-v1');
    expect(plugin.id).toBe('triggers-json');
    const format = plugin.create(plugin.parseSettings(undefined));
    // The names trigger sets go by in public repositories, skill-creator's own among them.
    expect(format.filePatterns).toEqual(
      expect.arrayContaining(['triggers.json', 'trigger-eval.json', 'eval_set.json', 'trigger_evals.json']),
    );
    const text = '[{"query": "hi", "should_trigger": false}]';
    expect(format.detect('triggers.json', text)).toBeGreaterThan(0.9);
    const { suites, diagnostics } = await format.load('/nonexistent-skill-eval-test/triggers.json', text);
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['triggers-json/skill-from-folder']);
    // A plain folder is neither <skill>/evals/ nor evals/<skill>/: the warning says so, and names no unknown option.
    expect(diagnostics[0]!.message).toContain(
      '"nonexistent-skill-eval-test", the name of the folder it is in (neither',
    );
    expect(diagnostics[0]!.message).not.toContain('--fk');
    expect(suites[0]!.cases[0]).toMatchObject({ runs: 3, triggerThreshold: 0.5, shouldTrigger: false });
    expect((await format.write!(suites[0]!)).files[0]!.path).toBe('evals/triggers.json');
  });

  it('settings: runs, threshold, skillName (also spelled skill_name); bad ones are BAD_INPUT', async () => {
    const settings = plugin.parseSettings({ runs: '5', threshold: '0.6', skill_name: 'tool' });
    expect(settings).toEqual({ runs: 5, threshold: 0.6, skillName: 'tool' });
    const text = '[{"query": "hi"}]';
    const { suites } = await plugin.create(settings).load('/nonexistent-skill-eval-test/triggers.json', text);
    expect(suites[0]!.cases[0]).toMatchObject({
      runs: 5,
      triggerThreshold: 0.6,
      checks: [{ type: 'skill-used', value: 'tool' }],
    });
    let thrown: unknown;
    try {
      plugin.parseSettings({ threshold: 2, colour: 'red' });
    } catch (error) {
      thrown = error;
    }
    expect(isSkillEvalError(thrown) && thrown.code).toBe('BAD_INPUT');
    expect((thrown as Error).message).toMatch(/threshold/);
  });
});
