import { isSkillEvalError } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { parseCodexSettings } from './codex-settings.js';

describe('parseCodexSettings', () => {
  it('fills the defaults', () => {
    expect(parseCodexSettings(undefined)).toEqual({
      model: 'gpt-5.5',
      apiKeyEnv: 'OPENAI_API_KEY',
      sandbox: 'workspace-write',
    });
  });

  it('takes --ek strings: extra arguments split on whitespace', () => {
    const settings = parseCodexSettings({
      path: '/opt/codex',
      model: 'gpt-5-mini',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKeyEnv: 'MY_KEY',
      sandbox: 'read-only',
      extraArgs: ' -c  model_reasoning_effort="low" ',
    });
    expect(settings.extraArgs).toEqual(['-c', 'model_reasoning_effort="low"']);
    expect(settings.sandbox).toBe('read-only');
  });

  it.each([
    [{ sandbox: 'yolo' }, 'sandbox'],
    [{ baseUrl: 'not a url' }, 'baseUrl'],
    [{ apiKeyEnv: 'BAD-NAME' }, 'apiKeyEnv'],
    [{ modle: 'typo' }, 'modle'],
  ])('rejects %j naming the key', (raw, key) => {
    try {
      parseCodexSettings(raw);
      expect.unreachable();
    } catch (error) {
      expect(isSkillEvalError(error) && error.code).toBe('BAD_INPUT');
      expect((error as Error).message).toContain('codex');
      expect((error as Error).message).toContain(key);
    }
  });
});
