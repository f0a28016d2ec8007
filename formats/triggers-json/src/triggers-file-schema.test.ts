import { readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { triggerFiles } from './test-support/corpus.js';
import { TriggersFileSchema } from './triggers-file-schema.js';

describe('TriggersFileSchema', () => {
  it('accepts every corpus trigger set, both shapes', () => {
    for (const file of triggerFiles()) {
      const parsed = TriggersFileSchema.safeParse(JSON.parse(readCorpus(file)));
      expect(parsed.success, file).toBe(true);
    }
  });

  it('refuses what the loader refuses', () => {
    expect(TriggersFileSchema.safeParse([]).success).toBe(false);
    expect(TriggersFileSchema.safeParse([{ should_trigger: true }]).success).toBe(false);
    expect(TriggersFileSchema.safeParse([{ query: 'q', should_trigger: 'yes' }]).success).toBe(false);
    expect(TriggersFileSchema.safeParse({ should_trigger: [{ id: 'x' }] }).success).toBe(false);
    expect(
      TriggersFileSchema.safeParse({
        cases: [
          { prompt: 'p', expect: 'pdf' },
          { prompt: 'q', expect: null },
        ],
      }).success,
    ).toBe(true);
  });

  it('turns into a JSON Schema with descriptions', () => {
    const schema = z.toJSONSchema(TriggersFileSchema) as {
      anyOf: { items?: { properties: Record<string, { description?: string }> } }[];
    };
    // The standard list, the grouped variant, skillverify's wrapped list and the routing table.
    expect(schema.anyOf).toHaveLength(4);
    expect(schema.anyOf[0]!.items!.properties.query!.description).toMatch(/user message/);
  });
});
