import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { echoedTokenSuite } from '../test-support/echoed-token-suite.js';
import { readResults } from '../test-support/run-output.js';

const EVAL = echoedTokenSuite(['a', 'b']);

let dir: string;
const saved = process.env.SKILL_EVAL_CONTAINMENT;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-cached-containment-'));
  writeFileSync(join(dir, 'cases.eval.yaml'), EVAL);
  // The fallback is the one containment that says so (see containmentNotice): its notice shows whether the run looked.
  process.env.SKILL_EVAL_CONTAINMENT = 'mark';
});
afterAll(() => {
  if (saved === undefined) delete process.env.SKILL_EVAL_CONTAINMENT;
  else process.env.SKILL_EVAL_CONTAINMENT = saved;
  rmSync(dir, { recursive: true, force: true });
});

async function run(out: string, ...extra: string[]) {
  const io = captureIO(dir, { PATH: process.env.PATH });
  const args = ['run', 'cases.eval.yaml', '-e', 'command', '--ek', 'command=cat', '--cache-dir', 'cache', '-o', out];
  expect(await main([...args, ...extra], io), io.err()).toBe(0);
  return { results: readResults(join(dir, out)), stderr: io.err() };
}

describe('containment on a cached run', () => {
  it('is looked at only when executions run: a run the cache answers whole neither probes cgroups nor notes the fallback', async () => {
    const first = await run('first');
    expect(first.results.map((r) => r.cached)).toEqual([false, false]);
    expect(first.stderr).toContain('Process containment falls back to scanning');
    const again = await run('again');
    expect(again.results.map((r) => r.cached)).toEqual([true, true]);
    expect(again.stderr).not.toContain('Process containment');
    // An edited case runs again, contained as any execution.
    writeFileSync(join(dir, 'cases.eval.yaml'), EVAL.replace('token-b says', 'token-b now says'));
    const edited = await run('edited');
    expect(edited.results.map((r) => r.cached)).toEqual([true, false]);
    expect(edited.stderr).toContain('Process containment falls back to scanning');
  });
});
