import { readCorpus } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as z from 'zod';
import { SkilletFileSchema } from './skillet-file-schema.js';
import { skilletFiles } from './test-support/corpus.js';

describe('SkilletFileSchema', () => {
  it('accepts every corpus eval', () => {
    for (const file of skilletFiles()) {
      expect(SkilletFileSchema.safeParse(parse(readCorpus(file))).success, file).toBe(true);
    }
  });

  it('refuses what the loader refuses', () => {
    const base = { timestamp: 't', name: 'n', prompt: 'p', expected: 'e' };
    expect(SkilletFileSchema.safeParse(base).success).toBe(true);
    expect(SkilletFileSchema.safeParse({ ...base, expected: undefined }).success).toBe(false);
    expect(SkilletFileSchema.safeParse({ ...base, prompt: [] }).success).toBe(false);
    expect(SkilletFileSchema.safeParse({ ...base, assertions: [{ type: 'icontains', value: 'x' }] }).success).toBe(
      false,
    );
    expect(SkilletFileSchema.safeParse({ ...base, assertions: [{ type: 'contains' }] }).success).toBe(false);
  });

  it('turns into a JSON Schema with descriptions', () => {
    const schema = z.toJSONSchema(SkilletFileSchema) as {
      required: string[];
      properties: Record<string, { description?: string }>;
    };
    expect(schema.required).toEqual(['timestamp', 'name', 'prompt', 'expected']);
    expect(schema.properties.assertions!.description).toMatch(/replaces the judge/);
  });
});
