import { isSkillEvalError } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { parseQodercliSettings } from './qodercli-settings.js';

describe('parseQodercliSettings', () => {
  it('defaults to bypass_permissions and coerces --ek strings', () => {
    expect(parseQodercliSettings(undefined)).toEqual({ permissionMode: 'bypass_permissions' });
    expect(
      parseQodercliSettings({ maxTurns: '7', allowedTools: 'Read, Bash(git *)', extraArgs: '--bare  --foo' }),
    ).toMatchObject({ maxTurns: 7, allowedTools: ['Read', 'Bash(git *)'], extraArgs: ['--bare', '--foo'] });
  });

  it('rejects a Claude spelling of the permission mode and unknown keys with BAD_INPUT', () => {
    for (const raw of [{ permissionMode: 'bypassPermissions' }, { token: 'x' }, { maxTurns: 'many' }]) {
      const error = (() => {
        try {
          parseQodercliSettings(raw);
        } catch (e) {
          return e;
        }
      })();
      expect(isSkillEvalError(error) && error.code).toBe('BAD_INPUT');
    }
  });
});
