import { execFile } from 'node:child_process';

/**
 * Hooks and fsmonitor never run on our side, whatever a config says, and git never waits for a password: the calls
 * through here only read the repository (or write outside it, into a temporary index and folder).
 */
const SAFE = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'core.quotePath=false'];

/** What a git call gave: its output, or why it failed (`missing` when git is not installed). */
export type GitResult = { ok: true; stdout: string } | { ok: false; missing: boolean; stderr: string };

/** Runs `git <args>` in `cwd` with the safe settings; never throws. */
export function readOnlyGit(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<GitResult> {
  return new Promise((done) => {
    execFile(
      'git',
      [...SAFE, ...args],
      { cwd, env: { ...env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return done({ ok: true, stdout });
        done({ ok: false, missing: (error as NodeJS.ErrnoException).code === 'ENOENT', stderr: String(stderr) });
      },
    );
  });
}
