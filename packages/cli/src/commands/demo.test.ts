import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

describe('skill-eval demo', () => {
  it('runs the shipped example skills offline, judge included, with no key in the environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-eval-demo-'));
    try {
      const io = captureIO(dir, { PATH: process.env.PATH });
      const code = await main(['demo', '--out', join(dir, 'run')], io);
      // Discovery's notes (info) may appear; nothing may go wrong.
      expect(io.err()).not.toMatch(/: (error|warning): /);
      expect(code).toBe(0);
      // Every shipped example with a fake model script (copied from the repository's examples/ at build).
      const examples = fileURLToPath(new URL('../../examples', import.meta.url));
      const scripted = readdirSync(examples).filter((name) =>
        existsSync(join(examples, name, 'evals', 'fake-model.json')),
      );
      expect(scripted.length).toBeGreaterThan(1);
      expect(io.out()).toMatch(
        new RegExp(`^The demo: ${scripted.length} example skills on the anthropic engine, judged by anthropic`),
      );
      const results = readFileSync(join(dir, 'run', 'results.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(results.length).toBeGreaterThanOrEqual(scripted.length);
      expect(results.every((r) => r.status === 'passed' && r.engine === 'anthropic')).toBe(true);
      // The rubric criteria went to the (fake) judge.
      expect(results.some((r) => r.judge?.engine === 'anthropic')).toBe(true);
      // The costs it prints are said to be uncharged, once, after the results; and the HTML report is there.
      const out = io.out();
      expect(out.indexOf('Nothing was charged: the fake model answered every call.')).toBeGreaterThan(
        out.indexOf('Cost $'),
      );
      expect(out.match(/^Results: /gm)).toHaveLength(1);
      expect(out).toContain(`HTML report: ${join('run', 'report.html')} (open it in a browser).`);
      expect(readFileSync(join(dir, 'run', 'report.html'), 'utf8')).toContain('<title>skill-eval report');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Eight runs, their judge calls and the HTML report: seconds alone, more on a loaded machine.
  }, 60_000);
});
