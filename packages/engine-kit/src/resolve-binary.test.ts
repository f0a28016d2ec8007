import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSkillEvalError } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findExecutable } from './find-executable.js';
import { resolveBinary } from './resolve-binary.js';
import { type EngineSandbox, makeSandbox } from './testing/index.js';

let sandbox: EngineSandbox;
beforeEach(() => {
  sandbox = makeSandbox('engine-kit-bin-');
});
afterEach(() => sandbox.cleanup());

describe('findExecutable', () => {
  it('looks a bare name up on PATH, skipping plain files and directories', () => {
    const plain = join(sandbox.root, 'a');
    const dirs = join(sandbox.root, 'b');
    mkdirSync(plain);
    mkdirSync(join(dirs, 'tool'), { recursive: true });
    writeFileSync(join(plain, 'tool'), 'not executable');
    const bin = sandbox.script('tool', 'true');
    expect(findExecutable('tool', [plain, join(dirs), '', sandbox.root].join(':'))).toBe(bin);
    expect(findExecutable('tool', `${plain}:${dirs}`)).toBeUndefined();
    expect(findExecutable('tool', undefined)).toBeUndefined();
  });

  it('checks a name with a slash as given, not on PATH', () => {
    const bin = sandbox.script('tool', 'true');
    expect(findExecutable(bin, '')).toBe(bin);
    expect(findExecutable(join(sandbox.root, 'nope', 'tool'), sandbox.root)).toBeUndefined();
  });
});

describe('resolveBinary', () => {
  it('prefers the settings path and says where it looked when nothing is there', () => {
    const bin = sandbox.script('agent', 'true');
    expect(resolveBinary('agent', undefined, sandbox.root, 'hint')).toBe(bin);
    expect(resolveBinary('other', bin, '', 'hint')).toBe(bin);

    const onPath = (() => {
      try {
        return resolveBinary('agent', undefined, join(sandbox.root, 'empty'), 'Install agent.');
      } catch (error) {
        return error;
      }
    })();
    expect(isSkillEvalError(onPath) && onPath.code).toBe('ENGINE_NOT_FOUND');
    expect((onPath as Error).message).toBe('The agent binary was not found on PATH.');
    expect((onPath as { hint?: string }).hint).toBe('Install agent.');
    expect(() => resolveBinary('agent', '/nope/agent', sandbox.root, 'x')).toThrow(
      'The agent binary was not found at /nope/agent.',
    );
  });

  it('says why a settings path that exists cannot run: a folder, or a file without execute permission', () => {
    const folder = join(sandbox.root, 'folder');
    mkdirSync(folder);
    const plain = join(sandbox.root, 'plain');
    writeFileSync(plain, '#!/bin/sh\n');
    expect(() => resolveBinary('agent', folder, '', 'x')).toThrow(`The agent binary at ${folder} is a folder`);
    expect(() => resolveBinary('agent', plain, '', 'x')).toThrow(
      `The agent binary at ${plain} is not executable; make it so (chmod +x ${plain})`,
    );
  });
});
