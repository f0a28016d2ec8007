import { readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as z from 'zod';
import { AgentvEvalFileSchema } from './agentv-file-schema.js';
import { AGENTV } from './test-support/corpus.js';

describe('AgentvEvalFileSchema', () => {
  it('generates a JSON Schema with the documented fields', () => {
    const schema = z.toJSONSchema(AgentvEvalFileSchema) as { properties: Record<string, { description?: string }> };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['prompts', 'tests', 'default_test', 'scenarios', 'assert', 'environment']),
    );
    expect(schema.properties.tests!.description).toMatch(/file:\/\/cases\.yaml/);
  });

  it('accepts the v5 corpus files and rejects a malformed one', () => {
    for (const f of [
      'examples/features/agent-skills-evals/csv-analyzer.EVAL.yaml',
      'examples/features/agent-skills-evals/multi-provider-skill-use.EVAL.yaml',
      'examples/features/rubric/evals/operators.eval.yaml',
      'examples/showcase/directory-discovery/EVAL.yaml',
    ]) {
      expect(AgentvEvalFileSchema.safeParse(parse(readCorpus(AGENTV + f))).error, f).toBeUndefined();
    }
    const bad = AgentvEvalFileSchema.safeParse({ name: 'Not Valid', tests: [{ assert: [{ value: 1 }] }] });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'tests']);
  });
});
