import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Case, type CaseInput, CaseSchema, type Suite, SuiteSchema } from '@skill-eval/core';
import { afterEach, beforeEach, expect } from 'vitest';

/** A temp directory removed by the returned cleanup. */
export async function tempDir(prefix = 'runner-test-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A fresh temp dir for each test of the calling describe block: made before each test and handed to `made` (which may
 * fill it), removed after.
 */
export function useTempDir(prefix: string | undefined, made: (dir: string) => void | Promise<void>): void {
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const temp = await tempDir(prefix);
    cleanup = temp.cleanup;
    await made(temp.dir);
  });
  afterEach(() => cleanup?.());
}

/** A fresh temp folder holding `files` for each test (see {@link useTempDir}); its path is `.dir` inside a test. */
export function useTempTree(files: Record<string, string>, prefix?: string): { readonly dir: string } {
  const folder = { dir: '' };
  useTempDir(prefix, async (made) => {
    folder.dir = made;
    await writeTree(made, files);
  });
  return folder;
}

/** Writes `files` (relative path → content) under `root`. */
export async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), content);
  }
}

export function makeCase(fields: Partial<CaseInput> & { id: string }): Case {
  return CaseSchema.parse({
    name: fields.id,
    kind: 'task',
    turns: [`do ${fields.id}`],
    source: { file: '/evals/evals.json', format: 'fake' },
    ...fields,
  });
}

export function makeSuite(id: string, cases: Case[]): Suite {
  return SuiteSchema.parse({ id, name: id, file: `/evals/${id}`, format: 'fake', cases });
}

/** Whether `path` is a mount point of this process's mount namespace. */
export const mounted = (path: string): boolean =>
  readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[4] === path);

/** The text of the host's file in {@link useRunBesideHost}: what a planted link must never change. */
export const HOST_TEXT = 'host-only text\n';

/**
 * For each test, a run directory `run` someone else may have written, beside a folder `host` of the user's with one
 * file (`bashrc`); `hostUntouched()` fails when that file changed or a file was made beside it (through a planted link).
 */
export function useRunBesideHost(prefix: string) {
  const at = { dir: '', run: '', host: '' };
  useTempDir(prefix, (made) => {
    at.dir = made;
    at.run = join(made, 'run');
    at.host = join(made, 'host');
    mkdirSync(at.run);
    mkdirSync(at.host);
    writeFileSync(join(at.host, 'bashrc'), HOST_TEXT);
  });
  const hostUntouched = () => {
    expect(readFileSync(join(at.host, 'bashrc'), 'utf8')).toBe(HOST_TEXT);
    expect(readdirSync(at.host)).toEqual(['bashrc']);
  };
  return { at, hostUntouched };
}
