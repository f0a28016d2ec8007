import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

// As if @skill-eval/report-html were not installed next to skill-eval.
vi.mock('../run/html-report.js', async (original) => ({
  ...(await original<typeof import('../run/html-report.js')>()),
  loadHtmlReport: async () => undefined,
}));

describe('skill-eval report without @skill-eval/report-html', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('--html fails with exit 2 and says which package to install; the other outputs still work', async () => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-report-'));
    writeFileSync(join(dir, 'results.jsonl'), '');
    const io = captureIO(dir);
    expect(await main(['report', '.', '--html'], io)).toBe(2);
    expect(io.err()).toContain('error: The HTML report needs the package @skill-eval/report-html');
    expect(io.err()).toContain('hint: Install @skill-eval/report-html');

    const all = captureIO(dir);
    expect(await main(['report', '.'], all)).toBe(0);
    expect(all.out()).toContain('junit.xml');
    expect(all.err()).toBe('No HTML report: install @skill-eval/report-html to get one.\n');
  });
});
