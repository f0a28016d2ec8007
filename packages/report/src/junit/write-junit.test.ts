import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caseResult } from '../test-support/results.js';
import { writeJunit } from './write-junit.js';

const HOST_TEXT = 'host-only text\n';
let dir: string;
let run: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-write-junit-'));
  run = join(dir, 'run');
  mkdirSync(run);
  writeFileSync(join(dir, 'bashrc'), HOST_TEXT);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform !== 'win32')('junit.xml of a run directory someone else wrote (report --junit)', () => {
  it('is written through no link planted at the temporary name an older skill-eval used, nor at its name', async () => {
    symlinkSync(join(dir, 'bashrc'), join(run, `junit.xml.${process.pid}.tmp`));
    symlinkSync(join(dir, 'bashrc'), join(run, 'junit.xml'));
    expect(await writeJunit(run, [caseResult()])).toBe(join(run, 'junit.xml'));
    expect(readFileSync(join(dir, 'bashrc'), 'utf8')).toBe(HOST_TEXT);
    expect(lstatSync(join(run, 'junit.xml')).isFile()).toBe(true);
    expect(readFileSync(join(run, 'junit.xml'), 'utf8')).toContain('<testsuites');
  });
});
