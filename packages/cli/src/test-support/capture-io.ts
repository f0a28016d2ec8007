import { PassThrough } from 'node:stream';
import type { CommandIO } from '../io/io.js';

export interface CapturedIO extends CommandIO {
  out(): string;
  err(): string;
}

/** A CommandIO whose output is kept in memory (not a TTY, so the console reporter prints plain lines). */
export function captureIO(cwd: string, env: Record<string, string | undefined> = {}): CapturedIO {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return { cwd, env: { CI: '1', ...env }, stdout, stderr, out: () => out, err: () => err };
}
