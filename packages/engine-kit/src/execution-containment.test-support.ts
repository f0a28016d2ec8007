import { readFileSync } from 'node:fs';
import type { Containment } from './execution-containment.js';
import { launchProcess } from './process-launcher.js';

/** Alive and not a zombie waiting for its parent. */
export const alive = (pid: number) => {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * Runs `script` with sh through the process launcher, as a program of `containment`'s execution, and resolves to the
 * pids it printed (processes it left behind) once it has exited.
 */
export function leftBehind(containment: Containment, script: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    let out = '';
    launchProcess(
      {
        file: 'sh',
        args: ['-c', script],
        cwd: '/',
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...containment.env },
      },
      {
        pid: () => {},
        error: (message) => reject(new Error(message)),
        stdout: (text) => {
          out += text;
        },
        stderr: () => {},
        exit: () => {},
        close: () => resolve(out.split(/\s+/).filter(Boolean).map(Number)),
      },
    );
  });
}
