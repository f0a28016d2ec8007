import { parseYaml } from '@skill-eval/format-kit';
import { corpusFiles, corpusPath, readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { detectAgentv } from './detect.js';
import { loadAgentv } from './load-agentv.js';

/** Every YAML detector of a folder scan inspects a file before its loader reads it, each through the one parse. */
function detectAsAScanDoes(file: string, text: string): void {
  const parsed = parseYaml(text);
  if (parsed.errors.length > 0) return;
  try {
    parsed.data(); // the Skillet detector's top-level keys
    parsed.data({ maxAliasCount: 100 }); // the skill-up detector's
  } catch {
    // an alias bomb: each detector declines it
  }
  detectAgentv(file, text);
}

describe('loading from the parse detection shared', () => {
  it('gives every AgentV corpus file the suites and diagnostics of a parse of its own', () => {
    const files = corpusFiles().filter((file) => file.startsWith('agentv-eval-yaml/') && /\.ya?ml$/.test(file));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const path = corpusPath(file);
      const text = readCorpus(file);
      // First: this file's text has not been parsed in this test file, so the load parses it itself.
      const fresh = loadAgentv(path, text);
      detectAsAScanDoes(path, text);
      const shared = loadAgentv(path, text);
      expect(shared, file).toEqual(fresh);
    }
  });

  it('hands the loader data no detector has changed, for a file of many cases', () => {
    const tests = Array.from(
      { length: 50 },
      (_, i) =>
        `  - id: t-${i}\n    input: "Question ${i}"\n    assertions:\n      - type: contains\n        value: "answer ${i}"\n`,
    );
    const text = `name: many\ntests:\n${tests.join('')}`;
    const fresh = loadAgentv('/project/evals/many.eval.yaml', text);
    detectAsAScanDoes('/project/evals/many.eval.yaml', text);
    const inspected = parseYaml(text).data() as { tests: { id: string }[] };
    inspected.tests[0]!.id = 'changed by a careless reader';
    // The loader converts its own copy: what a reader of the shared data did to it does not reach the suite.
    expect(loadAgentv('/project/evals/many.eval.yaml', text)).toEqual(fresh);
    expect(fresh.suites[0]!.cases.map((c) => c.id).slice(0, 2)).toEqual(['t-0', 't-1']);
  });
});
