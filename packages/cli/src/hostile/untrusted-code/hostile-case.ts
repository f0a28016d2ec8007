import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { main } from '../../main.js';
import { captureIO } from '../../test-support/capture-io.js';
import { CLAUDE_BIN, CODEX_BIN, REPO_ROOT } from '../../test-support/paths.js';

/** What a case folder's case.json says. */
export interface HostileCase {
  /** The attack, in one sentence. */
  attack: string;
  /** Arguments of skill-eval, run in a copy of the case folder. */
  args: string[];
  /** Exit status without --trust (either of a list: refused at the start, or per execution). */
  exit: number | number[];
  /** What the CLI says without --trust (stdout and stderr): the file and line, what to do. */
  says?: string[];
  /** What it says with --trust, for a case still refused then (default: {@link says}). */
  trustSays?: string[];
  /** The error every execution's result carries, when the refusal is per execution (exit 1). */
  resultCode?: string;
  /**
   * With --trust: `runs` — the attack takes effect, so the gate is what stopped it; `refused` — still refused
   * (a model key); `inert` — neutralised either way (the agent CLI loads nothing of it); `allowed` — a control that
   * is never refused and does nothing hostile; `passes` — the policy lets it through with --trust (no refusal said),
   * where what it would reach (a docker daemon, a sandbox server) is not on this machine.
   */
  trust: 'runs' | 'refused' | 'inert' | 'allowed' | 'passes';
  /** Variables of the user's environment the case needs besides the model keys (an OpenSandbox key). */
  env?: Record<string, string>;
  /** Arguments with --trust, when not `args` plus `--trust`. */
  trustArgs?: string[];
  /** Files this repository cannot hold (a `.git` file, a hook): written into the copy. */
  write?: Record<string, string>;
  /** Executable files among those of the case (relative paths). */
  executables?: string[];
  /** Repositories made with git in the copy. */
  repos?: RepoSpec[];
}

/** A fixture repository: its branches' files (the first branch is checked out), its config, files in its .git. */
export interface RepoSpec {
  at: string;
  branches: Record<string, Record<string, string>>;
  config?: Record<string, string>;
  git?: Record<string, string>;
}

/** Where one run of a case may leave marks, and how the placeholders of its files are filled. */
export interface Stage {
  dir: string;
  canary: string;
  listener: string;
}

/** Every placeholder a case's files may hold. */
function fill(text: string, stage: Stage): string {
  return text
    .replaceAll('@@CANARY@@', stage.canary)
    .replaceAll('@@LISTENER@@', stage.listener)
    .replaceAll('@@CASE@@', stage.dir)
    .replaceAll('@@CLAUDE@@', CLAUDE_BIN)
    .replaceAll('@@CODEX@@', CODEX_BIN);
}

function fillTree(dir: string, stage: Stage): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.git') fillTree(path, stage);
    } else if (entry.isFile()) {
      const text = readFileSync(path, 'utf8');
      const filled = fill(text, stage);
      if (filled !== text) writeFileSync(path, filled);
    }
  }
}

function makeRepo(root: string, spec: RepoSpec, stage: Stage): void {
  const repo = join(root, spec.at);
  const env = { PATH: process.env.PATH, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', ...args], { env });
  const [first, ...others] = Object.keys(spec.branches);
  mkdirSync(repo, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', first!, repo], { env });
  const commit = (files: Record<string, string>, message: string) => {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      // A script (a hook kept in the tree) is committed runnable.
      writeFileSync(join(repo, path), fill(content, stage), { mode: content.startsWith('#!') ? 0o755 : 0o644 });
    }
    git('add', '-A');
    git('commit', '-qm', message, '--allow-empty');
  };
  commit(spec.branches[first!]!, first!);
  for (const branch of others) {
    git('switch', '-qc', branch);
    commit(spec.branches[branch]!, branch);
    git('switch', '-q', first!);
  }
  for (const [key, value] of Object.entries(spec.config ?? {})) git('config', key, fill(value, stage));
  for (const [path, content] of Object.entries(spec.git ?? {})) {
    const file = join(repo, '.git', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fill(content, stage));
    chmodSync(file, 0o755);
  }
}

/** A fresh copy of the case folder with its placeholders filled, its repositories made and a canary folder beside it. */
export function stageCase(caseDir: string, spec: HostileCase, listener: string): Stage {
  const dir = mkdtempSync(join(tmpdir(), 'skill-eval-hostile-'));
  const stage = { dir, canary: `${dir}-canary`, listener };
  mkdirSync(stage.canary);
  cpSync(caseDir, dir, { recursive: true, filter: (source) => !source.endsWith('case.json') });
  for (const [path, content] of Object.entries(spec.write ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  fillTree(dir, stage);
  for (const path of spec.executables ?? []) chmodSync(join(dir, path), 0o755);
  for (const repo of spec.repos ?? []) makeRepo(dir, repo, stage);
  return stage;
}

/** The marks a run left: files in the canary folder. */
export const canaryMarks = (stage: Stage): string[] => readdirSync(stage.canary).sort();

/** The bundled CLI, as users run it. */
const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'skill-eval.js');

/** Runs the bundled CLI in the case's copy, with placeholders in the arguments filled. */
export function runCli(
  stage: Stage,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args.map((arg) => fill(arg, stage))],
      { cwd: stage.dir, env: { PATH: process.env.PATH ?? '', CI: '1', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout, stderr });
      },
    );
  });
}

/**
 * Runs the CLI's code in this process (no Node start-up, no bundle load): for an attempt that must be refused before
 * anything runs, where nothing goes through another program. What goes through one runs through {@link runCli}.
 */
export async function runInProcess(
  stage: Stage,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIO(stage.dir, { PATH: process.env.PATH, ...env });
  const code = await main(
    args.map((arg) => fill(arg, stage)),
    io,
  );
  return { code, stdout: io.out(), stderr: io.err() };
}

/** Every file under `dir` (skipping .git metadata), as text, to search for a leaked secret. */
export function textUnder(dir: string): string {
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => !path.split('/').includes('.git') && statSync(join(dir, path)).isFile())
    .map((path) => readFileSync(join(dir, path), 'utf8'))
    .join('\n');
}
