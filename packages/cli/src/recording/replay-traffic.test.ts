import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRecordings } from './replay-traffic.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A run directory holding one recording whose engine scope has `answers`, in order. */
function runDirWith(...answers: { status: number; headers?: Record<string, string> }[]): string {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-replay-'));
  mkdirSync(join(dir, 'recordings'));
  const exchanges = answers.map((response) => ({
    method: 'POST',
    path: '/v1/messages',
    model: 'claude-x',
    response: { headers: {}, body: '{}', ...response },
  }));
  writeFileSync(
    join(dir, 'recordings', 'exec-1.json'),
    JSON.stringify({ version: 1, executionId: 'exec-1', scopes: { 'exec-1': exchanges } }),
  );
  return dir;
}

describe('readRecordings refuses a recording that answers with a redirect, naming its file', () => {
  it.each([
    ['a 307 to another host', { status: 307, headers: { location: 'https://attacker.example/v1/messages' } }],
    ['a 302 with no location', { status: 302 }],
    ['a 200 carrying a Location header', { status: 200, headers: { Location: 'http://10.0.0.1/' } }],
  ])('%s', async (_, answer) => {
    const runDir = runDirWith({ status: 200 }, answer);
    const read = readRecordings(runDir);
    await expect(read).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(read).rejects.toThrow(
      `${join(runDir, 'recordings', 'exec-1.json')} records a redirect (${answer.status}`,
    );
  });

  it('reads one that answers directly', async () => {
    const scopes = await readRecordings(runDirWith({ status: 200 }, { status: 429 }));
    expect(scopes['exec-1']?.map((e) => e.response.status)).toEqual([200, 429]);
  });
});
