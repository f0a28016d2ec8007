import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PR_COMMENT_FILE, writePrComment } from './pr-comment-file.js';

const HOST_TEXT = 'host-only text\n';
let dir: string;
let run: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-pr-comment-'));
  run = join(dir, 'run');
  mkdirSync(run);
  writeFileSync(join(dir, 'bashrc'), HOST_TEXT);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform !== 'win32')('pr-comment.md of a run directory someone else wrote', () => {
  it('is written through no link planted at the temporary name an older skill-eval used, nor at its name', async () => {
    symlinkSync(join(dir, 'bashrc'), join(run, `${PR_COMMENT_FILE}.${process.pid}.tmp`));
    symlinkSync(join(dir, 'bashrc'), join(run, PR_COMMENT_FILE));
    const file = await writePrComment(run, { runDir: run, results: [] }, { cwd: dir });
    expect(file).toBe(join(run, PR_COMMENT_FILE));
    expect(readFileSync(join(dir, 'bashrc'), 'utf8')).toBe(HOST_TEXT);
    expect(lstatSync(file).isFile()).toBe(true);
  });
});
