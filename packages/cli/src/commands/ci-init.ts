import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { SkillEvalError, type Suite } from '@skill-eval/core';
import { writeHarnessFileAtomically } from '@skill-eval/engine-kit/agent-files';
import { agentSetup, KNOWN_ENGINES } from '../ci-init/agent-setup.js';
import type { CiPlan } from '../ci-init/ci-plan.js';
import { GITHUB_WORKFLOW_FILE, githubWorkflow } from '../ci-init/github-workflow.js';
import { GITLAB_CI_FILE, GITLAB_INCLUDED_FILE, gitlabJob } from '../ci-init/gitlab-job.js';
import { pathWord } from '../ci-init/path-word.js';
import type { CommandIO } from '../io/io.js';
import { loadEvalFiles } from '../loading/load-eval-files.js';
import { bundledEngine } from '../plugins/bundled.js';
import { harnessVersion } from '../plugins/package-version.js';
import { loadConfig } from '../policy/config.js';

export interface CiInitOptions {
  provider?: 'github' | 'gitlab';
  engine?: string[];
  judge?: string;
  /** `--no-changed-only` sets false. */
  changedOnly?: boolean;
  replay?: string;
  branch?: string;
  force?: boolean;
  /** Ask nothing: take the flags and the defaults. */
  yes?: boolean;
}

/**
 * `skill-eval ci init [paths...]`: a CI workflow (GitHub Actions, or a GitLab CI job with `--provider gitlab`) that
 * runs the evals found under the paths on every pull request, from its flags or, at a terminal, from the answers to
 * a few questions. A file that exists is never overwritten without --force.
 */
export async function ciInitCommand(paths: string[], options: CiInitOptions, io: CommandIO): Promise<number> {
  const evalPaths = paths.length
    ? paths.map((path) => pathWord(path, 'given on the command line'))
    : (await foundEvalPaths(io)).map((path) => pathWord(path, `a folder found in ${io.cwd}`));
  const asked = await answers(options, io);
  const engines = asked.engines.map(canonicalEngine);
  if (options.replay !== undefined && !existsSync(join(resolve(io.cwd, options.replay), 'run.json'))) {
    throw new SkillEvalError('USAGE', `--replay ${options.replay}: that folder holds no run.json of a recorded run.`, {
      hint: 'Record a run first (`skill-eval run --record --out <dir>`), commit its folder, and name it here.',
    });
  }
  const plan: CiPlan = {
    paths: evalPaths,
    engines,
    ...(options.judge ? { judge: canonicalEngine(options.judge) } : {}),
    changedOnly: asked.changedOnly,
    ...(options.replay ? { replay: pathWord(options.replay, '--replay') } : {}),
    version: harnessVersion(),
    defaultBranch: options.branch ?? defaultBranch(io.cwd),
  };
  const written =
    (options.provider ?? 'github') === 'github'
      ? await write(io, GITHUB_WORKFLOW_FILE, githubWorkflow(plan), options.force === true)
      : await writeGitlab(io, gitlabJob(plan), options.force === true);
  io.stdout.write(
    `Wrote ${written}: the evals of ${evalPaths.join(', ')} on ${engines.join(', ') || 'the default engine'}.\n`,
  );
  for (const line of nextSteps(plan, options.provider ?? 'github', written)) io.stdout.write(`${line}\n`);
  return 0;
}

/** The first folder of each suite's eval file below the working directory: `skills` for skills/*\/evals/evals.json. */
async function foundEvalPaths(io: CommandIO): Promise<string[]> {
  const { suites } = await loadEvalFiles(['.'], {}, loadConfig(io.cwd, undefined, false), io);
  if (suites.length === 0) {
    throw new SkillEvalError('USAGE', `No eval file was found under ${io.cwd}.`, {
      hint: 'Name the eval files or folders to run: `skill-eval ci init skills/`.',
    });
  }
  return [...new Set(suites.map((suite: Suite) => topFolder(relative(io.cwd, suite.file))))].sort();
}

const topFolder = (path: string) => (path.includes(sep) ? path.slice(0, path.indexOf(sep)) : '.');

