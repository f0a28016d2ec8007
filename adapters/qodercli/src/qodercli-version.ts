import { SkillEvalError } from '@skill-eval/core';
import { execa } from 'execa';
import { INSTALL_HINT } from './install-hint.js';

/** Runs `qodercli --version` and returns the bare version (`1.1.52`). */
export async function readQodercliVersion(binary: string): Promise<string> {
  const result = await execa(binary, ['--version'], { reject: false, stdin: 'ignore', timeout: 30_000 });
  const match = /(\d+\.\d+\.\d+(?:[-+][\w.]+)?)/.exec(result.stdout ?? '');
  if (result.exitCode === 0 && match) return match[1]!;
  const detail = (result.stderr || result.stdout || result.shortMessage || '').trim().slice(-500);
  throw new SkillEvalError('ENGINE_NOT_FOUND', `\`${binary} --version\` failed: ${detail}`, { hint: INSTALL_HINT });
}
