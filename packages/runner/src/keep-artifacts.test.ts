import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CopyBudget } from '@skill-eval/engine-kit/agent-files';
import { describe, expect, it } from 'vitest';
import { keepArtifacts } from './keep-artifacts.js';
import { useTempDir, writeTree } from './test-support/fixtures.js';

const SECRET = 'sk-fake-SECRET123';
const HOST = 'host file, never to be read or written';

describe('keepArtifacts', () => {
  let dir = '';
  useTempDir(undefined, async (made) => {
    dir = made;
  });
  const keep = (from: string, budget = new CopyBudget(), secrets: string[] = [SECRET]) => {
    const recorded: string[] = [];
    const kept = keepArtifacts(from, {
      secrets,
      base: join(dir, 'run'),
      place: (rel) => join(dir, 'run', 'artifacts', rel),
      record: (path) => recorded.push(path),
      budget,
    });
    return { kept, recorded };
  };

  it('replaces secrets while copying — across read chunks and as JSON escapes them — and leaves the source as it was', async () => {
    const quoted = 'pa"ss\\word';
    const big = `${'x'.repeat(64 * 1024 - 5)}${SECRET} tail`;
    const from = join(dir, 'from');
    await writeTree(from, {
      'claude-stream.jsonl': `${JSON.stringify({ text: `key=${SECRET} pw=${quoted}` })}\n`,
      'collected/out/big.txt': big,
    });
    const { kept, recorded } = keep(from, new CopyBudget(), [SECRET, quoted]);
    expect([...(await kept).keys()]).toEqual(['claude-stream.jsonl', 'collected/out/big.txt']);
    expect(recorded).toHaveLength(2);
    expect(readFileSync(join(dir, 'run/artifacts/claude-stream.jsonl'), 'utf8')).toBe(
      `${JSON.stringify({ text: 'key=[REDACTED] pw=[REDACTED]' })}\n`,
    );
    expect(readFileSync(join(dir, 'run/artifacts/collected/out/big.txt'), 'utf8')).toBe(
      `${'x'.repeat(64 * 1024 - 5)}[REDACTED] tail`,
    );
    // The agent's folder is only read: nothing is rewritten there (no `.redacting` file an agent could have linked).
    expect(readFileSync(join(from, 'collected/out/big.txt'), 'utf8')).toBe(big);
  });

  it('copies no link, linked folder, FIFO or file over the caps, names each in a warning, and writes nothing outside', async () => {
    const from = join(dir, 'from');
    const host = join(dir, 'host');
    mkdirSync(host);
    writeFileSync(join(host, 'secret.txt'), HOST);
    await writeTree(from, { 'ok.log': 'fine', 'big.log': 'y'.repeat(2000) });
    symlinkSync(join(host, 'secret.txt'), join(from, 'link.log'));
    symlinkSync(join(host, 'secret.txt'), join(from, 'ok.log.redacting'));
    symlinkSync(host, join(from, 'linked'));
    execFileSync('mkfifo', [join(from, 'pipe.log')]);
    const sparse = join(from, 'sparse.img');
    writeFileSync(sparse, 'head');
    truncateSync(sparse, 1000);
    const budget = new CopyBudget({ maxFileBytes: 1500, maxExecutionBytes: 1500 });
    const kept = await keep(from, budget).kept;
    expect([...kept.keys()]).toEqual(['ok.log', 'sparse.img']);
    expect(budget.warnings.map((w) => w.message).sort()).toEqual([
      'big.log was not copied: it is 2000 bytes, over the 1500-byte limit of one file.',
      'link.log was not copied: it is a symbolic link, which is never followed.',
      'linked was not copied: it is a symbolic link, which is never followed.',
      'ok.log.redacting was not copied: it is a symbolic link, which is never followed.',
      'pipe.log was not copied: it is not a regular file.',
    ]);
    expect(readFileSync(join(host, 'secret.txt'), 'utf8')).toBe(HOST);
    expect(readFileSync(join(dir, 'run/artifacts/sparse.img')).subarray(0, 4).toString()).toBe('head');
    expect(statSync(join(dir, 'run/artifacts/sparse.img')).size).toBe(1000);
  });

  it('never writes through a link already at the place in the run directory', async () => {
    const from = join(dir, 'from');
    await writeTree(from, { 'a.log': 'new' });
    mkdirSync(join(dir, 'run/artifacts'), { recursive: true });
    writeFileSync(join(dir, 'victim'), HOST);
    symlinkSync(join(dir, 'victim'), join(dir, 'run/artifacts/a.log'));
    const budget = new CopyBudget();
    expect((await keep(from, budget).kept).size).toBe(0);
    expect(readFileSync(join(dir, 'victim'), 'utf8')).toBe(HOST);
    expect(budget.warnings[0]!.message).toMatch(/^a\.log was not copied: EEXIST/);
    expect(existsSync(join(from, 'a.log'))).toBe(true);
  });
});
