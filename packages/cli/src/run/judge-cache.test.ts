import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeModelServer } from '@skill-eval/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeDemoEvals, writeDemoSkill } from '../test-support/demo-skill.js';
import { readResults, readSummary } from '../test-support/run-output.js';

let dir: string;
let server: Awaited<ReturnType<typeof startFakeModelServer>>;
const verdict = '{"criteria":[{"id":1,"passed":true,"evidence":"hi","reasoning":"It says hi."}]}';
beforeAll(async () => {
  server = await startFakeModelServer({ conversations: [], fallback: { text: verdict } });
});
afterAll(() => server.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-judge-cache-'));
  writeDemoSkill(dir);
  writeDemoEvals(dir, '{"evals":[{"id":1,"prompt":"hi","assertions":["says hi"]}]}');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A run of the demo skill on an agent that says its prompt back, judged by anthropic (the fake server) with `judgeSetting`. */
async function runJudged(judgeSetting: string, out: string, onOutput?: (stdout: string) => void) {
  const io = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url });
  const args = ['run', 'skill', '-e', 'command', '--ek', 'command=cat', '--ek', judgeSetting, '--out', out];
  expect(await main(args, io), io.err()).toBe(0);
  onOutput?.(io.out());
  return readResults(join(dir, out));
}

describe('the result cache and the judge', () => {
  it("reuses a verdict only from a judge with the same settings: changing the judge's settings grades again", async () => {
    expect(await runJudged('anthropic.maxTokens=1000', 'first')).toMatchObject([{ status: 'passed' }]);
    expect(server.requests).toHaveLength(1);
    expect(await runJudged('anthropic.maxTokens=1000', 'same')).toMatchObject([{ status: 'passed', cached: true }]);
    expect(server.requests).toHaveLength(1);
    const other = await runJudged('anthropic.maxTokens=2000', 'other');
    expect(other[0]).not.toHaveProperty('cached', true);
    expect(server.requests).toHaveLength(2);
  });

  it("counts the judge's tokens and cost apart from the agent's, and none on a cached re-run", async () => {
    let printed = '';
    const [judged] = await runJudged('anthropic.maxTokens=1000', 'first', (out) => (printed = out));
    const spent = judged!.judge!;
    expect(spent.usage!.inputTokens).toBeGreaterThan(0);
    expect(spent.usage!.outputTokens).toBeGreaterThan(0);
    expect(spent.costUsd).toBeGreaterThan(0);
    expect(judged!.session!.costUsd ?? 0).toBe(0); // the agent (cat) costs nothing; the judge's cost is apart
    const { totals } = readSummary(join(dir, 'first'));
    expect(totals.judge).toEqual({ usage: spent.usage, costUsd: spent.costUsd });
    expect(printed).toMatch(/Judge: tokens \d+ in \/ \d+ out · Cost \$/);

    const [cached] = await runJudged('anthropic.maxTokens=1000', 'again');
    expect(cached).toMatchObject({ cached: true, judge: { costUsd: 0, usage: { inputTokens: 0, outputTokens: 0 } } });
    expect(readSummary(join(dir, 'again')).totals.judge?.costUsd).toBe(0);
  });
});
