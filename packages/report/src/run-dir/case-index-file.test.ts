import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCaseIndex, writeCaseIndex } from './case-index-file.js';

const HOST_TEXT = 'host-only text\n';
let dir: string;
let run: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-case-index-'));
  run = join(dir, 'run');
  mkdirSync(run);
  writeFileSync(join(dir, 'bashrc'), HOST_TEXT);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform !== 'win32')('cases.json of a run directory someone else wrote', () => {
  it('is written through no link planted at the temporary name an older skill-eval used, nor at its name', async () => {
    symlinkSync(join(dir, 'bashrc'), join(run, `cases.json.${process.pid}.tmp`));
    symlinkSync(join(dir, 'bashrc'), join(run, 'cases.json'));
    await writeCaseIndex(run, { format: 'skill-eval-cases-v1', cases: [] });
    expect(readFileSync(join(dir, 'bashrc'), 'utf8')).toBe(HOST_TEXT);
    expect(lstatSync(join(run, 'cases.json')).isFile()).toBe(true);
    expect(await readCaseIndex(run)).toEqual({ format: 'skill-eval-cases-v1', cases: [] });
  });
});
