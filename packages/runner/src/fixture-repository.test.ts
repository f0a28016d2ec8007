import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGitEntries, repositoryRisks } from './fixture-repository.js';
import { useTempDir } from './test-support/fixtures.js';

let dir = '';
useTempDir('fixture-repo-', (made) => {
  dir = made;
});

/** A real repository made by git, as a fixture would hold one. */
function repo(path: string, config: string[][] = []): string {
  mkdirSync(path, { recursive: true });
  execFileSync('git', ['init', '-q', path], { env: { PATH: process.env.PATH, GIT_CONFIG_GLOBAL: '/dev/null' } });
  for (const [key, value] of config) execFileSync('git', ['-C', path, 'config', key!, value!]);
  return join(path, '.git');
}

describe('repositoryRisks', () => {
  it('finds nothing in a plain repository (identity, remotes, the sample hooks git init lays)', async () => {
    const git = repo(join(dir, 'plain'), [
      ['user.name', 'x'],
      ['remote.origin.url', 'https://example.com/r.git'],
    ]);
    expect(await repositoryRisks(git, join(dir, 'plain'))).toEqual([]);
  });

  it('names each risky setting with its file, as git itself reads it (quoting, case, continued lines)', async () => {
    const git = repo(join(dir, 'r'));
    writeFileSync(
      join(git, 'config'),
      [
        '[core]',
        '\trepositoryformatversion = 0',
        '\tworktree = /elsewhere',
        '[Filter "Evil"]',
        '\tsmudge = "sh -c \\"touch x\\"" ; a comment',
        '[include]',
        '\tpath = ../../other.config',
        '[user]',
        '\tname = a \\',
        'continued',
      ].join('\n'),
    );
    const risks = await repositoryRisks(git, join(dir, 'r'));
    expect(risks.map((r) => r.what)).toEqual([
      expect.stringMatching(/^sets core\.worktree, which points git at another working tree/),
      expect.stringMatching(/^sets filter\.Evil\.smudge, which runs a program/),
      expect.stringMatching(/^sets include\.path, which pulls in another config file/),
    ]);
    expect(risks.every((r) => r.file === join(git, 'config'))).toBe(true);
  });

  it('reads config.worktree, live hooks (not the samples), alternates and submodule metadata', async () => {
    const root = join(dir, 'r');
    const git = repo(root);
    writeFileSync(join(git, 'config.worktree'), '[core]\n\tfsmonitor = ./watch\n');
    writeFileSync(join(git, 'hooks', 'post-checkout'), '#!/bin/sh\ntouch x\n');
    mkdirSync(join(git, 'objects', 'info'), { recursive: true });
    writeFileSync(join(git, 'objects', 'info', 'alternates'), '/root/other/.git/objects\n');
    mkdirSync(join(git, 'modules', 'lib', 'nested'), { recursive: true });
    writeFileSync(join(git, 'modules', 'lib', 'nested', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(git, 'modules', 'lib', 'nested', 'config'), '[diff "x"]\n\ttextconv = evil\n');
    const risks = await repositoryRisks(git, root);
    expect(risks.map((r) => [r.file.slice(git.length + 1), r.what.split(',')[0]])).toEqual([
      ['config.worktree', 'sets core.fsmonitor'],
      ['hooks/post-checkout', 'is a git hook: git runs it (post-checkout)'],
      ['objects/info/alternates', 'makes git read objects of another repository on this machine'],
      ['modules/lib/nested/config', 'sets diff.x.textconv'],
    ]);
  });

  it('refuses a .git file pointing outside the fixture, allows one pointing inside (a submodule checkout)', async () => {
    mkdirSync(join(dir, 'fx', 'sub'), { recursive: true });
    writeFileSync(join(dir, 'fx', '.git'), 'gitdir: /root/secret-repo/.git\n');
    writeFileSync(join(dir, 'fx', 'sub', '.git'), 'gitdir: ../.gitmodules-store/sub\n');
    expect(await repositoryRisks(join(dir, 'fx', '.git'), join(dir, 'fx'))).toEqual([
      { file: join(dir, 'fx', '.git'), what: expect.stringContaining('/root/secret-repo/.git, a repository outside') },
    ]);
    expect(await repositoryRisks(join(dir, 'fx', 'sub', '.git'), join(dir, 'fx'))).toEqual([]);
  });

  it('finds repositories at any depth, without searching inside their metadata', async () => {
    repo(join(dir, 'tree', 'a'));
    repo(join(dir, 'tree', 'b', 'c'));
    writeFileSync(join(dir, 'tree', 'b', 'note.txt'), 'x');
    expect(await findGitEntries(join(dir, 'tree'))).toEqual([
      join(dir, 'tree', 'a', '.git'),
      join(dir, 'tree', 'b', 'c', '.git'),
    ]);
  });
});