/** The engines and the changed-only choice: from the flags, else asked at a terminal, else the defaults. */
async function answers(options: CiInitOptions, io: CommandIO): Promise<{ engines: string[]; changedOnly: boolean }> {
  const interactive = !options.yes && process.stdin.isTTY === true && io.stdout.isTTY === true;
  let engines = options.engine ?? [];
  let changedOnly = options.changedOnly ?? true;
  if (!interactive) return { engines: engines.length ? engines : ['claude-code'], changedOnly };
  const ask = createInterface({ input: process.stdin, output: io.stdout });
  try {
    if (!engines.length) {
      const said = await ask.question(`Engines to run on (${KNOWN_ENGINES.join(', ')}) [claude-code]: `);
      engines = said.split(/[\s,]+/).filter(Boolean);
      if (!engines.length) engines = ['claude-code'];
    }
    if (options.changedOnly === undefined) {
      const said = await ask.question('On a pull request, run only the suites it changed? [Y/n]: ');
      changedOnly = !/^n/i.test(said.trim());
    }
  } finally {
    ask.close();
  }
  return { engines, changedOnly };
}

/** An engine as the workflow names it: its bundled id (an alias resolved), its model kept. */
function canonicalEngine(spec: string): string {
  const [id, ...model] = spec.split(':');
  const bundled = bundledEngine(id!);
  if (!bundled || !agentSetup(bundled.id)) {
    throw new SkillEvalError('USAGE', `ci init does not know the engine "${id}".`, {
      hint: `Choose among ${KNOWN_ENGINES.join(', ')}; a plugin engine's workflow needs its package installed as well.`,
    });
  }
  return [bundled.id, ...model].join(':');
}

/** The default branch: the one origin/HEAD names, else the branch checked out, else main. */
function defaultBranch(cwd: string): string {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', ['-c', 'core.fsmonitor=false', ...args], {
        cwd,
        encoding: 'utf8',
        stdio: 'pipe',
      }).trim();
    } catch {
      return '';
    }
  };
  return (
    git('symbolic-ref', '--short', 'refs/remotes/origin/HEAD').replace(/^origin\//, '') ||
    git('branch', '--show-current') ||
    'main'
  );
}

/** Something is at `path`: a file, a folder, or a link (even one to nothing), which is never looked through. */
const taken = (path: string) => lstatSync(path, { throwIfNoEntry: false }) !== undefined;

/**
 * Writes `file` (relative to the working directory) unless something is there and --force was not given; its path.
 * Through the file layer: the repository may hold a link at the name or on the way to it (`.github -> /elsewhere`),
 * committed by someone else, and the workflow is written to the repository only — a folder on the way that is a link
 * is refused, and --force replaces a link at the name instead of writing where it points.
 */
async function write(io: CommandIO, file: string, text: string, force: boolean): Promise<string> {
  const path = join(io.cwd, file);
  if (taken(path) && !force) {
    throw new SkillEvalError('USAGE', `${file} exists already; ci init does not overwrite it.`, {
      hint: 'Pass --force to replace it, or move it away first.',
    });
  }
  await writeHarnessFileAtomically(io.cwd, path, text);
  return file;
}

/** GitLab reads one `.gitlab-ci.yml`: the job goes there when there is none, else into a file it includes. */
function writeGitlab(io: CommandIO, text: string, force: boolean): Promise<string> {
  if (!taken(join(io.cwd, GITLAB_CI_FILE))) return write(io, GITLAB_CI_FILE, text, force);
  return write(io, GITLAB_INCLUDED_FILE, text, force);
}

function nextSteps(plan: CiPlan, provider: 'github' | 'gitlab', written: string): string[] {
  const secrets = plan.replay ? [] : [...new Set(plan.engines.flatMap((engine) => agentSetup(engine)?.secret ?? []))];
  const where =
    provider === 'github'
      ? 'repository secrets (Settings → Secrets and variables → Actions)'
      : 'masked CI/CD variables';
  return [
    ...(secrets.length ? [`Next: add ${secrets.join(', ')} to the ${where}.`] : []),
    ...(written === GITLAB_INCLUDED_FILE
      ? [`Then include it from ${GITLAB_CI_FILE}:  include: { local: ${GITLAB_INCLUDED_FILE} }`]
      : []),
  ];
}
