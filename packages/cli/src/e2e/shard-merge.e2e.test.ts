import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult, RunSummary } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { readResults, readSummary } from '../test-support/run-output.js';

const JUDGE = 'You grade the work of an AI agent';
const verdict = (passed: boolean) =>
  JSON.stringify({ criteria: [{ id: 1, passed, evidence: 'Ahoy!', reasoning: 'Checked.' }] });
const skillCall = { toolCalls: [{ name: 'Skill', input: { skill: 'pirate' } }] };
const script = {
  conversations: [
    { id: 'judge-yes', match: { system: JUDGE, user: 'GRADE-YES' }, responses: [{ text: verdict(true) }] },
    { id: 'judge-no', match: { system: JUDGE, user: 'GRADE-NO' }, responses: [{ text: verdict(false) }] },
    // Queries that fire the skill, and one that fires it although it should not: every answer is deterministic.
    { id: 'fire', match: { user: 'FIRE', tools: true }, responses: [skillCall, { text: 'Ahoy!' }] },
    { id: 'quiet', match: { user: 'QUIET', tools: true }, responses: [{ text: 'Hello.' }] },
  ],
};
const triggers = [
  { query: 'FIRE: talk like a pirate', should_trigger: true },
  { query: 'FIRE: say ahoy to the crew', should_trigger: true },
  { query: 'QUIET: what is the weather', should_trigger: false },
  { query: 'FIRE: sum these numbers', should_trigger: false },
];
const evals = {
  skill_name: 'pirate',
  evals: [
    { id: 'yes', prompt: 'FIRE: greet me (GRADE-YES).', assertions: ['A pirate greeting'] },
    { id: 'no', prompt: 'FIRE: greet me (GRADE-NO).', assertions: ['A haiku'] },
  ],
};

const verdicts = (list: CaseResult[]) =>
  list
    .map((r) => [r.executionId, r.status, r.score, r.triggered ?? null])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const outcomes = (summary: RunSummary) =>
  summary.cases
    .map((c) => [c.suiteId, c.caseId, c.status, c.runs, c.passRate, c.trigger ?? null])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The check: four shards merged equal one unsharded run. */
describe('run --shard i/4 four times, then merge', () => {
  let server: FakeModelServer;
  let dir: string;
  const codes: Record<string, number> = {};
  const saved = { ...process.env };
  const io = () => captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' });

  beforeAll(async () => {
    server = await startFakeModelServer(script);
    Object.assign(process.env, { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' });
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-shards-'));
    mkdirSync(join(dir, 'pirate', 'evals'), { recursive: true });
    writeFileSync(
      join(dir, 'pirate', 'SKILL.md'),
      '---\nname: pirate\ndescription: Talks like a pirate.\n---\nAhoy.\n',
    );
    writeFileSync(join(dir, 'pirate', 'evals', 'triggers.json'), JSON.stringify(triggers));
    writeFileSync(join(dir, 'pirate', 'evals', 'evals.json'), JSON.stringify(evals));
    const args = ['pirate', '--engine', 'anthropic', '--judge', 'anthropic', '--no-cache'];
    codes.whole = await main(['run', ...args, '-j', '4', '--out', 'whole'], io());
    for (const i of [1, 2, 3, 4]) {
      // Each shard with another concurrency: the split must not depend on it.
      codes[`shard${i}`] = await main(
        ['run', ...args, '-j', String(i), '--shard', `${i}/4`, '--out', `shard-${i}`],
        io(),
      );
    }
    codes.merged = await main(['merge', 'shard-1', 'shard-2', 'shard-3', 'shard-4', '--out', 'merged'], io());
  }, 180_000);

  afterAll(async () => {
    process.env = saved;
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('splits the executions into four disjoint, near-equal parts', () => {
    const whole = readResults(join(dir, 'whole')).map((r) => r.executionId);
    expect(whole).toHaveLength(14);
    const parts = [1, 2, 3, 4].map((i) => readResults(join(dir, `shard-${i}`)).map((r) => r.executionId));
    expect(parts.flat().sort()).toEqual([...whole].sort());
    expect(parts.map((p) => p.length).sort()).toEqual([3, 3, 4, 4]);
    expect(readSummary(join(dir, 'shard-3')).shard).toEqual({ index: 3, count: 4 });
  });

  it('merges into the unsharded run: the same executions, verdicts, case outcomes and totals', () => {
    const whole = readSummary(join(dir, 'whole'));
    const merged = readSummary(join(dir, 'merged'));
    expect(verdicts(readResults(join(dir, 'merged')))).toEqual(verdicts(readResults(join(dir, 'whole'))));
    expect(outcomes(merged)).toEqual(outcomes(whole));
    expect(merged.totals).toEqual(whole.totals);
    expect(merged.caseTotals).toEqual(whole.caseTotals);
    expect(merged.caseTotals).toMatchObject({ cases: 6, passed: 4, failed: 2 });
    expect(merged.mergedFrom).toHaveLength(4);
    expect(merged.shard).toBeUndefined();
    expect(codes.merged).toBe(codes.whole);
  });

  it('records the merged run as the unsharded run, written in its own directory', () => {
    const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
    const merged = manifest(join(dir, 'merged'));
    const shard = manifest(join(dir, 'shard-1'));
    expect(merged.invocation.runDir).toBe(join(dir, 'merged'));
    expect(merged.invocation.options.shard).toBeUndefined();
    expect({ ...merged.invocation, runDir: shard.invocation.runDir, options: shard.invocation.options }).toEqual(
      shard.invocation,
    );
  });

  it('copies every execution’s transcript along', () => {
    const ids = readResults(join(dir, 'merged')).map((r) => `${r.executionId}.json`);
    expect(readdirSync(join(dir, 'merged', 'transcripts')).sort()).toEqual(ids.sort());
  });

  it('warns about a missing shard and refuses what is not a run', async () => {
    const partial = io();
    await main(['merge', 'shard-1', 'shard-2', 'shard-4', '--out', 'partial'], partial);
    expect(partial.err()).toContain('Shard(s) 3/4 missing');
    const notRun = io();
    expect(await main(['merge', 'pirate', '--out', 'nothing'], notRun)).toBe(2);
    expect(notRun.err()).toContain('holds no results.jsonl');
    const again = io();
    expect(await main(['merge', 'shard-1', '--out', 'merged'], again)).toBe(2);
    const badShard = io();
    expect(await main(['run', 'pirate', '--engine', 'anthropic', '--shard', '5/4'], badShard)).toBe(2);
    expect(badShard.err()).toContain('--shard expects i/n');
  });
});
