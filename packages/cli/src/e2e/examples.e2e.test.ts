import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFakeScript, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { REPO_ROOT } from '../test-support/paths.js';
import { readResults } from '../test-support/run-output.js';

/** Each example skill of examples/ and the format its eval file is written in: one example per bundled format. */
const EXAMPLES: Record<string, string> = {
  'pirate-greeting': 'evals-json',
  'csv-summary': 'evals-json',
  'unit-converter': 'triggers-json',
  'skill-routing': 'triggers-json',
  'changelog-version': 'skill-up',
  'release-notes': 'eval-md',
  'commit-message': 'skillet',
  'word-count': 'skill-up',
  'json-extract': 'agentv',
  'ticket-triage': 'claude-plugin-eval',
};
const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

/** The run flags an example's demo run adds (`evals/demo-flags.json`, e.g. `--baseline`), as run-demo.mjs reads them. */
const demoFlags = (name: string): string[] => {
  const file = join(EXAMPLES_DIR, name, 'evals', 'demo-flags.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
};

/**
 * Every example runs offline as `pnpm demo` runs it: the real CLI, the anthropic engine and judge, and the
 * example's own fake-model script answering on 127.0.0.1. Each must pass every case, read by its own format.
 */
describe('the examples', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-examples-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cover every bundled format, and every example with a fake-model script is listed here', async () => {
    const io = captureIO(REPO_ROOT, { PATH: process.env.PATH });
    expect(await main(['list', '--json', 'examples'], io)).toBe(0);
    const suites = (JSON.parse(io.out()) as { suites: { format: string }[] }).suites;
    expect(new Set(suites.map((s) => s.format))).toEqual(
      new Set(['evals-json', 'triggers-json', 'eval-md', 'skillet', 'skill-up', 'agentv', 'claude-plugin-eval']),
    );
    const scripted = readdirSync(EXAMPLES_DIR).filter((name) =>
      existsSync(join(EXAMPLES_DIR, name, 'evals', 'fake-model.json')),
    );
    expect(scripted.sort()).toEqual(Object.keys(EXAMPLES).sort());
  }, 60_000);

  it.concurrent.each(Object.entries(EXAMPLES))(
    '%s (%s) passes every case offline',
    async (name, format) => {
      const server = await startFakeModelServer(
        await loadFakeScript(join(EXAMPLES_DIR, name, 'evals', 'fake-model.json')),
      );
      try {
        const out = join(dir, name);
        const io = captureIO(REPO_ROOT, {
          PATH: process.env.PATH,
          ANTHROPIC_BASE_URL: server.url,
          ANTHROPIC_API_KEY: 'offline-example',
        });
        const listed = captureIO(REPO_ROOT, { PATH: process.env.PATH });
        expect(await main(['list', '--json', join('examples', name)], listed)).toBe(0);
        const formats = JSON.parse(listed.out()).suites.map((s: { format: string }) => s.format);
        expect([...new Set(formats)]).toEqual([format]);

        const args = [
          'run',
          join('examples', name),
          ...demoFlags(name),
          '--engine',
          'anthropic',
          '--judge',
          'anthropic',
        ];
        const code = await main([...args, '--no-cache', '--quiet', '--out', out], io);
        expect(io.err()).not.toMatch(/error/i);
        expect(code).toBe(0);
        const results = readResults(out);
        expect(results.length).toBeGreaterThan(0);
        expect(results.filter((r) => r.status !== 'passed').map((r) => `${r.caseId}: ${r.status}`)).toEqual([]);
        if (name === 'changelog-version') {
          // Against its older version the skill passes alike in fewer turns and tokens: the verdict the demo shows.
          const { benchmark } = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
          expect(benchmark.against).toBe('baseline');
          expect(benchmark.overall.delta.passRate).toBe(0);
          expect(benchmark.overall.delta.turns).toBe(-1);
          expect(benchmark.overall.delta.toolCalls).toBe(-1);
          expect(benchmark.overall.delta.tokens).toBeLessThan(0);
        }
      } finally {
        await server.close();
      }
    },
    60_000,
  );
});
