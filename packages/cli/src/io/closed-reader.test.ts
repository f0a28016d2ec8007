import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCommandAgentSkill } from '../test-support/command-agent-skill.js';
import { CLI_BIN } from '../test-support/paths.js';

/** Runs the CLI with its stdout read by nobody (`skill-eval … | head -0`): the reader is gone before it writes. */
function runWithClosedStdout(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('a reader that goes away', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-closed-reader-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('neither crashes a run nor cuts it short: it finishes and writes its summary', async () => {
    const args = writeCommandAgentSkill(dir);
    const { code, stderr } = await runWithClosedStdout(['run', ...args, '-o', 'out'], dir);
    expect(stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    expect(code).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, 'out', 'summary.json'), 'utf8'));
    const results = readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(summary.totals.executions).toBe(results.length);
    expect(summary.totals.passed).toBe(results.length);
    expect(existsSync(join(dir, 'out', 'junit.xml'))).toBe(true);
  }, 30_000);

  it('leaves list with its own exit status and no stack trace', async () => {
    writeCommandAgentSkill(dir);
    const { code, stderr } = await runWithClosedStdout(['list', 'skill'], dir);
    expect(stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    expect(code).toBe(0);
  }, 30_000);
});
