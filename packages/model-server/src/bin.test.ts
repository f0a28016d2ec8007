import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const bin = join(packageDir, 'dist', 'bin.js');
let dir: string;
let child: ChildProcess | undefined;

/** Builds dist when it is missing or older than a source file, so the test runs the current code. */
async function ensureBuilt(): Promise<void> {
  const src = join(packageDir, 'src');
  const newest = Math.max(...(await readdir(src)).map((file) => statSync(join(src, file)).mtimeMs));
  if (existsSync(bin) && statSync(bin).mtimeMs >= newest) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'inherit' });
}

beforeAll(async () => {
  await ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'fake-bin-'));
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('skill-eval-fake-model', () => {
  it('prints its URL, answers from merged scripts, logs to stderr and exits 0 on SIGTERM', async () => {
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    await writeFile(
      a,
      JSON.stringify({ conversations: [{ id: 'a', match: { user: 'first' }, responses: [{ text: 'from a' }] }] }),
    );
    await writeFile(b, JSON.stringify({ fallback: { text: 'from b' } }));
    child = spawn(process.execPath, [bin, '--script', a, '--script', b, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child!.stdout! }).once('line', resolve);
      child!.once('exit', () => reject(new Error(`bin exited early: ${stderr}`)));
    });
    const { url } = JSON.parse(line) as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const post = async (content: string) => {
      const res = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] }),
      });
      return ((await res.json()) as { choices: [{ message: { content: string } }] }).choices[0].message.content;
    };
    expect(await post('first')).toBe('from a');
    expect(await post('second')).toBe('from b');

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('POST /v1/chat/completions a#0 → 200');
  }, 60_000);

  it('exits 2 with a clear message for a bad script', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ conversations: [{ id: 'x', responses: [] }] }));
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const proc = spawn(process.execPath, [bin, '--script', bad], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      proc.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      proc.once('exit', (code) => resolve({ code, stderr }));
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('conversations.0.responses');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});
