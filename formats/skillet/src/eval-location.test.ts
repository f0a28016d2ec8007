import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSkillEvalError } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evalLocation, resolveSkilletName } from './eval-location.js';
import { loadSkillet } from './load-skillet.js';

describe('evalLocation', () => {
  it('id is the path below evals/<name>/ without .yaml; the set is <name>', () => {
    expect(evalLocation('/h/.skillet/evals/browser-fallback/001.yaml')).toEqual({
      evalSet: 'browser-fallback',
      id: '001',
    });
    expect(evalLocation('/h/.skillet/evals/browser-fallback/webfetch-failure/002.yaml')).toEqual({
      evalSet: 'browser-fallback',
      id: 'webfetch-failure/002',
    });
    // A folder named evals inside a set does not start a new set.
    expect(evalLocation('/r/evals/set/evals/003.yml')).toEqual({ evalSet: 'set', id: 'evals/003' });
  });

  it('outside the layout, the file is known by its own name (Skillet single-file _source)', () => {
    expect(evalLocation('/r/evals/001.yaml')).toEqual({ evalSet: 'evals', id: '001' });
    expect(evalLocation('/r/misc/one.yaml')).toEqual({ evalSet: 'misc', id: 'one' });
  });
});

describe('resolveSkilletName', () => {
  it('is $SKILLET_DIR/evals/<name>, SKILLET_DIR defaulting to ~/.skillet', () => {
    expect(resolveSkilletName('conventional-comments', { SKILLET_DIR: '/opt/sk' })).toBe(
      '/opt/sk/evals/conventional-comments',
    );
    expect(resolveSkilletName('a/b', { HOME: '/home/u' })).toBe('/home/u/.skillet/evals/a/b');
  });

  it('refuses names that leave the evals folder', () => {
    for (const bad of ['../x', '/etc', 'a/../../b', ' ']) {
      let thrown: unknown;
      try {
        resolveSkilletName(bad, { HOME: '/home/u' });
      } catch (error) {
        thrown = error;
      }
      expect(isSkillEvalError(thrown) && thrown.code, bad).toBe('BAD_INPUT');
    }
  });
});

describe('the skill under test', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = realpathSync(mkdtempSync(join(tmpdir(), 'skillet-')));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it('is the nearest SKILL.md above the eval, when there is one', () => {
    const skill = join(tmp, 'my-skill');
    const file = join(skill, 'evals', 'smoke', '001.yaml');
    mkdirSync(join(skill, 'evals', 'smoke'), { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: commit-helper\n---\n');
    const { suites } = loadSkillet(file, 'timestamp: t\nname: n\nprompt: p\nexpected: e\n', { cwd: tmp });
    expect(suites[0]!.id).toBe('my-skill/evals/smoke/001.yaml');
    expect(suites[0]!.name).toBe('smoke');
    expect(suites[0]!.skill).toEqual({ name: 'commit-helper', dir: skill });
    expect(suites[0]!.cases[0]!.skills).toEqual([{ name: 'commit-helper', dir: skill }]);
  });
});
