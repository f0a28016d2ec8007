import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSkillEvalError } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readVersion } from './read-version.js';
import { type EngineSandbox, makeSandbox } from './testing/index.js';
import { versionProbe } from './version-probe.js';

let sandbox: EngineSandbox;
beforeEach(() => {
  sandbox = makeSandbox('engine-kit-version-');
});
afterEach(() => sandbox.cleanup());

describe('readVersion', () => {
  it('returns the first semver of `--version`, and ENGINE_NOT_FOUND with the output when it fails', async () => {
    expect(await readVersion(sandbox.script('a', "echo 'codex-cli 0.169.0-beta.2'"), 'hint')).toBe('0.169.0-beta.2');
    const error = await readVersion(sandbox.script('b', 'echo broken >&2; exit 3'), 'Install it.').catch((e) => e);
    expect(isSkillEvalError(error) && error.code).toBe('ENGINE_NOT_FOUND');
    expect(error.message).toContain('broken');
    expect(error.hint).toBe('Install it.');
    await expect(readVersion(sandbox.script('c', 'echo no version here'), 'h')).rejects.toThrow('failed');
  });
});

describe('versionProbe', () => {
  it('asks each binary once, and asks again after a failure', async () => {
    const counter = join(sandbox.root, 'calls');
    const flag = join(sandbox.root, 'ok');
    const bin = sandbox.script('agent', `echo x >> "${counter}"; [ -f "${flag}" ] && echo 1.2.3 || exit 1`);
    const probe = versionProbe((binary) => readVersion(binary, 'hint'));
    await expect(probe(bin)).rejects.toMatchObject({ code: 'ENGINE_NOT_FOUND' });
    sandbox.script('ok', '');
    expect(await probe(bin)).toBe('1.2.3');
    expect(await probe(bin)).toBe('1.2.3');
    expect(readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(2);
    const other = sandbox.script('other', 'echo 4.5.6');
    expect(await probe(other)).toBe('4.5.6');
  });
});
