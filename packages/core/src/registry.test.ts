import { describe, expect, it } from 'vitest';
import { isSkillEvalError } from './errors.js';
import { createRegistry } from './registry.js';
import { configuredSettings } from './settings.js';

/** The hint of the error looking `id` up as a `kind` gives. */
function hintOf(kind: 'format' | 'engine' | 'reporter', id: string): string | undefined {
  try {
    createRegistry({})[kind](id);
  } catch (error) {
    if (isSkillEvalError(error)) return error.hint;
    throw error;
  }
  return expect.fail(`${kind} ${id} was found`);
}

describe('an unknown plugin id', () => {
  it('of an engine: install its package and name it in --engine or in the config', () => {
    expect(hintOf('engine', 'mine')).toBe(
      "Install @skill-eval/engine-mine (or skill-eval-engine-mine) and name it in --engine or in the config's plugins list.",
    );
  });

  it.each(['format', 'reporter'] as const)(
    'of a %s: install its package and add it to the config, the one way it loads',
    (kind) => {
      const hint = hintOf(kind, 'mine');
      expect(hint).toBe(
        `Install @skill-eval/${kind}-mine (or skill-eval-${kind}-mine) and add it to the plugins list of skill-eval.config.json.`,
      );
      expect(hint).not.toContain(`--${kind}`);
    },
  );
});

describe('configuredSettings', () => {
  const plugin = { id: 'claude-code', aliases: ['claude_code', 'claude'] };

  it('finds the settings under the id or an alias, written as ids are compared; the id wins', () => {
    expect(configuredSettings({ Claude_Code: { path: '/a' }, other: { path: '/b' } }, plugin)).toEqual({ path: '/a' });
    expect(
      configuredSettings(
        { 'claude-code': { path: '/id', model: 'm' }, claude: { path: '/alias', maxTurns: 3 } },
        plugin,
      ),
    ).toEqual({ path: '/id', model: 'm', maxTurns: 3 });
  });

  it('is undefined when nothing names the plugin', () => {
    expect(configuredSettings({ codex: {} }, plugin)).toBeUndefined();
    expect(configuredSettings(undefined, plugin)).toBeUndefined();
  });
});
