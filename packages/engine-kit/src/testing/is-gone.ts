import { existsSync, readFileSync } from 'node:fs';

/** True when the process no longer runs (absent, or a zombie nobody reaped yet). Reads Linux's /proc. */
export function isGone(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  try {
    const state = readFileSync(stat, 'utf8').replace(/^.*\) /s, '')[0];
    return state === 'Z' || state === 'X';
  } catch {
    return true;
  }
}
