import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The environment of a `claude plugin eval` run below `dir` against the fake model server at `url`: a HOME and a temp
 * folder of its own in `dir` (claude keeps a folder per working directory, and a socket, in its temp folder: removed
 * with `dir`), both made here, and a fake key.
 */
export function claudeEvalEnv(dir: string, url: string): Record<string, string | undefined> {
  const env = {
    PATH: process.env.PATH,
    HOME: join(dir, 'home'),
    TMPDIR: join(dir, 'tmp'),
    ANTHROPIC_API_KEY: 'sk-ant-fake-differential-key',
    ANTHROPIC_BASE_URL: url,
  };
  mkdirSync(env.HOME, { recursive: true });
  mkdirSync(env.TMPDIR, { recursive: true });
  return env;
}
