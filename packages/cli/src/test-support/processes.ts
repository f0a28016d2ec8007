import { readdirSync, readFileSync } from 'node:fs';

/** Pids of live processes whose environment holds `NAME=value` (Linux /proc). */
export function processesWithEnv(name: string, value: string): number[] {
  const needle = `${name}=${value}`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
      if (environ.split('\0').includes(needle)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked, or is not ours to read
    }
  }
  return pids;
}
