import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

describe('skill-eval report on a run that did not finish (no summary.json)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-report-'));
    writeFileSync(join(dir, 'results.jsonl'), '');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('--html exits 2 saying how to finish the run, and writes nothing', async () => {
    const io = captureIO(dir);
    expect(await main(['report', '.', '--html', '--junit'], io)).toBe(2);
    expect(io.err()).toContain('error: . has no summary.json: the run did not finish.');
    expect(io.err()).toContain('hint: Finish it with `skill-eval run --resume <run-dir>`');
    expect(existsSync(join(dir, 'junit.xml'))).toBe(false);
  });

  it('with no output named, writes every other output and says why there is no HTML report', async () => {
    const io = captureIO(dir);
    expect(await main(['report', '.'], io)).toBe(0);
    expect(io.out()).toContain('junit.xml');
    expect(existsSync(join(dir, 'junit.xml'))).toBe(true);
    expect(existsSync(join(dir, 'report.html'))).toBe(false);
    expect(io.err()).toBe(
      'No HTML report: . has no summary.json: the run did not finish. Finish it with `skill-eval run --resume <run-dir>`, then run `skill-eval report` again.\n',
    );
  });
});

describe('skill-eval report --pr-comment', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-report-'));
    writeFileSync(join(dir, 'results.jsonl'), '');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes pr-comment.md (only that) and names it', async () => {
    const io = captureIO(dir);
    expect(await main(['report', '.', '--pr-comment', '--report-url', 'https://ci.example/runs/1'], io)).toBe(0);
    expect(io.out()).toBe('pr-comment.md\n');
    expect(readFileSync(join(dir, 'pr-comment.md'), 'utf8')).toMatch(
      /^<!-- skill-eval:pr-comment -->\n[\s\S]*\(https:\/\/ci\.example\/runs\/1\)\n$/,
    );
    expect(existsSync(join(dir, 'junit.xml'))).toBe(false);
  });

  it.each([
    [['--base', 'other'], '--base and --report-url shape the pull-request comment: give --pr-comment too.'],
    [['--pr-comment', '--report-url', 'javascript:alert(1)'], 'is not an http(s) URL'],
  ])('refuses %j, saying why, and writes nothing', async (args, message) => {
    const io = captureIO(dir);
    expect(await main(['report', '.', ...args], io)).toBe(2);
    expect(io.err()).toContain(message);
    expect(existsSync(join(dir, 'pr-comment.md'))).toBe(false);
  });
});
