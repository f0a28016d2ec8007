import { isSkillEvalError } from '@skill-eval/core';
import { corpusFiles, corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { detectSkillet } from './detect.js';
import plugin from './index.js';

const EVAL = 'timestamp: 2025-01-15T10:30:00Z\nname: n\nprompt: p\nexpected: e\n';

describe('detect', () => {
  it('claims every Skillet eval of the corpus and nothing else in it', () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThanOrEqual(33);
    for (const file of files) {
      const confidence = detectSkillet(corpusPath(file), readCorpus(file));
      if (file.startsWith('skillet-yaml/')) expect(confidence, file).toBeGreaterThanOrEqual(0.9);
      else expect(confidence, file).toBe(0);
    }
  });

  it('content decides; partial evals only in an evals/<name>/ folder; other formats never', () => {
    expect(detectSkillet('/a/anywhere.yaml', EVAL)).toBe(0.95);
    expect(detectSkillet('/a/evals/x/1.yml', EVAL)).toBe(0.95);
    expect(detectSkillet('/a/evals/x/1.yaml', 'name: n\nprompt: p\n')).toBe(0.4);
    expect(detectSkillet('/a/other/1.yaml', 'name: n\nprompt: p\n')).toBe(0);
    expect(detectSkillet('/a/evals/cases/1.yaml', 'name: n\ninput:\n  prompt: p\n')).toBe(0);
    expect(detectSkillet('/a/evals/x/1.yaml', 'prompt: [a\n')).toBe(0.2);
    expect(detectSkillet('/a/x/1.yaml', 'prompt: [a\n')).toBe(0);
    expect(detectSkillet('/a/evals/x/1.yaml', '- a\n')).toBe(0);
    expect(detectSkillet('/a/evals/x/1.json', EVAL)).toBe(0);
  });
});

describe('plugin', () => {
  it('is a format-v1 plugin whose format detects, loads and writes', async () => {
    expect(plugin.contract).toBe('format-v1');
    expect(plugin.id).toBe('skillet');
    const format = plugin.create(plugin.parseSettings(undefined));
    expect(format.filePatterns).toEqual(['**/evals/**/*.yaml', '**/evals/**/*.yml']);
    expect(format.detect('/a/evals/x/001.yaml', EVAL)).toBeGreaterThan(0.9);
    const { suites, diagnostics } = await format.load('/nonexistent-skill-eval-test/evals/x/001.yaml', EVAL);
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases[0]!.runs).toBe(3);
    expect((await format.write!(suites[0]!)).files.map((f) => f.path)).toEqual(['evals/x/001.yaml']);
  });

  it('samples setting sets runs; bad settings are BAD_INPUT', async () => {
    const settings = plugin.parseSettings({ samples: '5' });
    expect(settings).toEqual({ samples: 5 });
    const { suites } = await plugin.create(settings).load('/nonexistent-skill-eval-test/evals/x/001.yaml', EVAL);
    expect(suites[0]!.cases[0]!.runs).toBe(5);
    let thrown: unknown;
    try {
      plugin.parseSettings({ samples: 0 });
    } catch (error) {
      thrown = error;
    }
    expect(isSkillEvalError(thrown) && thrown.code).toBe('BAD_INPUT');
    expect((thrown as Error).message).toMatch(/samples/);
  });
});
