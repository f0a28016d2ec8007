import { readFileSync } from 'node:fs';
import { isSkillEvalError } from '@skill-eval/core';
import { corpusFiles, corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { detectEvalMd } from './detect.js';
import plugin from './index.js';
import { FIXTURES } from './test-support/corpus.js';

describe('detect', () => {
  it('claims exactly the SkillKit folder of the corpus, and nothing else in it', () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThanOrEqual(33);
    for (const file of files) {
      const confidence = detectEvalMd(corpusPath(file), readCorpus(file));
      if (file.startsWith('skillkit-eval-md/')) expect(confidence, file).toBeGreaterThanOrEqual(0.9);
      else expect(confidence, file).toBe(0);
    }
  });

  it('reads content first; SkillKit file names lift the score', () => {
    const suite = '## c\n### Prompt\np\n### Expect\ne\n';
    expect(detectEvalMd('/a/EVAL.md', suite)).toBe(0.95);
    expect(detectEvalMd('/a/x.eval.md', suite)).toBe(0.95);
    expect(detectEvalMd('/a/notes.md', suite)).toBe(0.7);
    expect(detectEvalMd('/a/suite.yaml', suite)).toBe(0);
    // Prompt and Expect in different cases are no case at all.
    expect(detectEvalMd('/a/notes.md', '## a\n### Prompt\np\n## b\n### Expect\ne\n')).toBe(0);
    // The legacy layouts.
    expect(detectEvalMd('/a/EVAL.md', '---\nname: x\n---\n## Prompt\np\n## Expect\ne\n')).toBe(0.9);
    expect(detectEvalMd('/a/EVAL.md', '---\nname: x\nprompt: hi\n---\nrubric\n')).toBe(0.9);
    expect(detectEvalMd('/a/other.md', '---\nname: x\nprompt: hi\n---\nrubric\n')).toBe(0.6);
  });

  it('ignores headings inside code fences', () => {
    const fenced = '# Doc\n\n```markdown\n## c\n### Prompt\np\n### Expect\ne\n```\n';
    expect(detectEvalMd('/a/README.md', fenced)).toBe(0);
    expect(detectEvalMd('/a/EVAL.md', fenced)).toBe(0.1);
  });

  it('gives an evaluation report named EVAL.md a token score, so load can say it was skipped', () => {
    const file = `${FIXTURES}evaluation-report/EVAL.md`;
    expect(detectEvalMd(file, readFileSync(file, 'utf8'))).toBe(0.1);
    // SkillKit's globs are case-sensitive.
    expect(detectEvalMd('/a/Eval.md', readFileSync(file, 'utf8'))).toBe(0);
  });
});

describe('plugin', () => {
  it('is a format-v1 plugin that detects, loads and writes', async () => {
    expect(plugin.contract).toBe('format-v1');
    expect(plugin.id).toBe('eval-md');
    const format = plugin.create(plugin.parseSettings(undefined));
    expect(format.filePatterns).toEqual(['EVAL.md', '*.eval.md', '*.EVAL.md']);
    const text = '## c\n### Prompt\np\n### Expect\ne\n';
    expect(format.detect('EVAL.md', text)).toBe(0.95);
    const { suites } = await format.load('/nonexistent-skill-eval-test/EVAL.md', text);
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['c']);
    expect((await format.write!(suites[0]!)).files[0]!.text).toBe('## c\n### Prompt\np\n\n### Expect\ne\n');
  });

  it('has no settings: any setting is a BAD_INPUT error', () => {
    let thrown: unknown;
    try {
      plugin.parseSettings({ colour: 'red' });
    } catch (error) {
      thrown = error;
    }
    expect(isSkillEvalError(thrown) && thrown.code).toBe('BAD_INPUT');
  });
});
