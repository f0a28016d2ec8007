import { describe, expect, it } from 'vitest';
import plugin from './index.js';

describe('anthropic settings', () => {
  it('applies defaults and coerces --ek strings', () => {
    expect(plugin.parseSettings({})).toMatchObject({
      model: 'claude-sonnet-5-5',
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      maxTokens: 8192,
      maxTurns: 20,
    });
    expect(plugin.parseSettings({ maxTurns: '3', temperature: '0.5', baseUrl: 'http://127.0.0.1:9/' })).toMatchObject({
      maxTurns: 3,
      temperature: 0.5,
      baseUrl: 'http://127.0.0.1:9/',
    });
  });

  it('rejects bad values and unknown keys as BAD_INPUT', () => {
    expect(() => plugin.parseSettings({ maxTurns: 'many' })).toThrow(/Invalid settings for anthropic: maxTurns/);
    expect(() => plugin.parseSettings({ modle: 'x' })).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
  });

  it('is an engine-v1 plugin with its aliases and Claude skill root', () => {
    expect(plugin).toMatchObject({ contract: 'engine-v1', id: 'anthropic', aliases: ['anthropic-api', 'claude-api'] });
    expect(plugin.create(plugin.parseSettings({})).skillRoots).toEqual(['.claude/skills']);
  });
});
