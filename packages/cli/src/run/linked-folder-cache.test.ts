import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { readResults } from '../test-support/run-output.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-linked-folder-cache-'));
  // skills/greet/refs -> ../../shared: the staged skill keeps the link live, so the agent reads what is there now.
  mkdirSync(join(dir, 'skills/greet/evals'), { recursive: true });
  mkdirSync(join(dir, 'shared'));
  writeFileSync(join(dir, 'shared/answer.txt'), 'GOOD\n');
  symlinkSync('../../shared', join(dir, 'skills/greet/refs'));
  writeFileSync(join(dir, 'skills/greet/SKILL.md'), '---\nname: greet\ndescription: Gives the answer.\n---\nAnswer.\n');
  writeFileSync(
    join(dir, 'skills/greet/evals/evals.json'),
    '{"evals":[{"id":1,"prompt":"the answer?","assertions":[{"type":"contains","value":"GOOD"}]}]}',
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A run whose agent answers with the file behind the skill's folder link. */
async function run(out: string) {
  const io = captureIO(dir, { PATH: process.env.PATH });
  const command = 'command=cat .agents/skills/greet/refs/answer.txt';
  const code = await main(['run', 'skills/greet', '-e', 'command', '--ek', command, '--out', out], io);
  return { code, results: readResults(join(dir, out)), stderr: io.err() };
}

describe('the result cache and a skill linking to a folder', () => {
  it('runs a case again when a file behind the link changes, rather than reusing its pass', async () => {
    const first = await run('first');
    expect(first.results, first.stderr).toMatchObject([{ status: 'passed' }]);
    expect((await run('again')).results).toMatchObject([{ status: 'passed', cached: true }]);
    writeFileSync(join(dir, 'shared/answer.txt'), 'BAD\n');
    const changed = await run('changed');
    expect(changed.code).toBe(1);
    expect(changed.results).toMatchObject([{ status: 'failed' }]);
    expect(changed.results[0]).not.toHaveProperty('cached', true);
  });
});
