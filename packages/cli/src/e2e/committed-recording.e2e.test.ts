import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_BIN, REPO_ROOT } from '../test-support/paths.js';
import { readResults } from '../test-support/run-output.js';

/**
 * The recording the repository's CI replays through the GitHub Action (`.github/workflows/ci.yml`): it must replay
 * to its verdict in any checkout, with no key and no network. When the example or the harness changes what it sends,
 * this fails: record it again as examples/README.md says.
 */
describe('the committed recording of examples/json-extract', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('replays offline, with no key, to every case passing (the built CLI, as the action runs it)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-committed-'));
    // A checkout elsewhere: the recording finds its eval files relative to where it sits.
    cpSync(join(REPO_ROOT, 'examples', 'json-extract'), join(dir, 'examples', 'json-extract'), { recursive: true });
    const args = [CLI_BIN, 'run', '--replay', 'examples/json-extract/recorded-run', '--out', 'out'];
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((done) =>
      execFile(process.execPath, args, { cwd: dir, env: { PATH: process.env.PATH } }, (error, _out, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      ),
    );
    expect(code, stderr).toBe(0);
    const results = readResults(join(dir, 'out'));
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 'passed')).toBe(true);
  });
});
