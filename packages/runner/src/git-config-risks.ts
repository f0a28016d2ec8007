/**
 * Settings of a repository's own config (`.git/config`) that make git start a program, read another config, send its
 * traffic elsewhere or work outside the repository — from git-config(1), section by section. A fixture repository's
 * config is not the user's: git (ours, the agent's, the agent CLI's own `git status`) would honour it.
 */
const RISKY_SETTINGS: readonly { key: RegExp; why: string }[] = [
  { key: /^core\.(sshcommand|gitproxy|pager|editor|askpass|alternaterefscommand)$/, why: 'runs a program' },
  { key: /^core\.hookspath$/, why: 'runs hooks from another folder' },
  { key: /^core\.worktree$/, why: 'points git at another working tree, so git writes outside the fixture' },
  { key: /^(include|includeif\..+)\.path$/, why: 'pulls in another config file' },
  { key: /^filter\..+\.(clean|smudge|process)$/, why: 'runs a program on checkout, status and add' },
  { key: /^diff\.(external|.+\.(command|textconv))$/, why: 'runs a program on diff' },
  { key: /^merge\..+\.driver$/, why: 'runs a program on merge' },
  { key: /^(diff|merge)\.(tool|guitool)$|^(difftool|mergetool)\..+\.(cmd|path)$/, why: 'runs a diff or merge tool' },
  { key: /^credential\.(.+\.)?helper$/, why: 'runs a credential helper' },
  { key: /^gpg\.((.+\.)?program|ssh\.defaultkeycommand)$/, why: 'runs a signing program' },
  { key: /^sendemail\.(.+\.)?(smtpserver|sendmailcmd|tocmd|cccmd|headercmd)$/, why: 'runs a program to send mail' },
  { key: /^(http(\..+)?|remote\..+)\.proxy$/, why: "sends git's traffic through a proxy" },
  { key: /^remote\..+\.(uploadpack|receivepack|vcs)$/, why: 'runs a program on fetch or push' },
  { key: /^url\..+\.(insteadof|pushinsteadof)$/, why: 'rewrites remote URLs' },
  { key: /^protocol\.(.+\.)?allow$/, why: 'allows transports such as ext::, which run programs' },
  { key: /^submodule\..+\.update$/, why: 'may run a program on submodule update' },
  { key: /^uploadpack\.packobjectshook$/, why: 'runs a program when serving a fetch' },
  { key: /^trailer\..+\.(command|cmd)$/, why: 'runs a program on commit' },
  { key: /^imap\.tunnel$/, why: 'runs a program' },
  { key: /^(browser|man|guitool)\..+\.(cmd|path)$|^(web\.browser|man\.viewer)$|^instaweb\./, why: 'runs a program' },
  { key: /^pager\./, why: 'runs a pager program' },
  { key: /^alias\./, why: 'an alias can run a shell command' },
  { key: /^hook\./, why: 'runs a hook command' },
  { key: /^tar\..+\.command$/, why: 'runs a program on archive' },
  { key: /^(sequence\.editor|interactive\.difffilter)$/, why: 'runs a program' },
  { key: /^init\.templatedir$/, why: 'copies hooks from another folder into new repositories' },
];

/** `core.fsmonitor` may be a boolean (git's own daemon) or the path of a hook program. */
const BOOLEAN = /^(true|false|yes|no|on|off|1|0|)$/i;

/**
 * Why `key = value` (as `git config --list` prints it: section and name lower-case) is unsafe in a repository that is
 * not the user's, or undefined when it is harmless.
 */
export function riskyGitSetting(key: string, value: string): string | undefined {
  const name = key.toLowerCase();
  if (name === 'core.fsmonitor') return BOOLEAN.test(value.trim()) ? undefined : 'runs a program (an fsmonitor hook)';
  return RISKY_SETTINGS.find((setting) => setting.key.test(name))?.why;
}
