import { execFileSync } from 'node:child_process';

/** An environment in which git reads no system or user config and commits as a test author. */
export const GIT_TEST_ENV = {
  PATH: process.env.PATH,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
};

/** Runs git in the folder `dir()` names at the call (a test's fresh repository), returning its trimmed output. */
export const gitIn =
  (dir: () => string) =>
  (...args: string[]): string =>
    execFileSync('git', args, { cwd: dir(), env: GIT_TEST_ENV, encoding: 'utf8' }).trim();
