import { describe, expect, it } from 'vitest';
import plugin from './index.js';

describe('openai settings', () => {
  it('applies defaults and coerces --ek strings', () => {
    expect(plugin.parseSettings({})).toEqual({
      model: 'gpt-5.5',
      api: 'responses',
      apiKeyEnv: 'OPENAI_API_KEY',
      maxTurns: 20,
    });
    expect(
      plugin.parseSettings({
        api: 'chat',
        maxTurns: '3',
        maxTokens: '512',
        temperature: '1.5',
        baseUrl: 'http://127.0.0.1:9/v1',
      }),
    ).toMatchObject({ api: 'chat', maxTurns: 3, maxTokens: 512, temperature: 1.5, baseUrl: 'http://127.0.0.1:9/v1' });
  });

  it('rejects bad values and unknown keys as BAD_INPUT', () => {
    expect(() => plugin.parseSettings({ api: 'completions' })).toThrow(/Invalid settings for openai: api/);
    expect(() => plugin.parseSettings({ maxTurns: 'many' })).toThrow(/maxTurns/);
    expect(() => plugin.parseSettings({ modle: 'x' })).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
  });

  it('is an engine-v1 plugin with its alias and the Agent Skills root', () => {
    expect(plugin).toMatchObject({ contract: 'engine-v1', id: 'openai', aliases: ['openai-api'] });
    expect(plugin.create(plugin.parseSettings({})).skillRoots).toEqual(['.agents/skills']);
  });
});
