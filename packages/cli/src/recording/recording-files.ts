import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';

/** The recording files of a recorded run directory; a directory without any cannot be replayed. */
export async function recordingFiles(runDir: string): Promise<string[]> {
  const dir = join(runDir, 'recordings');
  const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json'));
  if (files.length === 0) {
    throw new SkillEvalError('USAGE', `${runDir} holds no recordings, so it cannot be replayed.`, {
      hint: 'Record a run first: skill-eval run --record --out <dir> …, then skill-eval run --replay <dir>.',
    });
  }
  return files.map((name) => join(dir, name));
}
