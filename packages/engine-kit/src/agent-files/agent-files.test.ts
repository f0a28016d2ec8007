import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CopyBudget,
  copyAgentFile,
  entryKind,
  listAgentFiles,
  readAgentFile,
  readAgentText,
  readUntrustedText,
  secretPatterns,
  writeBelowAgentFolder,
  writeInAgentFolderSync,
} from './index.js';

const HOST_TEXT = 'host-only secret text';
let dir: string;
let ws: string;
let host: string;
let out: string;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'skill-eval-agent-files-')));
  ws = join(dir, 'ws');
  host = join(dir, 'host');
  out = join(dir, 'out');
  for (const d of [ws, host, out]) mkdirSync(d);
  writeFileSync(join(host, 'secret.txt'), HOST_TEXT);
  writeFileSync(join(ws, 'ok.txt'), 'fine');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fifo = (path: string) => execFileSync('mkfifo', [path]);

/** Kills the process group `pgid` and waits until none of it is left. */
async function endGroup(pgid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (alive()) {
    process.kill(-pgid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('readAgentFile', () => {
  it('reads a regular file inside', async () => {
    expect(await readAgentText(ws, 'ok.txt')).toBe('fine');
  });

  it('refuses a link to a host file, a link in a folder of the path, a FIFO (at once) and a file over the cap', async () => {
    symlinkSync(join(host, 'secret.txt'), join(ws, 'link.txt'));
    symlinkSync(host, join(ws, 'sub'));
    fifo(join(ws, 'pipe'));
    writeFileSync(join(ws, 'big.txt'), 'x'.repeat(100));
    expect(await readAgentText(ws, 'link.txt')).toMatchObject({ refused: 'link' });
    expect(await readAgentText(ws, 'sub/secret.txt')).toMatchObject({ refused: 'outside' });
    expect(await readAgentText(ws, 'pipe')).toMatchObject({
      refused: 'not-a-file',
      message: 'pipe is a FIFO, not a file',
    });
    expect(await readAgentText(ws, 'big.txt', { maxBytes: 10 })).toMatchObject({ refused: 'too-large' });
    expect(await readAgentFile(ws, 'big.txt', { maxBytes: 10, head: true })).toMatchObject({
      size: 100,
      partial: true,
    });
    expect(await readAgentText(ws, '../host/secret.txt')).toMatchObject({ refused: 'outside' });
  });

  it('reads a link that stays inside only through its folder, never as the link itself', async () => {
    mkdirSync(join(ws, 'real'));
    writeFileSync(join(ws, 'real', 'a.txt'), 'inside');
    symlinkSync('real', join(ws, 'alias'));
    expect(await readAgentText(ws, 'alias/a.txt')).toBe('inside');
  });

  it('never returns the host file while a file and a link to it are swapped under it', async () => {
    writeFileSync(join(ws, 'plain'), 'plain');
    symlinkSync(join(host, 'secret.txt'), join(ws, 'evil'));
    mkdirSync(join(ws, 'd'));
    writeFileSync(join(ws, 'd', 'secret.txt'), 'plain');
    symlinkSync(host, join(ws, 'evil-dir'));
    // A child process swaps the names as fast as it can, both the file and a folder on the path: the leader of a
    // process group of its own, so that its last `mv` ends with it before the folder is removed.
    const swapper = spawn(
      'sh',
      ['-c', 'while true; do mv plain t; mv evil plain; mv t evil; mv d t2; mv evil-dir d; mv t2 evil-dir; done'],
      { cwd: ws, detached: true, stdio: 'ignore' },
    );
    try {
      const seen = new Set<string>();
      // At least 400 rounds, and on until the reads have met the file and the link both: on a busy machine the swapper
      // can stall for all of 400 quick rounds between two of its `mv`s, where the names are links.
      const until = Date.now() + 20_000;
      const metBoth = () => seen.has('plain') && seen.size > 1;
      for (let i = 0; (i < 400 || !metBoth()) && Date.now() < until; i++) {
        for (const rel of ['plain', 'd/secret.txt']) {
          const text = await readAgentText(ws, rel);
          seen.add(typeof text === 'string' ? text : text.refused);
        }
      }
      expect(seen.has(HOST_TEXT)).toBe(false);
      expect(seen.has('plain')).toBe(true);
    } finally {
      await endGroup(swapper.pid!);
    }
  }, 30_000);

  it('refuses a linked or FIFO file a command was pointed at, naming it', async () => {
    symlinkSync(join(host, 'secret.txt'), join(ws, 'answer.md'));
    fifo(join(ws, 'judge.json'));
    await expect(readUntrustedText(join(ws, 'answer.md'))).rejects.toThrow(/answer\.md: is a symbolic link/);
    await expect(readUntrustedText(join(ws, 'judge.json'))).rejects.toThrow(/judge\.json: is a FIFO/);
  });
});

describe('listAgentFiles and entryKind', () => {
  it('lists regular files only, entering no linked folder', async () => {
    mkdirSync(join(ws, 'a'));
    writeFileSync(join(ws, 'a', 'b.txt'), 'b');
    symlinkSync(host, join(ws, 'linked'));
    symlinkSync(join(host, 'secret.txt'), join(ws, 'link.txt'));
    fifo(join(ws, 'pipe'));
    expect(await listAgentFiles(ws)).toEqual(['a/b.txt', 'ok.txt']);
    expect(await entryKind(ws, 'link.txt')).toEqual({ kind: 'link', size: 0 });
    expect(await entryKind(ws, 'linked/secret.txt')).toBeUndefined();
    expect(await entryKind(ws, 'a')).toMatchObject({ kind: 'directory' });
    expect(await entryKind(ws, 'pipe')).toMatchObject({ kind: 'other' });
  });

  it('lists a folder reached through a linked folder above it, and refuses one that is itself a link', async () => {
    mkdirSync(join(ws, 'a'));
    writeFileSync(join(ws, 'a', 'b.txt'), 'b');
    symlinkSync(dir, join(host, 'up'));
    // Each path is new to the listing: its real path is found afresh, not remembered from an earlier call.
    expect(await listAgentFiles(join(host, 'up', 'ws'))).toEqual(['a/b.txt', 'ok.txt']);
    symlinkSync(ws, join(host, 'ws-link'));
    await expect(listAgentFiles(join(host, 'ws-link'))).rejects.toThrow(/ws-link is not where a folder/);
  });
});

describe('copyAgentFile', () => {
  const copy = (rel: string, budget = new CopyBudget(), patterns: Buffer[] = []) =>
    copyAgentFile({ root: ws, rel, base: out, to: join(out, 'kept', rel), budget, patterns });

  // A file of one chunk (64 KiB) is copied in one stretch of the thread, a larger one in steps: both alike.
  it.each([
    ['one chunk', 100],
    ['several chunks', 70_000],
  ])('copies a file of %s with secrets replaced, into a new file only', async (_, size) => {
    writeFileSync(join(ws, 'log.txt'), `key=sk-123 ${'y'.repeat(size)} sk-123`);
    expect(await copy('log.txt', new CopyBudget(), secretPatterns(['sk-123']))).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(out, 'kept', 'log.txt'), 'utf8')).toBe(`key=[REDACTED] ${'y'.repeat(size)} [REDACTED]`);
    expect(readFileSync(join(ws, 'log.txt'), 'utf8')).toContain('sk-123');
    // A second copy to the same place does not write through what is there.
    const budget = new CopyBudget();
    expect(await copy('log.txt', budget)).toBeUndefined();
    expect(budget.warnings[0]!.message).toMatch(/^log\.txt was not copied: EEXIST/);
  });

  it('never writes through a link planted at the target, nor through a linked target folder', async () => {
    mkdirSync(join(out, 'kept'));
    symlinkSync(join(host, 'secret.txt'), join(out, 'kept', 'ok.txt'));
    const budget = new CopyBudget();
    expect(await copy('ok.txt', budget)).toBeUndefined();
    expect(readFileSync(join(host, 'secret.txt'), 'utf8')).toBe(HOST_TEXT);
    rmSync(join(out, 'kept'), { recursive: true });
    symlinkSync(host, join(out, 'kept'));
    expect(await copy('ok.txt', budget)).toBeUndefined();
    expect(existsSync(join(host, 'ok.txt'))).toBe(false);
    expect(budget.warnings.map((w) => w.kind)).toEqual(['artifacts', 'artifacts']);
  });

  it.each([
    ['of one chunk', 1],
    ['of several chunks', 2000],
  ])('skips links, FIFOs and files over the caps with a warning naming them: files %s', async (_, scale) => {
    symlinkSync(join(host, 'secret.txt'), join(ws, 'link.txt'));
    fifo(join(ws, 'pipe'));
    writeFileSync(join(ws, 'big.bin'), Buffer.alloc(200 * scale, 1));
    writeFileSync(join(ws, 'mid.bin'), Buffer.alloc(60 * scale, 1));
    const budget = new CopyBudget({ maxFileBytes: 100 * scale, maxExecutionBytes: 100 * scale });
    for (const rel of ['link.txt', 'pipe', 'big.bin', 'mid.bin', 'ok.txt', 'mid.bin']) await copy(rel, budget);
    expect(budget.warnings.map((w) => w.message)).toEqual([
      'link.txt was not copied: it is a symbolic link, which is never followed.',
      'pipe was not copied: it is a FIFO, not a file.',
      `big.bin was not copied: it is ${200 * scale} bytes, over the ${100 * scale}-byte limit of one file.`,
      // 60 + 4 bytes were copied; 60 more would pass the execution's 100.
      `mid.bin was not copied: the execution's files reached the ${100 * scale}-byte limit of one execution (${60 * scale} more bytes).`,
    ]);
    expect(existsSync(join(out, 'kept', 'link.txt'))).toBe(false);
    expect(existsSync(join(out, 'kept', 'big.bin'))).toBe(false);
    expect(readFileSync(join(out, 'kept', 'mid.bin'))).toEqual(Buffer.alloc(60 * scale, 1));
  });

  it('copies a sparse file sparse', async () => {
    const file = join(ws, 'sparse.img');
    writeFileSync(file, 'head');
    truncateSync(file, 64 * 1024 * 1024);
    await copy('sparse.img');
    const copied = statSync(join(out, 'kept', 'sparse.img'));
    expect(copied.size).toBe(64 * 1024 * 1024);
    expect(copied.blocks * 512).toBeLessThan(1024 * 1024);
    expect(
      readFileSync(join(out, 'kept', 'sparse.img'))
        .subarray(0, 4)
        .toString(),
    ).toBe('head');
  });

  it('reads a file swapped for a link after the check as the file it checked, or not at all', async () => {
    writeFileSync(join(ws, 'swap'), 'plain');
    const budget = new CopyBudget();
    const copying = copy('swap', budget);
    renameSync(join(ws, 'swap'), join(ws, 'gone'));
    symlinkSync(join(host, 'secret.txt'), join(ws, 'swap'));
    await copying;
    const kept = join(out, 'kept', 'swap');
    // Three honest outcomes, depending on where the swap lands: the file as checked, a refusal naming the link, or
    // nothing (the name was between the rename and the link when it was opened). Never the host's secret.
    if (existsSync(kept)) expect(readFileSync(kept, 'utf8')).toBe('plain');
    for (const warning of budget.warnings) expect(warning.message).toMatch(/symbolic link/);
  });
});

describe('writeHarnessFile', () => {
  it('writes below the output folder, never through a linked sub-folder, a link or a FIFO at the place', async () => {
    const { writeHarnessFile } = await import('./index.js');
    await writeHarnessFile(out, join(out, 'evals', 'a.yaml'), 'one', false);
    expect(readFileSync(join(out, 'evals', 'a.yaml'), 'utf8')).toBe('one');
    await expect(writeHarnessFile(out, join(out, 'evals', 'a.yaml'), 'two', false)).rejects.toThrow(/EEXIST/);
    await writeHarnessFile(out, join(out, 'evals', 'a.yaml'), 'two', true);
    expect(readFileSync(join(out, 'evals', 'a.yaml'), 'utf8')).toBe('two');
    symlinkSync(host, join(out, 'linked'));
    await expect(writeHarnessFile(out, join(out, 'linked', 'x.yaml'), 'x', true)).rejects.toThrow(/symbolic link/);
    symlinkSync(join(host, 'secret.txt'), join(out, 'b.yaml'));
    await expect(writeHarnessFile(out, join(out, 'b.yaml'), 'x', true)).rejects.toThrow(/symbolic link/);
    fifo(join(out, 'c.yaml'));
    await expect(writeHarnessFile(out, join(out, 'c.yaml'), 'x', true)).rejects.toThrow(/FIFO/);
    expect(readFileSync(join(host, 'secret.txt'), 'utf8')).toBe(HOST_TEXT);
    expect(existsSync(join(host, 'x.yaml'))).toBe(false);
  });
});

describe('a file the harness writes in a folder the agent can write', () => {
  it('replaces a link, a dangling link, a FIFO or a file left at the name, writing through none of them', () => {
    const secret = join(host, 'secret.txt');
    symlinkSync(secret, join(ws, 'linked.txt'));
    // A link to nothing yet: opening it to create would make the host file it names.
    symlinkSync(join(host, 'made-through-a-link.txt'), join(ws, 'dangling.txt'));
    fifo(join(ws, 'pipe.txt'));
    for (const name of ['linked.txt', 'dangling.txt', 'pipe.txt', 'ok.txt', 'new.txt']) {
      writeInAgentFolderSync(join(ws, name), `harness ${name}`);
      expect(lstatSync(join(ws, name)).isFile(), name).toBe(true);
      expect(readFileSync(join(ws, name), 'utf8')).toBe(`harness ${name}`);
    }
    expect(readFileSync(secret, 'utf8')).toBe(HOST_TEXT);
    expect(existsSync(join(host, 'made-through-a-link.txt'))).toBe(false);
  });

  it('refuses a folder at the name and leaves it as it was', () => {
    mkdirSync(join(ws, 'taken'));
    writeFileSync(join(ws, 'taken', 'inside.txt'), 'kept');
    expect(() => writeInAgentFolderSync(join(ws, 'taken'), 'x')).toThrow(/is a folder/);
    expect(readFileSync(join(ws, 'taken', 'inside.txt'), 'utf8')).toBe('kept');
  });
});

describe('a file the harness writes below a folder a setup step could write (an execution HOME)', () => {
  it('makes the folders on the way and replaces a link left at the name', async () => {
    mkdirSync(join(ws, '.config'));
    symlinkSync(join(host, 'secret.txt'), join(ws, '.config', 'settings.json'));
    await writeBelowAgentFolder(ws, join(ws, '.config', 'settings.json'), '{}\n', 0o600);
    await writeBelowAgentFolder(ws, join(ws, 'new', 'deeper', 'AGENTS.md'), 'be brief\n');
    expect(readFileSync(join(ws, '.config', 'settings.json'), 'utf8')).toBe('{}\n');
    expect(statSync(join(ws, '.config', 'settings.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(ws, 'new', 'deeper', 'AGENTS.md'), 'utf8')).toBe('be brief\n');
    expect(readFileSync(join(host, 'secret.txt'), 'utf8')).toBe(HOST_TEXT);
  });

  it('refuses a folder on the way that is a link, and writes nothing there', async () => {
    symlinkSync(host, join(ws, '.gemini'));
    await expect(writeBelowAgentFolder(ws, join(ws, '.gemini', 'secret.txt'), 'overwritten')).rejects.toThrow(
      /symbolic link/,
    );
    expect(readFileSync(join(host, 'secret.txt'), 'utf8')).toBe(HOST_TEXT);
    expect(existsSync(join(host, 'settings.json'))).toBe(false);
  });
});
