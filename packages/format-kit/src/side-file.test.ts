import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchReadsSync } from '@skill-eval/core';
import { afterAll, describe, expect, it } from 'vitest';
import { globSideFiles, readSideFile, SIDE_FILE_LIMIT } from './side-file.js';
import { withSideFileTrust } from './side-file-read.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'format-kit-side-file-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const project = join(root, 'project');
mkdirSync(join(project, 'evals', 'sub'), { recursive: true });
writeFileSync(join(root, 'secret.txt'), 'outside-secret\n');
writeFileSync(join(project, 'evals', 'prompt.md'), 'Say hi\n');
writeFileSync(join(project, 'evals', 'sub', 'case.yaml'), 'a: 1\n');
symlinkSync(join(root, 'secret.txt'), join(project, 'evals', 'link-out.md'));
symlinkSync(join(project, 'evals', 'prompt.md'), join(project, 'evals', 'link-in.md'));
symlinkSync(root, join(project, 'evals', 'dir-out'));

describe.runIf(process.platform !== 'win32')('readSideFile', () => {
  it('reads a regular file inside the project, and a link that stays inside it', () => {
    expect(readSideFile(join(project, 'evals', 'prompt.md'), project)).toEqual({
      ok: true,
      path: join(project, 'evals', 'prompt.md'),
      text: 'Say hi\n',
    });
    // A link is answered by where it leads: the real path, as the full lookup gives it.
    expect(readSideFile(join(project, 'evals', 'link-in.md'), project)).toEqual({
      ok: true,
      path: join(project, 'evals', 'prompt.md'),
      text: 'Say hi\n',
    });
  });

  it('refuses a file outside the project, by path, by `..` or by a link, before reading it; --trust reads it', () => {
    for (const path of [
      join(root, 'secret.txt'),
      join(project, 'evals', '..', '..', 'secret.txt'),
      join(project, 'evals', 'link-out.md'),
      join(project, 'evals', 'dir-out', 'secret.txt'),
    ]) {
      const { value: read, reads } = watchReadsSync(() => readSideFile(path, project, { ref: 'p.md' }));
      expect(read, path).toMatchObject({ ok: false, refused: 'outside', needsTrust: true });
      expect(read.ok ? '' : read.message).toContain('--trust');
      expect(read.ok ? '' : read.message).toContain(join(root, 'secret.txt'));
      // What the load noted holds no byte of the file: it was never read.
      expect([...reads.values()].join('\n')).not.toContain('outside-secret');
      const trusted = withSideFileTrust(true, () => readSideFile(path, project, { ref: 'p.md' }));
      expect(trusted).toMatchObject({ ok: true, text: 'outside-secret\n' });
      // Read by --trust, and still said: the caller reports it as an error --trust lifts.
      expect(trusted.ok && trusted.outside).toContain('--trust');
    }
  });

  it('refuses a FIFO at once, without waiting for a writer, --trust or not', () => {
    const fifo = join(project, 'evals', 'fifo.md');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    expect(readSideFile(fifo, project)).toMatchObject({ ok: false, refused: 'not-regular', needsTrust: false });
    expect(withSideFileTrust(true, () => readSideFile(fifo, project))).toMatchObject({ refused: 'not-regular' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a folder named as a file, saying it is a folder, --trust or not', () => {
    const folder = join(project, 'evals', 'cases');
    mkdirSync(folder);
    for (const read of [
      readSideFile(folder, project, { ref: 'cases' }),
      withSideFileTrust(true, () => readSideFile(folder, project, { ref: 'cases' })),
    ]) {
      expect(read).toMatchObject({ ok: false, refused: 'not-regular', needsTrust: false });
      expect(read.ok ? '' : read.message).toBe(`"cases" (${folder}) is a folder, not a file; name a file.`);
    }
  });

  it('refuses a file over the cap without reading it, and says what is missing', () => {
    const big = join(project, 'evals', 'big.md');
    writeFileSync(big, '');
    truncateSync(big, SIDE_FILE_LIMIT + 1);
    const read = readSideFile(big, project);
    expect(read).toMatchObject({ ok: false, refused: 'too-large', needsTrust: false });
    expect(readSideFile(join(project, 'evals', 'prompt.md'), project, { maxBytes: 3 })).toMatchObject({
      refused: 'too-large',
    });
    expect(readSideFile(join(project, 'evals', 'none.md'), project)).toMatchObject({
      ok: false,
      refused: 'missing',
    });
  });

  it('answers again differently with and without --trust, so a kept load is not reused across them', () => {
    const path = join(project, 'evals', 'link-out.md');
    const trusted = withSideFileTrust(true, () => watchReadsSync(() => readSideFile(path, project)).reads);
    const untrusted = watchReadsSync(() => readSideFile(path, project)).reads;
    expect([...trusted.values()]).not.toEqual([...untrusted.values()]);
  });
});

describe.runIf(process.platform !== 'win32')('globSideFiles', () => {
  it('refuses an absolute or climbing pattern before walking anything, unless trusted', () => {
    for (const pattern of [`${root}/**/*.txt`, '/**/nonexist*.md', '../../**/*.txt']) {
      const { value, reads } = watchReadsSync(() => globSideFiles(pattern, join(project, 'evals'), project));
      expect(value, pattern).toMatchObject({ ok: false, needsTrust: true });
      expect(
        [...reads.keys()].some((key) => key.startsWith('["glob"')),
        pattern,
      ).toBe(false);
    }
    expect(withSideFileTrust(true, () => globSideFiles(`${root}/*.txt`, project, project))).toEqual({
      ok: true,
      paths: [join(root, 'secret.txt')],
    });
  });

  it('expands a pattern inside the folder without walking into a linked folder', () => {
    const found = globSideFiles('**/*', join(project, 'evals'), project);
    expect(found.ok && found.paths).toContain(join(project, 'evals', 'sub', 'case.yaml'));
    expect(found.ok && found.paths.some((path) => path.includes('secret'))).toBe(false);
  });
});
