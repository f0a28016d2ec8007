import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

/** What Skillet's own `load_evals` makes of one file: the eval (and how it turns its fields into text), or why not. */
export type SkilletReading =
  | {
      ok: true;
      eval: Record<string, unknown>;
      text: { name?: string; prompt?: string | string[]; expected?: string };
      /** The Python type of what Skillet hands on: `str`, `bool`, `int`, `NoneType`, `list`… */
      types: { name: string; expected: string; prompt: string | string[]; values: string[] };
    }
  | { ok: false; error: string };

const VENDOR = fileURLToPath(new URL('../../vendor/skillet-63b6e11', import.meta.url));
const DRIVER = fileURLToPath(new URL('./skillet-load-evals.py', import.meta.url));

/**
 * Why Skillet's loader cannot run here (no python3, or no PyYAML), naming the script that installs it; undefined when
 * it can.
 */
export function skilletLoaderMissing(): string | undefined {
  const probe = spawnSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' });
  return probe.status === 0
    ? undefined
    : "python3 with PyYAML is missing (Skillet's loader needs it): run bash scripts/setup-system.sh (it installs python3-yaml), as CI does";
}

/**
 * Skillet's own loader (vendor/skillet-63b6e11, Skillet at 63b6e11, PyYAML's `safe_load`) on each of `files`, in one
 * python3 process; its readings in the same order.
 */
export async function skilletReadings(files: readonly string[]): Promise<SkilletReading[]> {
  const { stdout } = await execa('python3', [DRIVER, VENDOR], { input: JSON.stringify(files), timeout: 60_000 });
  return JSON.parse(stdout) as SkilletReading[];
}
