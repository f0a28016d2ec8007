import { describe, expect, it } from 'vitest';
import { riskyGitSetting } from './git-config-risks.js';

describe('riskyGitSetting', () => {
  // As `git config --list` prints them: section and name lower-case, a subsection as written.
  it.each([
    ['filter.lfs.smudge', 'git-lfs smudge -- %f'],
    ['filter.Evil.clean', 'sh -c evil'],
    ['filter.x.process', 'x'],
    ['core.fsmonitor', '.git/hooks/query-watchman'],
    ['core.worktree', '/root'],
    ['core.hookspath', '/tmp/hooks'],
    ['core.sshcommand', 'ssh -o ProxyCommand=evil'],
    ['core.pager', 'less; evil'],
    ['core.askpass', 'evil'],
    ['include.path', '../other.config'],
    ['includeif.gitdir:/.path', '/etc/evil'],
    ['diff.external', 'evil'],
    ['diff.pdf.textconv', 'evil'],
    ['merge.ours.driver', 'evil %A'],
    ['credential.helper', '!evil'],
    ['credential.https://example.com.helper', 'evil'],
    ['gpg.program', 'evil'],
    ['gpg.ssh.program', 'evil'],
    ['http.proxy', 'http://evil:8080'],
    ['remote.origin.uploadpack', 'evil'],
    ['url.https://evil/.insteadof', 'https://github.com/'],
    ['protocol.ext.allow', 'always'],
    ['submodule.x.update', '!evil'],
    ['alias.st', '!evil'],
    ['hook.audit.command', 'evil'],
    ['sequence.editor', 'evil'],
    ['pager.log', 'evil'],
  ])('%s = %s is refused', (key, value) => {
    expect(riskyGitSetting(key, value)).toEqual(expect.any(String));
  });

  it.each([
    ['core.repositoryformatversion', '0'],
    ['core.filemode', 'true'],
    ['core.bare', 'false'],
    ['core.fsmonitor', 'false'],
    ['core.fsmonitor', 'true'],
    ['user.name', 'skill-eval'],
    ['remote.origin.url', 'https://example.com/repo.git'],
    ['remote.origin.fetch', '+refs/heads/*:refs/remotes/origin/*'],
    ['branch.main.remote', 'origin'],
    ['init.defaultbranch', 'main'],
  ])('%s = %s is harmless', (key, value) => {
    expect(riskyGitSetting(key, value)).toBeUndefined();
  });
});
