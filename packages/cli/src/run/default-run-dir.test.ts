import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

/** A suite with one deterministic case named `id`, so that a run needs neither a model nor a judge. */
const suite = (id: string) =>
  `name: ${id}\ntests:\n  - id: ${id}\n    input: "say hi"\n    assertions:\n      - type: contains\n        value: hi\n`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-default-out-'));
  for (const id of ['a', 'b', 'c']) writeFileSync(join(dir, `${id}.eval.yaml`), suite(id));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = async (file: string, out: string[] = []) => {
  const io = captureIO(dir, { PATH: process.env.PATH });
  const code = await main(['run', file, '-e', 'command', '--ek', 'command=cat', '--no-cache', '-q', ...out], io);
  return { code, err: io.err() };
};

/** The case ids in each run directory under .skill-eval/runs, by directory. */
const casesByRun = (): string[][] =>
  readdirSync(join(dir, '.skill-eval', 'runs')).map((name) =>
    readFileSync(join(dir, '.skill-eval', 'runs', name, 'results.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { caseId: string }).caseId),
  );

describe('skill-eval run without --out', () => {
  it('gives runs started together a directory each', async () => {
    const codes = await Promise.all(['a', 'b', 'c'].map(async (id) => (await run(`${id}.eval.yaml`)).code));
    expect(codes).toEqual([0, 0, 0]);
    expect(casesByRun().sort()).toEqual([['a'], ['b'], ['c']]);
  }, 30_000);

  it('gives runs started one after another a directory each, however quickly', async () => {
    for (const id of ['a', 'b', 'c']) expect((await run(`${id}.eval.yaml`)).err).toBe('');
    expect(casesByRun().sort()).toEqual([['a'], ['b'], ['c']]);
  }, 30_000);
});

describe('skill-eval run with one --out for runs started together', () => {
  it('lets one of them write there; the others fail with exit 2, saying it holds a run', async () => {
    const outcomes = await Promise.all(['a', 'b', 'c'].map((id) => run(`${id}.eval.yaml`, ['-o', 'out'])));
    expect(outcomes.map((o) => o.code).sort()).toEqual([0, 2, 2]);
    for (const { err } of outcomes.filter((o) => o.code === 2)) expect(err).toContain('already holds a run.');
    expect(
      readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
  }, 30_000);
});
