import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { SkillEvalError, type SkillRef } from '@skill-eval/core';
import { readOnlyGit } from './read-only-git.js';

/** The skill as it was at a ref, in a temporary folder, and how to remove it. */
export interface SkillAtRef {
  skill: SkillRef;
  /** The commit the ref named. */
  commit: string;
  remove(): void;
}

/**
 * `--baseline git:<ref>`: the skill folder `skill.dir` as it was at `ref`, checked out into a temporary folder through
 * a temporary index (`read-tree` of the folder's tree, `checkout-index` into the folder): the repository's own index,
 * working tree and HEAD are never touched. The baseline keeps the skill's name, so the agent sees the same skill and
 * only its content differs.
 */
export async function skillAtRef(ref: string, skill: SkillRef, env: NodeJS.ProcessEnv): Promise<SkillAtRef> {
  const flag = `--baseline git:${ref}`;
  if (ref === '' || ref.startsWith('-') || /[\0\r\n]/.test(ref)) {
    throw new SkillEvalError('USAGE', `${flag}: that is not a git ref.`, {
      hint: 'Name a branch, tag or commit, such as git:origin/main or git:HEAD~1.',
    });
  }
  const git = async (args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}) => {
    const result = await readOnlyGit(args, cwd, { ...env, ...extra });
    if (result.ok) return result.stdout.trim();
    throw new SkillEvalError(
      'USAGE',
      `${flag}: ${result.missing ? 'git is not installed' : firstLine(result.stderr)}.`,
      {
        hint: result.missing ? 'Install git, or give --baseline a folder.' : 'Fetch the ref first, or name another.',
      },
    );
  };
  const top = await git(['rev-parse', '--show-toplevel'], skill.dir);
  const commit = await git(['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`], top);
  const path = relative(top, skill.dir).split(sep).join('/');
  const listed = await readOnlyGit(['cat-file', '-e', `${commit}:${path ? `${path}/` : ''}SKILL.md`], top, env);
  if (!listed.ok) {
    throw new SkillEvalError('USAGE', `${flag}: the skill ${skill.name} had no ${path || '.'}/SKILL.md at ${ref}.`, {
      hint: 'A new skill has nothing to compare with: use --benchmark (with and without it) instead.',
    });
  }
  const folder = mkdtempSync(join(tmpdir(), 'skill-eval-baseline-'));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    const index = { GIT_INDEX_FILE: join(folder, 'index') };
    await git(['read-tree', `${commit}:${path}`], top, index);
    const dir = join(folder, skill.name);
    await git(['checkout-index', '--all', `--prefix=${dir}${sep}`], top, index);
    rmSync(index.GIT_INDEX_FILE, { force: true });
    if (!existsSync(join(dir, 'SKILL.md'))) throw new Error(`no SKILL.md was checked out into ${dir}`);
    return { skill: { name: skill.name, dir }, commit, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

const firstLine = (text: string) =>
  text
    .trim()
    .split('\n')[0]
    ?.replace(/^fatal: /, '') || 'git failed';
