import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { type CaseResult, REDACTED, RunSummarySchema, readRunResults } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { RunDirLedger, sha256, sha256OfRegularFile } from './run-dir-ledger.js';
import { runSuites } from './run-suites.js';
import { completed, fakeEngine } from './test-support/fake-engine.js';
import { makeCase, makeSuite, useTempDir } from './test-support/fixtures.js';

let dir = '';
useTempDir('run-dir-ledger-', (made) => {
  dir = made;
});

const KEY = 'sk-live-0123456789abcdefghij';
const suite = makeSuite('s.json', [
  makeCase({ id: 'a', turns: ['a'], checks: [{ type: 'contains', value: 'done' }] }),
  makeCase({ id: 'b', turns: ['b'], checks: [{ type: 'contains', value: 'done' }] }),
]);
const run = (script: Parameters<typeof fakeEngine>[0]) =>
  runSuites({
    suites: [suite],
    engines: [{ id: 'fake', engine: fakeEngine(script).engine }],
    outDir: join(dir, 'out'),
    env: { PATH: process.env.PATH, MY_API_KEY: KEY },
    tempDir: join(dir, 'tmp'),
    concurrency: 1,
  });
const outDir = () => join(dir, 'out');
const results = () =>
  readFileSync(join(outDir(), 'results.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaseResult);
/**
 * The results written so far, once the first is: the second agent may start while the first execution's result is
 * still being written (it gave its slot back when its engine ended, see finishes-outside-slot.ts).
 */
async function firstResultWritten(): Promise<CaseResult[]> {
  for (let waited = 0; waited < 5_000; waited += 10) {
    const written = existsSync(join(outDir(), 'results.jsonl')) ? results() : [];
    if (written.length > 0) return written;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the first result was never written');
}

describe('the run directory while agents run', () => {
  it('is not where an engine writes: its artifacts are copied in after it ended, redacted, regular files only', async () => {
    const seen: string[] = [];
    await run(async (input) => {
      seen.push(input.artifactsDir);
      await writeFile(join(input.artifactsDir, `raw-${KEY}.jsonl`), `{"key":"${KEY}"}\n`);
      await symlink('/etc/passwd', join(input.artifactsDir, 'passwd'));
      execFileSync('mkfifo', [join(input.artifactsDir, 'pipe')]);
      return { ...completed('done'), transcriptPath: join(input.artifactsDir, `raw-${KEY}.jsonl`) };
    });
    for (const artifactsDir of seen) expect(relative(outDir(), artifactsDir).startsWith('..')).toBe(true);
    const [first] = results();
    const kept = join(outDir(), 'artifacts', first!.executionId);
    expect(await readdir(kept)).toEqual([`raw-${REDACTED}.jsonl`]);
    expect(readFileSync(join(kept, `raw-${REDACTED}.jsonl`), 'utf8')).toBe(`{"key":"${REDACTED}"}\n`);
    expect(first!.session?.transcriptPath).toBe(join(kept, `raw-${REDACTED}.jsonl`));
  });

  it('is checked at the end: what an agent forged or changed there is undone and named in the summary', async () => {
    await run(async (input) => {
      const out = outDir();
      if (input.turns[0] === 'b') {
        // The second agent finds the run (as it could from its parent's command line) and rewrites what it sees.
        const forged = (await firstResultWritten()).map((r) => ({ ...r, status: 'passed', score: 1 }));
        await writeFile(join(out, 'results.jsonl'), forged.map((r) => `${JSON.stringify(r)}\n`).join(''));
        await writeFile(join(out, 'transcripts', `${forged[0]!.executionId}.json`), '{"forged":true}');
        await mkdir(join(out, 'artifacts', 'x'), { recursive: true });
        await writeFile(join(out, 'artifacts', 'x', 'planted.txt'), 'planted');
        await writeFile(join(out, 'run.json'), '{}');
      }
      return completed(input.turns[0] === 'a' ? 'no' : 'done');
    });
    const lines = results();
    expect(lines.map((r) => [r.caseId, r.status])).toEqual([
      ['a', 'failed'],
      ['b', 'passed'],
    ]);
    expect(existsSync(join(outDir(), 'transcripts', `${lines[0]!.executionId}.json`))).toBe(false);
    expect(existsSync(join(outDir(), 'artifacts', 'x', 'planted.txt'))).toBe(false);
    expect(JSON.parse(readFileSync(join(outDir(), 'run.json'), 'utf8')).plan).toHaveLength(2);
    const summary = RunSummarySchema.parse(JSON.parse(readFileSync(join(outDir(), 'summary.json'), 'utf8')));
    expect(summary.tampered).toEqual([
      'artifacts/x/planted.txt (not written by skill-eval; removed)',
      'results.jsonl (changed; removed)',
      'run.json (changed; removed)',
      `transcripts/${lines[0]!.executionId}.json (changed; removed)`,
    ]);
    expect((await readRunResults(outDir()))?.results).toHaveLength(2);
  });

  it('finds a file it wrote swapped for a FIFO or for a link to the same bytes changed: no wait, no link followed', async () => {
    const same = join(dir, 'same-bytes.txt');
    await writeFile(same, 'note');
    await run(async (input) => {
      await writeFile(join(input.artifactsDir, 'note.txt'), 'note');
      if (input.turns[0] === 'b') {
        // The second agent swaps what the harness kept of the first execution.
        const [first] = await firstResultWritten();
        const transcript = join(outDir(), 'transcripts', `${first!.executionId}.json`);
        await rm(transcript);
        execFileSync('mkfifo', [transcript]);
        const note = join(outDir(), 'artifacts', first!.executionId, 'note.txt');
        await rm(note);
        await symlink(same, note);
      }
      return completed('done');
    });
    const [first] = results();
    const summary = RunSummarySchema.parse(JSON.parse(readFileSync(join(outDir(), 'summary.json'), 'utf8')));
    expect(summary.tampered).toEqual([
      `artifacts/${first!.executionId}/note.txt (changed; removed)`,
      `transcripts/${first!.executionId}.json (changed; removed)`,
    ]);
  }, 20_000);
});

describe('RunDirLedger', () => {
  it('knows a file the harness wrote by where it lies, however its path was spelt', async () => {
    const out = join(dir, 'ledger');
    await mkdir(join(out, 'transcripts'), { recursive: true });
    const ledger = new RunDirLedger(out);
    for (const name of ['transcripts/a.json', 'transcripts/b.json', 'c.json', 'd.json', 'e.json'])
      await writeFile(join(out, name), name);
    ledger.record(join(out, 'transcripts/a.json'), sha256('transcripts/a.json'));
    ledger.record(`${out}/transcripts/../transcripts/./b.json`, sha256('transcripts/b.json'));
    ledger.record(`${out}//c.json`, sha256('c.json'));
    ledger.record(`${join(out, '..', basename(out))}/d.json`, sha256('d.json'));
    ledger.record(`${out}/e.json`, sha256('changed'));
    expect(await ledger.seal()).toEqual(['e.json (changed; removed)']);
  });

  it('finds a file planted the moment it starts, which the file clock stamps no later than the ledger began', async () => {
    // Linux stamps a file from a coarse clock, up to a tick behind Date.now(): a file made in the ledger's first tick
    // must still count as new. Each round plants one at once; every one is found, none left in place.
    for (let round = 0; round < 50; round++) {
      const out = join(dir, `ledger-${round}`);
      await mkdir(out, { recursive: true });
      const ledger = new RunDirLedger(out);
      await writeFile(join(out, 'planted.txt'), 'planted');
      expect(await ledger.seal()).toEqual(['planted.txt (not written by skill-eval; removed)']);
      expect(existsSync(join(out, 'planted.txt'))).toBe(false);
      expect(await readdir(out)).toEqual([]);
    }
  });

  it('hashes a file of any size as sha256 does, on both sides of the read size (one call below it, a stream above)', async () => {
    const MiB = 1024 * 1024;
    const sizes = [0, 1, 4096, MiB - 1, MiB, MiB + 1, 3 * MiB + 5];
    // A file read after a larger one must not hash the larger one's bytes left in the shared buffer.
    for (const size of [...sizes, ...[...sizes].reverse()]) {
      const bytes = randomBytes(size);
      const file = join(dir, `sized-${size}.bin`);
      await writeFile(file, bytes);
      expect(sha256OfRegularFile(file), `${size} bytes`).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });
});
