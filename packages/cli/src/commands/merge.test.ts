import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeCommandAgentSkill } from '../test-support/command-agent-skill.js';
import { readResults, readSummary } from '../test-support/run-output.js';

let dir: string;
let skillArgs: string[];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-merge-'));
  skillArgs = writeCommandAgentSkill(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const io = captureIO(dir, { PATH: process.env.PATH });
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}
const run = (runs: number, ...args: string[]) => cli('run', ...skillArgs, '--runs', String(runs), '-q', ...args);
const files = (run: string) => readdirSync(join(dir, run));

describe('merge', { timeout: 60_000 }, () => {
  it('takes a shard the split left empty as an (empty) run, as report and compare do', async () => {
    for (const i of [1, 2, 3, 4]) expect((await run(2, '--shard', `${i}/4`, '--out', `empty/s${i}`)).code).toBe(0);
    expect(readFileSync(join(dir, 'empty/s3/results.jsonl'), 'utf8')).toBe('');
    const merged = await cli('merge', 'empty/s1', 'empty/s2', 'empty/s3', 'empty/s4', '--out', 'empty/all');
    expect(merged.err).toBe('');
    expect(merged.code).toBe(0);
    expect(readResults(join(dir, 'empty/all'))).toHaveLength(2);
    expect((await cli('report', 'empty/s3', '--junit')).code).toBe(0);
    expect((await cli('compare', 'empty/s3', 'empty/all')).code).toBe(0);
  });

  it('writes the cases.json and junit.xml of a run, so reports of the joined run name prompts and files', async () => {
    for (const i of [1, 2]) expect((await run(2, '--shard', `${i}/2`, '--out', `two/s${i}`)).err).toBe('');
    expect((await cli('merge', 'two/s1', 'two/s2', '--out', 'two/all')).code).toBe(0);
    expect(files('two/all')).toEqual(expect.arrayContaining(['cases.json', 'junit.xml']));
    expect(readFileSync(join(dir, 'two/all/cases.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'two/s1/cases.json'), 'utf8'),
    );
    expect(readFileSync(join(dir, 'two/all/junit.xml'), 'utf8')).toContain('file="skill/evals/set/a.yaml"');
    expect((await cli('report', 'two/all', '--skill-creator')).code).toBe(0);
    const evalDir = readdirSync(join(dir, 'two/all/skill-creator'), { recursive: true, encoding: 'utf8' }).find((f) =>
      f.endsWith('eval_metadata.json'),
    );
    const metadata = JSON.parse(readFileSync(join(dir, 'two/all/skill-creator', evalDir!), 'utf8'));
    expect(metadata).toMatchObject({ prompt: 'say hello a', assertions: ['hello'] });
  });

  it('joins shards with one missing into a run that --resume finishes', async () => {
    for (const i of [1, 2]) await run(6, '--shard', `${i}/3`, '--out', `partial/s${i}`);
    const merged = await cli('merge', 'partial/s1', 'partial/s2', '--out', 'partial/all');
    expect(merged.err).toContain('Shard(s) 3/3 missing');
    expect(readResults(join(dir, 'partial/all'))).toHaveLength(4);
    const resumed = await cli('run', '--resume', 'partial/all', '--trust');
    expect(resumed.err).toBe('');
    expect(resumed.code).toBe(0);
    expect(readResults(join(dir, 'partial/all'))).toHaveLength(6);
    expect(readSummary(join(dir, 'partial/all')).caseTotals).toMatchObject({ cases: 1, passed: 1 });
  });

  it('refuses directories that are not shards of one run, naming what differs, and writes nothing', async () => {
    await run(2, '--shard', '1/2', '--out', 'mixed/runs2');
    await run(3, '--shard', '2/2', '--out', 'mixed/runs3');
    await run(2, '--shard', '2/3', '--out', 'mixed/of3');
    const runs = await cli('merge', 'mixed/runs2', 'mixed/runs3', '--out', 'mixed/all');
    expect(runs.code).toBe(2);
    expect(runs.err).toContain(
      'mixed/runs3 is not a shard of the run mixed/runs2 is: they differ in --runs (mixed/runs2: 2; mixed/runs3: 3)',
    );
    const split = await cli('merge', 'mixed/runs2', 'mixed/of3', '--out', 'mixed/all');
    expect(split.code).toBe(2);
    expect(split.err).toContain('they differ in --shard (mixed/runs2: i/2; mixed/of3: i/3)');
    expect(files('mixed')).not.toContain('all');
    const twice = await cli('merge', 'mixed/runs2', './mixed/runs2/', '--out', 'mixed/all');
    expect(twice.code).toBe(2);
    expect(twice.err).toContain('mixed/runs2 is given twice; each shard joins once.');
    expect(files('mixed')).not.toContain('all');
  });
});
