import { isSkillEvalError } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';

describe('claude-code settings', () => {
  it('defaults to bypassPermissions and coerces --ek strings', () => {
    expect(plugin.parseSettings(undefined)).toEqual({ permissionMode: 'bypassPermissions' });
    expect(
      plugin.parseSettings({
        maxTurns: '3',
        allowedTools: 'Read, Skill(pdf)',
        extraArgs: '--effort low',
        path: './claude',
      }),
    ).toEqual({
      permissionMode: 'bypassPermissions',
      maxTurns: 3,
      allowedTools: ['Read', 'Skill(pdf)'],
      extraArgs: ['--effort', 'low'],
      path: './claude',
    });
  });

  it('rejects bad values and unknown keys with BAD_INPUT naming the key', () => {
    for (const raw of [{ maxTurns: 'many' }, { permissionMode: 'yolo' }, { modle: 'x' }, { baseUrl: 'not a url' }]) {
      let caught: unknown;
      try {
        plugin.parseSettings(raw);
      } catch (error) {
        caught = error;
      }
      expect(isSkillEvalError(caught) && caught.code).toBe('BAD_INPUT');
      expect((caught as Error).message).toMatch(/claude-code/);
    }
  });

  it('declares the engine contract, aliases and skill root', () => {
    expect(plugin.contract).toBe('engine-v1');
    expect(plugin.aliases).toContain('claude_code');
    const engine = plugin.create(plugin.parseSettings({}));
    expect(engine.skillRoots).toEqual(['.claude/skills']);
    expect(engine.capabilities).toEqual({ mcp: true, nextTurn: true, tools: true });
  });
});
