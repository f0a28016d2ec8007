import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REGULAR_FILE_LIMIT, readRegularText, readRegularTextSync } from './regular-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-regular-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const readers = [
  ['readRegularText', readRegularText],
  ['readRegularTextSync', async (file: string, maxBytes?: number) => readRegularTextSync(file, maxBytes)],
] as const;

describe.runIf(process.platform !== 'win32').each(readers)('%s of a file someone else placed', (_, read) => {
  it('reads a regular file whole', async () => {
    writeFileSync(join(dir, 'run.json'), '{"plan":["é"]}\n');
    expect(await read(join(dir, 'run.json'))).toBe('{"plan":["é"]}\n');
  });

  it('refuses a link (to /dev/zero too) and a FIFO at once, naming the file', async () => {
    symlinkSync('/dev/zero', join(dir, 'run.lock'));
    await expect(read(join(dir, 'run.lock'))).rejects.toMatchObject({ code: 'ELOOP' });
    execFileSync('mkfifo', [join(dir, 'run.json')]);
    await expect(read(join(dir, 'run.json'))).rejects.toMatchObject({ code: 'EFTYPE', path: join(dir, 'run.json') });
  });

  it('refuses a file over its cap before reading it, naming the file and the cap', async () => {
    writeFileSync(join(dir, 'small.json'), '12345');
    await expect(read(join(dir, 'small.json'), 4)).rejects.toMatchObject({
      code: 'EFBIG',
      path: join(dir, 'small.json'),
      message: `${join(dir, 'small.json')} is 5 bytes, more than the 4 read at most`,
    });
    // A sparse file of terabytes costs nothing to refuse.
    writeFileSync(join(dir, 'sparse.json'), '');
    truncateSync(join(dir, 'sparse.json'), 2 ** 40);
    await expect(read(join(dir, 'sparse.json'))).rejects.toMatchObject({
      message: expect.stringContaining(`more than the ${REGULAR_FILE_LIMIT} read at most`),
    });
  });
});
