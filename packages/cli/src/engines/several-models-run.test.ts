import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { readResults, readSummary } from '../test-support/run-output.js';
import { writeFiles } from '../test-support/write-files.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-models-'));
  writeFiles(dir, {
    'skill/SKILL.md': '---\nname: greet\ndescription: Greets.\n---\nSay hello.\n',
    'skill/evals/set/a.yaml':
      'timestamp: "2024-01-01"\nname: case a\nprompt: hi\nexpected: hello\nassertions:\n  - type: contains\n    value: hello\n',
    // Model good greets, any other model does not: the two models' verdicts differ.
    'agent.sh': '#!/bin/sh\ncat >/dev/null\n[ "$SKILL_EVAL_MODEL" = good ] && echo hello || echo bye\n',
  });
  chmodSync(join(dir, 'agent.sh'), 0o755);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(...engines: string[]) {
  const io = captureIO(dir, { PATH: process.env.PATH });
  const args = [
    'run',
    'skill',
    '--no-cache',
    '--runs',
    '1',
    '-q',
    '--out',
    'out',
    '--ek',
    `command=${join(dir, 'agent.sh')}`,
  ];
  const code = await main([...args, ...engines.flatMap((e) => ['--engine', e]), '--skill-creator'], io);
  return { code, err: io.err() };
}

describe('run on one engine with several models', { timeout: 60_000 }, () => {
  it('keeps each model apart: its own engine name in results, summary and skill-creator layout', async () => {
    const { code } = await run('command:good', 'command:bad');
    expect(code).toBe(1);
    const results = readResults(join(dir, 'out'));
    // Results are written as executions end: in either order.
    expect(results.map((r) => [r.engine, r.model, r.status]).sort()).toEqual([
      ['command:bad', 'bad', 'failed'],
      ['command:good', 'good', 'passed'],
    ]);
    const outcomes = readSummary(join(dir, 'out')).cases.map((c) => [c.engine, c.runs, c.status]);
    expect(outcomes.sort()).toEqual([
      ['command:bad', 1, 'failed'],
      ['command:good', 1, 'passed'],
    ]);
    expect(readdirSync(join(dir, 'out', 'skill-creator')).sort()).toEqual(['command-bad', 'command-good']);
  });

  it('refuses the same engine twice with the same model, naming it, and runs nothing', async () => {
    const { code, err } = await run('command:good', 'command:good');
    expect(code).toBe(2);
    expect(err).toContain('The engine command:good is given more than once with the same model.');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
