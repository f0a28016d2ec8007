import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parsePluginSettings } from './settings.js';

const schema = z
  .object({
    maxTokens: z.number().optional(),
    model: z.string().optional(),
    proxy: z.object({ url: z.string() }).strict().optional(),
  })
  .strict()
  .transform((settings) => settings);

const problem = (raw: unknown) => {
  try {
    parsePluginSettings('demo', schema, raw);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe('parsePluginSettings', () => {
  it('names the keys a settings object takes when one given is unknown, at the top and inside', () => {
    expect(problem({ maxToken: 3 })).toBe(
      'Invalid settings for demo: (settings): Unrecognized key: "maxToken" (known: maxTokens, model, proxy)',
    );
    expect(problem({ proxy: { url: 'u', uri: 'v' } })).toBe(
      'Invalid settings for demo: proxy: Unrecognized key: "uri" (known: url)',
    );
  });

  it('says only what is wrong for other problems, and returns valid settings', () => {
    expect(problem({ maxTokens: 'many' })).toBe(
      'Invalid settings for demo: maxTokens: Invalid input: expected number, received string',
    );
    expect(parsePluginSettings('demo', schema, { model: 'm' })).toEqual({ model: 'm' });
  });
});
