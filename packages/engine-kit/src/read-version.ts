import { SkillEvalError } from '@skill-eval/core';

const VERSION = /(\d+\.\d+\.\d+(?:[-+][\w.]+)?)/;

/** Runs `<binary> --version` and returns the first semver in its output (`codex-cli 0.169.0` → `0.169.0`). */
export async function readVersion(binary: string, installHint: string): Promise<string> {
  // Imported on use: execa is a hundred modules, and most runs never ask a binary for its version.
  const { execa } = await import('execa');
  const result = await execa(binary, ['--version'], { reject: false, stdin: 'ignore', timeout: 30_000 });
  const match = VERSION.exec(result.stdout ?? '');
  if (result.exitCode === 0 && match) return match[1]!;
  const detail = (result.stderr || result.stdout || result.shortMessage || '').trim().slice(-500);
  throw new SkillEvalError('ENGINE_NOT_FOUND', `\`${binary} --version\` failed: ${detail}`, { hint: installHint });
}
