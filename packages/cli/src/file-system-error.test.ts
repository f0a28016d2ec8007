import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFileSystemError } from './file-system-error.js';
import { main } from './main.js';
import { captureIO } from './test-support/capture-io.js';
import { writeDemoEvals, writeDemoSkill } from './test-support/demo-skill.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-fs-error-'));
  writeFileSync(join(dir, 'a-file'), 'x');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const thrownBy = (action: () => unknown): unknown => {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the action to throw');
};

describe('describeFileSystemError', () => {
  it('names what was being done, the path and why, from the error Node gives', () => {
    expect(describeFileSystemError(thrownBy(() => mkdirSync(join(dir, 'a-file', 'sub'))))?.message).toBe(
      `cannot create the folder ${join(dir, 'a-file', 'sub')}: a part of its path is a file, not a folder (ENOTDIR).`,
    );
    expect(describeFileSystemError(thrownBy(() => writeFileSync(dir, 'x')))?.message).toBe(
      `cannot open ${dir}: it is a folder, not a file (EISDIR).`,
    );
    expect(describeFileSystemError(thrownBy(() => renameSync(join(dir, 'gone'), join(dir, 'b'))))?.message).toBe(
      `cannot rename ${join(dir, 'gone')} to ${join(dir, 'b')}: it does not exist (ENOENT).`,
    );
  });

  it('leaves alone what is not a file-system failure: a bug stays a bug', () => {
    expect(describeFileSystemError(new TypeError('x is undefined'))).toBeUndefined();
    expect(
      describeFileSystemError(Object.assign(new Error('odd'), { code: 'ERR_SOMETHING', path: '/x' })),
    ).toBeUndefined();
    expect(describeFileSystemError(undefined)).toBeUndefined();
  });
});

describe('a command whose output path cannot be written', () => {
  it('exits 2 naming the path and the reason, without calling it a bug or printing a stack', async () => {
    writeDemoSkill(dir);
    writeDemoEvals(dir);
    const io = captureIO(dir);
    const code = await main(['convert', 'skill/evals/evals.json', '--to', 'skillet', '--out', 'a-file/converted'], io);
    expect(code).toBe(2);
    expect(io.err()).toMatch(
      /^error: cannot create the folder .*a-file\/converted.*: a part of its path is a file, not a folder \(ENOTDIR\)\.\nhint: /,
    );
    expect(io.err()).not.toContain('internal error');
    expect(io.err()).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  });
});
