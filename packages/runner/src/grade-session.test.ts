import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSuites } from './run-suites.js';
import { completed, fakeEngine } from './test-support/fake-engine.js';
import { makeCase, makeSuite, tempDir } from './test-support/fixtures.js';

describe('gradeSession', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    await mkdir(join(dir, 'tmp'));
    process.on('warning', onWarning);
  });
  afterEach(async () => {
    process.off('warning', onWarning);
    await cleanup();
  });

  it("grades a case of a dozen checks, each listening to the execution's deadline, without Node's leak warning", async () => {
    const checks = Array.from({ length: 12 }, (_, i) => ({ type: 'regex' as const, value: `do${'n?'.repeat(i)}n` }));
    const { engine } = fakeEngine(async () => completed('done'));
    const { results } = await runSuites({
      suites: [makeSuite('s.json', [makeCase({ id: 'a', checks })])],
      engines: [{ id: 'fake', engine }],
      outDir: join(dir, 'out'),
      env: { PATH: process.env.PATH },
      tempDir: join(dir, 'tmp'),
      concurrency: 1,
    });
    expect(results[0]?.checks).toHaveLength(12);
    expect(results[0]?.status).toBe('passed');
    // Node emits its warnings on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });
});
