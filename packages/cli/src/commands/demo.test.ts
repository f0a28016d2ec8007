import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

describe('skill-eval demo', () => {
  it('runs the shipped example skills offline, judge included, with no key in the environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-eval-demo-'));
    try {
      const io = captureIO(dir, { PATH: process.env.PATH });
      const code = await main(['demo', '--out', join(dir, 'run')], io);
      expect(io.err()).toBe('');
      expect(code).toBe(0);
      expect(io.out()).toMatch(/^The demo: 2 example skills on the anthropic engine, judged by anthropic/);
      const results = readFileSync(join(dir, 'run', 'results.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(results.length).toBeGreaterThan(2);
      expect(results.every((r) => r.status === 'passed' && r.engine === 'anthropic')).toBe(true);
      // The rubric criteria went to the (fake) judge.
      expect(results.some((r) => r.judge?.engine === 'anthropic')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
