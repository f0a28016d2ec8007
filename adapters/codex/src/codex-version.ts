import { SkillEvalError } from '@skill-eval/core';
import { execa } from 'execa';
import { INSTALL_HINT } from './install-hint.js';

/** Runs `codex --version` (`codex-cli 0.169.0`) and returns the bare version. */
export async function readCodexVersion(binary: string): Promise<string> {
  const result = await execa(binary, ['--version'], { reject: false, stdin: 'ignore', timeout: 30_000 });
  const match = /(\d+\.\d+\.\d+(?:[-+][\w.]+)?)/.exec(result.stdout ?? '');
  if (result.exitCode === 0 && match) return match[1]!;
  const detail = (result.stderr || result.stdout || result.shortMessage || '').trim().slice(-500);
  throw new SkillEvalError('ENGINE_NOT_FOUND', `\`${binary} --version\` failed: ${detail}`, { hint: INSTALL_HINT });
}
