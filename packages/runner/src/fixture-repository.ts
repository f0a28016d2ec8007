// fs.promises, not node:fs/promises: the CLI's bundle loads Node's promise API only when it is first used (list
// and validate never do).
import { type Dirent, promises as fsPromises } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { riskyGitSetting } from './git-config-risks.js';

/** One reason a repository inside a fixture would make git run a program or reach outside the fixture. */
export interface RepositoryRisk {
  /** The file that says so (a config file, a hook, the `.git` link). */
  file: string;
  /** What it does, naming the setting: `filter.lfs.smudge runs a program on checkout, status and add`. */
  what: string;
}

/** Directories never worth searching for repositories: a repository's own metadata is read by {@link repositoryRisks}. */
const NOT_SEARCHED = new Set(['.git']);

/** Every `.git` (folder, file or link) at any depth of `tree`, which may itself be one. */
export async function findGitEntries(tree: string): Promise<string[]> {
  if (basename(tree) === '.git') return [tree];
  const found: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await fsPromises.readdir(dir, { withFileTypes: true });
    } catch {
      return; // a file, or unreadable: staging reports what it cannot copy
    }
    await Promise.all(
      entries.map(async (entry) => {
        const path = join(dir, entry.name);
        if (entry.name === '.git') found.push(path);
        else if (entry.isDirectory() && !NOT_SEARCHED.has(entry.name)) await visit(path);
      }),
    );
  };
  await visit(tree);
  return found.sort();
}

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * What in the repository at `gitEntry` (a `.git` folder, or a `.git` file pointing at one) would run a program, pull
 * in other config or reach outside `root`: risky settings of its config files, live hooks, alternates, and links to
 * repositories elsewhere — also in its worktrees' and submodules' metadata. Empty when there is nothing.
 */
export async function repositoryRisks(gitEntry: string, root: string): Promise<RepositoryRisk[]> {
  const stat = await fsPromises.lstat(gitEntry).catch(() => undefined);
  if (!stat) return [];
  if (stat.isSymbolicLink()) {
    const target = await fsPromises.realpath(gitEntry).catch(() => undefined);
    const realRoot = await fsPromises.realpath(root).catch(() => root);
    if (target && inside(realRoot, target)) return [];
    return [{ file: gitEntry, what: 'is a link to a repository outside the fixture' }];
  }
  if (stat.isFile()) return gitFileRisks(gitEntry, root);
  return stat.isDirectory() ? gitDirRisks(gitEntry, root) : [];
}

/** A `.git` file (`gitdir: <path>`, as worktrees and submodules have) is safe only while it points inside `root`. */
async function gitFileRisks(file: string, root: string): Promise<RepositoryRisk[]> {
  const text = await fsPromises.readFile(file, 'utf8').catch(() => '');
  const target = /^gitdir:\s*(.+?)\s*$/m.exec(text)?.[1];
  if (target && inside(root, resolve(dirname(file), target))) return [];
  return [{ file, what: `points git at ${target ?? 'an unreadable place'}, a repository outside the fixture` }];
}

async function gitDirRisks(gitDir: string, root: string): Promise<RepositoryRisk[]> {
  const risks: RepositoryRisk[] = [];
  for (const name of ['config', 'config.worktree']) risks.push(...(await configRisks(join(gitDir, name))));
  risks.push(...(await hookRisks(join(gitDir, 'hooks'))));
  const alternates = join(gitDir, 'objects', 'info', 'alternates');
  if (await fsPromises.lstat(alternates).catch(() => undefined)) {
    risks.push({ file: alternates, what: 'makes git read objects of another repository on this machine' });
  }
  const commondir = join(gitDir, 'commondir');
  const common = (await fsPromises.readFile(commondir, 'utf8').catch(() => undefined))?.trim();
  if (common && !inside(root, resolve(gitDir, common))) {
    risks.push({ file: commondir, what: `points git at ${common}, a repository outside the fixture` });
  }
  for (const worktree of await subdirectories(join(gitDir, 'worktrees'))) {
    risks.push(...(await configRisks(join(worktree, 'config.worktree'))));
  }
  for (const module of await submoduleDirs(join(gitDir, 'modules'))) risks.push(...(await gitDirRisks(module, root)));
  return risks;
}

async function subdirectories(dir: string): Promise<string[]> {
  const entries = await fsPromises.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory()).map((e) => join(dir, e.name));
}

/** A submodule's metadata sits at `modules/<name>/`, where a name may hold slashes: every folder holding a HEAD. */
async function submoduleDirs(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const sub of await subdirectories(dir)) {
    if (await fsPromises.lstat(join(sub, 'HEAD')).catch(() => undefined)) found.push(sub);
    else found.push(...(await submoduleDirs(sub)));
  }
  return found;
}

/** Git runs every hook that is not a `.sample`: on commit, checkout, merge, push … */
async function hookRisks(dir: string): Promise<RepositoryRisk[]> {
  const entries = await fsPromises.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => !e.isDirectory() && !e.name.endsWith('.sample'))
    .map((e) => ({ file: join(dir, e.name), what: `is a git hook: git runs it (${e.name})` }));
}

/** The risky settings of one config file, read by git itself (so that no quoting trick reads differently here). */
async function configRisks(file: string): Promise<RepositoryRisk[]> {
  if (!(await fsPromises.lstat(file).catch(() => undefined))) return [];
  const listed = await listConfig(file);
  if (listed === 'no-git') return [];
  if (listed === undefined) return [{ file, what: 'cannot be read by git, so it cannot be checked' }];
  const risks: RepositoryRisk[] = [];
  for (const entry of listed) {
    const cut = entry.indexOf('\n');
    const key = cut < 0 ? entry : entry.slice(0, cut);
    const why = riskyGitSetting(key, cut < 0 ? 'true' : entry.slice(cut + 1));
    if (why) risks.push({ file, what: `sets ${key}, which ${why}` });
  }
  return risks;
}

/**
 * `git config --list` of one file, includes not followed, with neither the system's nor the user's config: the
 * entries as `key\nvalue`. `no-git` when git is not installed (then nothing here can run git either); undefined when
 * git cannot read the file.
 */
function listConfig(file: string): Promise<string[] | 'no-git' | undefined> {
  // Taken here, not imported: `list` and `validate` load this module and run git only for a fixture repository.
  const { execFile } = process.getBuiltinModule('node:child_process');
  return new Promise((done) => {
    execFile(
      'git',
      ['config', '--file', file, '--list', '--null', '--no-includes'],
      {
        cwd: tmpdir(),
        env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') done('no-git');
        else if (error) done(undefined);
        else done(stdout.split('\0').filter((entry) => entry !== ''));
      },
    );
  });
}
