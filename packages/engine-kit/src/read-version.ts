import { SkillEvalError } from '@skill-eval/core';
import { installedPackageVersion } from './package-version.js';

const VERSION = /(\d+\.\d+\.\d+(?:[-+][\w.]+)?)/;

/**
 * The version of `binary`: its npm package's, when `npmPackage` is given and `binary` is one of that package's bins
 * as npm or pnpm installed it; else the first semver that `<binary> --version` prints (`codex-cli 0.169.0` →
 * `0.169.0`).
 */
export async function readVersion(binary: string, installHint: string, npmPackage?: string): Promise<string> {
  const installed = npmPackage ? installedPackageVersion(binary, npmPackage) : undefined;
  if (installed) return installed;
  // Imported on use: execa is a hundred modules, and most runs never ask a binary for its version.
  const { execa } = await import('execa');
  const result = await execa(binary, ['--version'], { reject: false, stdin: 'ignore', timeout: 30_000 });
  const match = VERSION.exec(result.stdout ?? '');
  if (result.exitCode === 0 && match) return match[1]!;
  const detail = (result.stderr || result.stdout || result.shortMessage || '').trim().slice(-500);
  throw new SkillEvalError('ENGINE_NOT_FOUND', `\`${binary} --version\` failed: ${detail}`, { hint: installHint });
}
