import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openHarnessFileForAppendSync,
  writeHarnessFileAtomically,
  writeHarnessFileAtomicallySync,
  writeNewHarnessFileSync,
} from './index.js';

const HOST_TEXT = 'host-only text\n';
let dir: string;
let run: string;
let host: string;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'skill-eval-atomic-file-')));
  run = join(dir, 'run');
  host = join(dir, 'host');
  mkdirSync(run);
  mkdirSync(host);
  writeFileSync(join(host, 'bashrc'), HOST_TEXT);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hostUntouched = () => {
  expect(readFileSync(join(host, 'bashrc'), 'utf8')).toBe(HOST_TEXT);
  expect(readdirSync(host)).toEqual(['bashrc']);
};

/**
 * The ways to write: the promise one, the one in one stretch of the thread, and the one that makes a new file in place
 * (a transcript), which falls back to the second when something stands at the name.
 */
const writers = [
  ['writeHarnessFileAtomically', writeHarnessFileAtomically],
  [
    'writeHarnessFileAtomicallySync',
    async (base: string, path: string, data: string, options?: { mode?: number }) =>
      writeHarnessFileAtomicallySync(base, path, data, options),
  ],
  [
    'writeNewHarnessFileSync',
    async (base: string, path: string, data: string, options?: { mode?: number }) =>
      writeNewHarnessFileSync(base, path, data, options),
  ],
] as const;

describe.runIf(process.platform !== 'win32').each(writers)('%s into a run directory someone else wrote', (_, write) => {
  it('writes nothing through links planted at the temporary names an older skill-eval used', async () => {
    // `<name>.<pid>.tmp` for the pids a run could have: this process's and its neighbours'.
    for (let pid = process.pid - 20; pid <= process.pid + 20; pid++)
      symlinkSync(join(host, 'bashrc'), join(run, `summary.json.${pid}.tmp`));
    symlinkSync(join(host, 'made-through-a-link'), join(run, `summary.json.${process.pid + 100}.tmp`));
    await write(run, join(run, 'summary.json'), '{"ok":true}\n');
    expect(readFileSync(join(run, 'summary.json'), 'utf8')).toBe('{"ok":true}\n');
    expect(lstatSync(join(run, 'summary.json')).isFile()).toBe(true);
    hostUntouched();
    // No temporary file is left beside it.
    expect(readdirSync(run).filter((name) => !lstatSync(join(run, name)).isSymbolicLink())).toEqual(['summary.json']);
  });

  it('replaces a link, a FIFO or a hard link at the name itself, leaving what it led to as it was', async () => {
    symlinkSync(join(host, 'bashrc'), join(run, 'junit.xml'));
    symlinkSync(join(host, 'made-through-a-link'), join(run, 'cases.json'));
    execFileSync('mkfifo', [join(run, 'pr-comment.md')]);
    linkSync(join(host, 'bashrc'), join(run, 'report.html'));
    for (const name of ['junit.xml', 'cases.json', 'pr-comment.md', 'report.html']) {
      await write(run, join(run, name), `harness ${name}`);
      expect(lstatSync(join(run, name)).isFile(), name).toBe(true);
      expect(readFileSync(join(run, name), 'utf8')).toBe(`harness ${name}`);
    }
    hostUntouched();
  });

  it('refuses a folder on the way that is a link, naming it, and writes nothing there', async () => {
    symlinkSync(host, join(run, 'transcripts'));
    await expect(write(run, join(run, 'transcripts', 'bashrc'), 'overwritten')).rejects.toMatchObject({
      code: 'ELOOP',
      path: join(run, 'transcripts'),
      message: expect.stringContaining('is a symbolic link'),
    });
    hostUntouched();
  });

  it.runIf(process.platform === 'linux')(
    'refuses to write on once the folder it wrote into was swapped for a link elsewhere',
    async () => {
      await write(run, join(run, 'first.json'), '{}');
      rmSync(run, { recursive: true });
      symlinkSync(host, run);
      await expect(write(run, join(run, 'bashrc'), 'overwritten')).rejects.toMatchObject({ code: 'ELOOP' });
      // A name not there yet: the file made through the link is removed again.
      await expect(write(run, join(run, 'second.json'), '{}')).rejects.toMatchObject({ code: 'ELOOP' });
      hostUntouched();
    },
  );

  it('fails on a folder at the name, naming the file, and leaves no temporary file', async () => {
    mkdirSync(join(run, 'summary.json'));
    await expect(write(run, join(run, 'summary.json'), 'x')).rejects.toMatchObject({
      code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST)$/),
      dest: join(run, 'summary.json'),
    });
    expect(readdirSync(run)).toEqual(['summary.json']);
  });

  it('writes text whose characters take more than a byte whole', async () => {
    const text = `{"answer":"${'é€😀'.repeat(5000)}"}\n`;
    await write(run, join(run, 'transcripts', 'e.json'), text);
    expect(readFileSync(join(run, 'transcripts', 'e.json'), 'utf8')).toBe(text);
  });

  it('makes the file with the mode asked for', async () => {
    await write(run, join(run, '00', 'entry.json'), '{}', { mode: 0o600 });
    expect(statSync(join(run, '00', 'entry.json')).mode & 0o777).toBe(0o600);
  });
});

describe.runIf(process.platform !== 'win32')('writeHarnessFileAtomically', () => {
  it('writes pieces given one by one, for a file larger than a string', async () => {
    async function* pieces() {
      yield 'one\n';
      yield Buffer.from('two\n');
    }
    await writeHarnessFileAtomically(run, join(run, 'results.jsonl'), pieces());
    expect(readFileSync(join(run, 'results.jsonl'), 'utf8')).toBe('one\ntwo\n');
  });
});

describe.runIf(process.platform !== 'win32')('openHarnessFileForAppendSync', () => {
  it('appends to a regular file, and makes one where there is none', () => {
    writeFileSync(join(run, 'results.jsonl'), 'one\n');
    for (const [name, holds] of [
      ['results.jsonl', 'one\ntwo\n'],
      ['new.jsonl', 'two\n'],
    ]) {
      const fd = openHarnessFileForAppendSync(join(run, name!));
      writeFileSync(fd, 'two\n');
      closeSync(fd);
      expect(readFileSync(join(run, name!), 'utf8')).toBe(holds);
    }
  });

  it('refuses a link (a dangling one too) or a FIFO at the name, naming it, and appends to nothing', () => {
    symlinkSync(join(host, 'bashrc'), join(run, 'results.jsonl'));
    expect(() => openHarnessFileForAppendSync(join(run, 'results.jsonl'))).toThrow(
      expect.objectContaining({ code: 'ELOOP', path: join(run, 'results.jsonl') }),
    );
    symlinkSync(join(host, 'made-through-a-link'), join(run, 'dangling.jsonl'));
    expect(() => openHarnessFileForAppendSync(join(run, 'dangling.jsonl'))).toThrow(
      expect.objectContaining({ code: 'ELOOP' }),
    );
    execFileSync('mkfifo', [join(run, 'pipe.jsonl')]);
    expect(() => openHarnessFileForAppendSync(join(run, 'pipe.jsonl'))).toThrow(
      expect.objectContaining({ code: 'EFTYPE', path: join(run, 'pipe.jsonl') }),
    );
    hostUntouched();
    expect(existsSync(join(host, 'made-through-a-link'))).toBe(false);
  });
});
