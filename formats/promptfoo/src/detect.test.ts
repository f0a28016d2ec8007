import agentvFormat from '@skill-eval/format-agentv';
import { corpusFiles, readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { detectPromptfoo } from './detect.js';

const agentv = agentvFormat.create(agentvFormat.parseSettings({}));
const detectAgentv = (file: string, text: string) => agentv.detect(file, text);
const PROMPTFOO_KEYS = 'prompts: ["{{ q }}"]\nproviders: [openai:gpt-4o]\ntests:\n  - vars: {q: hi}\n';

describe('detectPromptfoo', () => {
  it("claims no file of the corpus, wild folders too, but weakly below AgentV's claim of its own", () => {
    const files = [...corpusFiles(), ...corpusFiles('wild/')].filter((f) => /\.(ya?ml|json)$/i.test(f));
    const agentv = files.filter((f) => f.includes('agentv-eval-yaml/'));
    expect(agentv.length).toBeGreaterThanOrEqual(5);
    const weak: string[] = [];
    for (const file of files) {
      const text = readCorpus(file);
      const claim = detectPromptfoo(file, text);
      if (claim === 0) continue;
      // prompts and tests without providers, under a name of neither tool (AgentV's deploy-plan.yaml): 0.6, below
      // AgentV's 0.95 for its tests, so AgentV reads it.
      weak.push(file);
      expect(claim, file).toBe(0.6);
      expect(detectAgentv(file, text), file).toBeGreaterThan(claim);
    }
    expect(weak.length).toBeLessThanOrEqual(3);
  });

  it('claims promptfoo’s own names whatever they hold (promptfoo looks for them alone)', () => {
    for (const name of ['promptfooconfig.yaml', 'promptfooconfig.yml', 'promptfooconfig.json'])
      expect(detectPromptfoo(`/p/${name}`, 'description: x\n')).toBe(1);
    expect(detectPromptfoo('/p/promptfooconfig.js', 'module.exports = {}')).toBe(0);
  });

  it('reads the keys however they are spelt: the quick refusal of a text without `prompts` keeps escaped keys', () => {
    // YAML and JSON double-quoted keys may escape letters; such a file is still a config.
    const escaped = '"\\x70rompts": ["{{ q }}"]\nproviders: [echo]\ntests:\n  - vars: {q: hi}\n';
    expect(detectPromptfoo('/p/config.yaml', escaped)).toBe(0.97);
    const json = '{"\\u0070rompts": ["{{ q }}"], "providers": ["echo"], "tests": [{"vars": {"q": "hi"}}]}';
    expect(detectPromptfoo('/p/config.json', json)).toBe(0.97);
    expect(detectPromptfoo('/p/evals.json', '{"skill_name": "x", "evals": [{"id": 1, "prompt": "p"}]}')).toBe(0);
  });

  it('never takes a file under an AgentV name, even with promptfoo keys only', () => {
    for (const name of ['EVAL.yaml', 'x.eval.yaml', 'eval.yml', 'suite.yaml', 'a.EVAL.yml'])
      expect(detectPromptfoo(`/p/${name}`, PROMPTFOO_KEYS), name).toBe(0);
  });

  it('beats AgentV on any other name only with prompts, tests and providers, and never with an AgentV-only key', () => {
    expect(detectPromptfoo('/p/config.yaml', PROMPTFOO_KEYS)).toBeGreaterThan(
      detectAgentv('/p/config.yaml', PROMPTFOO_KEYS),
    );
    const withoutProviders = 'prompts: ["{{ q }}"]\ntests:\n  - vars: {q: hi}\n';
    expect(detectPromptfoo('/p/config.yaml', withoutProviders)).toBeLessThan(
      detectAgentv('/p/config.yaml', withoutProviders),
    );
    for (const key of ['default_test: {}', 'workspace: {}', 'execution: {}', 'input_files: []', 'requires: {}'])
      expect(detectPromptfoo('/p/config.yaml', `${PROMPTFOO_KEYS}${key}\n`), key).toBe(0);
    expect(detectPromptfoo('/p/config.yaml', 'prompts: [a]\nproviders: [echo]\n')).toBe(0);
    expect(
      detectPromptfoo('/p/config.json', JSON.stringify({ prompts: ['a'], providers: ['echo'], defaultTest: {} })),
    ).toBe(0.97);
    expect(detectPromptfoo('/p/config.yaml', 'prompts: [\n')).toBe(0);
    expect(detectPromptfoo('/p/notes.md', PROMPTFOO_KEYS)).toBe(0);
  });
});
