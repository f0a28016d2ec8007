import { join } from 'node:path';
import { SkillEvalError, type WorkspaceSpec } from '@skill-eval/core';
import { repositoryRisks } from './fixture-repository.js';

/** The git steps of a workspace spec. */
export type GitSteps = NonNullable<WorkspaceSpec['git']>;

/**
 * Settings on every call: hooks and fsmonitor never run on our side, whatever a config says, and git must never wait
 * for a password. A fixture repository's config can name other programs (filters, drivers) under names of its own,
 * which no `-c` can cover: without --trust such a repository is refused before git touches it.
 */
const SAFE = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false'];

/** Neither the machine's nor the user's git config: the workspace's git sees its own repository alone. */
const CLEAN_CONFIG = { GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

/** What git needs from the run: its environment, and whether the user trusts the eval file's repositories. */
export interface GitOptions {
  env: Record<string, string>;
  /** --trust: a fixture repository's own config (filters, drivers, includes) is honoured. */
  trust: boolean;
}

async function git(ws: string, args: string[], env: Record<string, string>): Promise<{ ok: boolean; out: string }> {
  // Imported on use: most runs have no git steps, and execa is a hundred modules to load at start-up.
  const { execa } = await import('execa');
  const result = await execa('git', [...SAFE, ...args], {
    cwd: ws,
    env: { ...env, ...CLEAN_CONFIG },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    all: true,
  });
  if (result.failed && result.exitCode === undefined) {
    throw new SkillEvalError('WORKSPACE_FAILED', `Cannot run git: ${result.shortMessage}`, {
      hint: 'Install git, or remove context.git from the case.',
    });
  }
  return { ok: result.exitCode === 0, out: String(result.all ?? '').trim() };
}

async function must(ws: string, args: string[], env: Record<string, string>, what: string): Promise<void> {
  const result = await git(ws, args, env);
  if (!result.ok) throw new SkillEvalError('WORKSPACE_FAILED', `${what} failed: ${result.out || 'no output'}`);
}

/** An option-looking or multi-line value is refused before it reaches git's command line. */
function checkValue(value: string, what: string): void {
  if (value === '' || value.startsWith('-') || /[\0\r\n]/.test(value)) {
    throw new SkillEvalError('WORKSPACE_FAILED', `git ${what} ${JSON.stringify(value)} is not usable.`, {
      hint: 'Names and URLs may not be empty, start with "-" or hold line breaks.',
    });
  }
}

/**
 * Refuses, without --trust, a repository the fixtures brought whose config, hooks or links would make git run a
 * program or reach outside the workspace (the CLI refuses it before the run; this is the runner's own guard).
 */
async function assertSafeRepository(ws: string, trust: boolean): Promise<void> {
  if (trust) return;
  const risks = await repositoryRisks(join(ws, '.git'), ws);
  if (risks.length === 0) return;
  throw new SkillEvalError(
    'UNTRUSTED',
    `The workspace's git repository comes from the eval file's fixtures, and ${risks.map((r) => `${r.file.slice(ws.length + 1)} ${r.what}`).join('; ')}: git runs it only with --trust.`,
    { hint: 'Read the repository first, then pass --trust; or remove those settings from the fixture.' },
  );
}

/**
 * skill-up's steps before the inline files: `git init` (with a local identity, so the agent can commit),
 * the remotes, then the branch: switched to, or created when the repository has no commit yet. A branch
 * missing from a repository that has commits is an error, not silently created from the wrong HEAD.
 */
export async function gitPrepare(ws: string, steps: GitSteps, { env, trust }: GitOptions): Promise<void> {
  await assertSafeRepository(ws, trust);
  if (steps.init) {
    await must(ws, ['init', '-q'], env, 'git init');
    await must(ws, ['config', 'user.name', 'skill-eval'], env, 'git config');
    await must(ws, ['config', 'user.email', 'skill-eval@example.invalid'], env, 'git config');
  }
  for (const remote of steps.remotes) {
    checkValue(remote.name, 'remote name');
    checkValue(remote.url, 'remote url');
    await must(ws, ['remote', 'add', remote.name, remote.url], env, `git remote add ${remote.name}`);
  }
  if (steps.checkout !== undefined) {
    const branch = steps.checkout;
    checkValue(branch, 'branch');
    if ((await git(ws, ['switch', '-q', branch], env)).ok) return;
    const hasCommit = (await git(ws, ['rev-parse', '--verify', '--quiet', 'HEAD'], env)).ok;
    if (hasCommit) {
      throw new SkillEvalError('WORKSPACE_FAILED', `git checkout: branch ${branch} does not exist in the repository.`, {
        hint: 'Create the branch in the repo_fixture, or fix context.git.checkout.',
      });
    }
    await must(ws, ['switch', '-q', '-c', branch], env, `git switch -c ${branch}`);
  }
}

/** Applies the case's diff with `git apply`, after the inline files (skill-up's order). */
export async function gitApplyDiff(ws: string, diff: string, { env, trust }: GitOptions): Promise<void> {
  await assertSafeRepository(ws, trust);
  await must(ws, ['apply', '--', diff], env, `git apply ${diff}`);
}
