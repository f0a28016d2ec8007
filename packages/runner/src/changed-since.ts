import { resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { readOnlyGit } from './read-only-git.js';

/** The files changed since a git ref, as `--changed <ref>` compares them. */
export interface ChangedFiles {
  /** The ref as given. */
  ref: string;
  /** The commit the comparison starts from: where the ref and HEAD diverged. */
  since: string;
  /** Absolute paths of the files added, changed, deleted or renamed (both names) since then, and of untracked files. */
  files: ReadonlySet<string>;
}

/**
 * The files changed in the repository holding `cwd` since `ref`, as changesets' `getChangedFilesSince` finds them
 * (changesets/changesets packages/git/src/index.ts): from the merge base of the ref and HEAD — so that a branch behind
 * its base does not count the base's newer commits as its own changes — to the working tree, plus untracked files that
 * are not ignored. Committed, staged and unstaged changes all count: a user running it before a commit sees what CI
 * will see after it.
 */
export async function changedFilesSince(ref: string, cwd: string, env: NodeJS.ProcessEnv): Promise<ChangedFiles> {
  if (ref === '' || ref.startsWith('-') || /[\0\r\n]/.test(ref)) {
    throw new SkillEvalError('USAGE', `--changed ${JSON.stringify(ref)} is not a git ref.`, {
      hint: 'Name a branch, tag or commit, such as origin/main or HEAD~1.',
    });
  }
  const top = (await git(['rev-parse', '--show-toplevel'], cwd, env, ref)).trim();
  const commit = (
    await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], top, env, ref)
  ).trim();
  const since = (await git(['merge-base', commit, 'HEAD'], top, env, ref)).trim();
  const changed = await git(['diff', '--name-only', '--no-renames', '-z', since, '--'], top, env, ref);
  const untracked = await git(['ls-files', '--others', '--exclude-standard', '-z'], top, env, ref);
  const files = new Set(
    [...changed.split('\0'), ...untracked.split('\0')].filter((path) => path !== '').map((path) => resolve(top, path)),
  );
  return { ref, since, files };
}

/** Runs git, or says why it could not in the words of `--changed`. */
async function git(args: string[], cwd: string, env: NodeJS.ProcessEnv, ref: string): Promise<string> {
  const result = await readOnlyGit(args, cwd, env);
  if (result.ok) return result.stdout;
  if (result.missing) {
    throw new SkillEvalError('USAGE', '--changed needs git, which is not installed.', {
      hint: 'Install git, or run without --changed.',
    });
  }
  throw changedError(args, result.stderr, ref, cwd);
}

function changedError(args: string[], stderr: string, ref: string, cwd: string): SkillEvalError {
  const said = stderr.trim().split('\n')[0] ?? '';
  if (args.includes('--show-toplevel')) {
    return new SkillEvalError('USAGE', `--changed ${ref}: ${cwd} is not in a git repository (${said}).`, {
      hint: 'Run skill-eval from inside the repository, or run without --changed.',
    });
  }
  if (args.includes('--verify')) {
    return new SkillEvalError('USAGE', `--changed ${ref}: the repository has no commit of that name.`, {
      hint: 'Fetch it first (in CI: a checkout with enough history, such as fetch-depth: 0), or name another ref.',
    });
  }
  if (args[0] === 'merge-base') {
    return new SkillEvalError('USAGE', `--changed ${ref}: ${ref} and HEAD have no commit in common.`, {
      hint: 'Fetch more history (a shallow clone may lack their merge base), or name another ref.',
    });
  }
  return new SkillEvalError('USAGE', `--changed ${ref}: git ${args[0]} failed: ${said || 'no output'}`);
}
