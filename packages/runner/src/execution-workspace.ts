import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import {
  type CaseResult,
  type Environment,
  errorInfo,
  type Sandbox,
  type Warning,
  type WorkspaceSpec,
  warning,
} from '@skill-eval/core';
import { CopyBudget, type CopyLimits } from '@skill-eval/engine-kit/agent-files';
import { type Containment, openContainment } from '@skill-eval/engine-kit/execution-containment';
import { buildChildEnv } from './child-env.js';
import { collectArtifacts } from './collect-artifacts.js';
import { type ExecutionDeadline, TEARDOWN_GRACE_MS } from './execution-deadline.js';
import { ExecutionRecordFiles } from './execution-record.js';
import { fillWorkspace, layOverlays, layProject, slowerStaging } from './fill-workspace.js';
import type { StagingMethod } from './fixture-stager.js';
import type { ResultStore } from './result-store.js';
import { stagerFor } from './run-stager.js';
import { runSandboxSteps } from './sandbox-steps.js';
import { ProcessGroups, runShellSteps, type ShellStepOptions } from './shell-steps.js';
import { sweepStaleLeftovers } from './stale-leftovers.js';
import { preparedWorkspaceRisks } from './untrusted-workspace.js';
import { createWorkspace, type Workspace } from './workspace.js';

/** A signal aborted `ms` after `signal` is (at once if it is already plus `ms`); `done` stops watching. */
function afterInterrupt(signal: AbortSignal, ms: number): { signal: AbortSignal; done(): void } {
  const late = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    timer = setTimeout(() => late.abort(), ms);
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return {
    signal: late.signal,
    done: () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    },
  };
}

/** The part of the execution context the workspace's life needs. */
export interface WorkspaceContext {
  store: ResultStore;
  env: Record<string, string | undefined>;
  signal: AbortSignal;
  keepWorkspaces: boolean;
  trust: boolean;
  tempDir?: string;
  /** Caps of what is copied out of an execution's folders into the run directory (default DEFAULT_COPY_LIMITS). */
  artifactLimits?: CopyLimits;
}

/**
 * What the prepared workspace holds that git or the agent's CLI would act on by itself — a branch checkout or a diff
 * can bring what the fixtures did not show — as the execution's error, before the agent starts.
 */
async function untrustedWorkspace(ws: string): Promise<WorkspaceError | undefined> {
  const risks = await preparedWorkspaceRisks(ws);
  if (risks.length === 0) return undefined;
  const listed = risks.map((r) => `${relative(ws, r.file)}${r.line ? `:${r.line}` : ''} ${r.what}`).join('; ');
  return {
    code: 'UNTRUSTED',
    message: `The prepared workspace holds what ${[...new Set(risks.map((r) => r.actor))].join(' and ')} would act on by itself: ${listed}. It runs only with --trust; the agent was not started.`,
  };
}

/** Why an execution could not run, as its error. */
export interface WorkspaceError {
  code: string;
  message: string;
}

/** Where an execution's programs run, when not on the host: its environment and the programs its engine runs. */
export interface SandboxChoice {
  environment: Environment;
  /** Host programs to make available inside (the engine's binary). */
  programs: readonly string[];
  /** The execution's environment, from which the sandbox takes the model endpoints. */
  env: Record<string, string>;
}

/**
 * One execution's workspace from creation to removal: overlays (`open`), then — after the runner staged the
 * skill — fixtures, git, inline files, the sandbox when the execution has an environment, and the setup commands
 * (`prepare`), and at the end, whatever happened, artifact collection, teardown, the end of every process the
 * execution started, the sandbox's removal, the artifacts copied into the run directory and the workspace's removal
 * (`close`). Nothing an execution starts writes into the run directory: its programs, setup and teardown write to
 * `artifactsDir`, beside the workspace; what the harness records of it (its engine's raw transcript, the files the
 * engine handed its program) it writes there itself, through the execution's `record`.
 */
export class ExecutionWorkspace {
  private workspace: Workspace | undefined;
  private result: CaseResult | undefined;
  private staging: StagingMethod | undefined;
  private readonly groups = new ProcessGroups();
  /** The boundary of every process of the execution, which `close` ends (see execution-containment.ts). */
  private containment: Containment | undefined;
  /** Where the execution's programs run, once `prepare` opened it. */
  sandbox: Sandbox | undefined;
  /** What went oddly while the workspace was prepared, for the result's warnings. */
  private readonly notes: Warning[] = [];
  /** The skill folders the runner staged, which nothing laid after them may replace. */
  private skillDirs: readonly string[] = [];
  private recordFiles: ExecutionRecordFiles | undefined;

  constructor(
    private readonly spec: WorkspaceSpec,
    private readonly ctx: WorkspaceContext,
    private readonly executionId: string,
    /** The execution's time limit, which its setup and teardown steps spend from as its engine and grading do. */
    readonly deadline: ExecutionDeadline,
  ) {}

  /** Commands from the eval file run only with --trust; without it the case is an error, never run half-way. */
  refusal(): WorkspaceError | undefined {
    const { setup, teardown } = this.spec;
    if (this.ctx.trust || setup.length + teardown.length === 0) return undefined;
    return {
      code: 'BAD_INPUT',
      message: `The case has setup/teardown commands (${[...setup, ...teardown].length}); they run shell code from the eval file, so they run only with --trust. Read them, then pass --trust.`,
    };
  }

  /** Creates the directories and lays the project and the overlays; throws (WORKSPACE_FAILED) after removing what it made. */
  async open(): Promise<Workspace> {
    // Once per run, before its first workspace: what runs killed outright left behind.
    await sweepStaleLeftovers(this.ctx.tempDir);
    const workspace = await createWorkspace(this.ctx.tempDir);
    try {
      if (this.spec.project || this.spec.overlays.length > 0) {
        const options = {
          stager: await stagerFor(this.ctx),
          outside: [this.ctx.store.outDir, dirname(workspace.root)],
        };
        this.staging = await layProject(workspace, this.spec, options);
        await layOverlays(workspace, this.spec, options);
      }
    } catch (error) {
      await workspace.dispose();
      throw error;
    }
    try {
      this.containment = await openContainment();
    } catch (error) {
      await workspace.dispose();
      throw error;
    }
    this.workspace = workspace;
    mkdirSync(this.artifactsDir);
    return workspace;
  }

  /** Where the execution's engine, setup and teardown write (outside the run directory); `close` copies it in. */
  get artifactsDir(): string {
    return join(this.workspace!.root, 'artifacts');
  }

  /** The execution's record in the run directory, for its engine (see execution-record.ts); `close` completes it. */
  get record(): ExecutionRecordFiles {
    this.recordFiles ??= new ExecutionRecordFiles(this.ctx.store, this.executionId);
    return this.recordFiles;
  }

  /**
   * The environment of a process of this execution — its engine, setup and teardown steps, grading programs: the
   * allowlisted part of the run's, the engine's own variables (`extra`), the fresh HOME and the execution's mark (by
   * which the launcher starts it in the execution's cgroup).
   */
  childEnv(extra?: readonly string[]): Record<string, string> {
    return { ...buildChildEnv(this.ctx.env, this.workspace!.home, extra), ...this.containment!.env };
  }

  /** Where the file `path` of `artifactsDir` is kept in the run directory; any other path as it is. */
  keptPath(path: string): string {
    const rel = relative(this.artifactsDir, path);
    if (rel === '' || rel.startsWith('..') || rel.startsWith(sep)) return path;
    return this.ctx.store.artifactPath(this.executionId, rel.split(sep).join('/'));
  }

  /** Tells which folders hold the staged skills: fixtures and inline files never replace part of them. */
  keepSkills(dirs: readonly string[]): void {
    this.skillDirs = dirs;
  }

  /** Fixtures, git, inline files, diff, the sandbox, then setup (inside the sandbox when there is one). */
  async prepare(choice?: SandboxChoice): Promise<WorkspaceError | undefined> {
    const workspace = this.workspace!;
    const env = this.childEnv();
    try {
      // The stager probes overlay mounts and reflinks on first use: a run without fixtures never needs it.
      const stager = this.spec.files.length > 0 ? { stager: await stagerFor(this.ctx) } : {};
      const filled = await fillWorkspace(workspace, this.spec, {
        ...stager,
        env,
        trust: this.ctx.trust,
        skillDirs: this.skillDirs,
      });
      this.staging = slowerStaging(this.staging, filled.staging);
      this.notes.push(...(filled.warnings ?? []));
    } catch (error) {
      const { code, message } = errorInfo(error);
      return { code: code === 'UNTRUSTED' ? code : 'WORKSPACE_FAILED', message };
    }
    const untrusted = this.ctx.trust ? undefined : await untrustedWorkspace(workspace.ws);
    if (untrusted) return untrusted;
    if (choice) {
      try {
        this.sandbox = await choice.environment.open({
          executionId: this.executionId,
          root: workspace.root,
          workspace: workspace.ws,
          shared: [this.artifactsDir],
          programs: choice.programs,
          env: choice.env,
          signal: this.ctx.signal,
        });
      } catch (error) {
        const info = errorInfo(error);
        return {
          code: 'ENVIRONMENT_FAILED',
          message: `The ${choice.environment.id} sandbox did not start: ${info.message}`,
        };
      }
    }
    if (this.spec.setup.length === 0) return undefined;
    const log = this.logFile('setup');
    const outcome = await this.runSteps(this.spec.setup, this.shellOptions(env, log));
    if (outcome.ok) return undefined;
    return {
      code: 'SETUP_FAILED',
      message: `Setup command ${JSON.stringify(outcome.command)} ${outcome.reason}; the case did not run. Its output is in ${relative(this.ctx.store.outDir, this.keptPath(log))}.`,
    };
  }

  /** Brings what the sandbox's programs changed back to the host copy, before grading reads it. */
  async sync(): Promise<void> {
    await this.sandbox?.sync?.();
  }

  /** Remembers the result being returned, so `close` can add what it collected. */
  track(result: CaseResult): CaseResult {
    this.result = result;
    return result;
  }

  /**
   * Collects artifacts, runs teardown, stops what setup left running and every process carrying the execution's
   * mark, copies the artifacts into the run directory, and removes the workspace unless kept.
   */
  async close(): Promise<void> {
    const workspace = this.workspace;
    if (!workspace) return;
    const warnings: Warning[] = [...this.notes];
    let collected: string[] | undefined;
    try {
      await this.sync();
    } catch (error) {
      warnings.push(warning('workspace', `The sandbox's files could not be copied back: ${errorInfo(error).message}`));
    }
    // One budget for everything the execution copies out: collected files first, then its engine's own files.
    const budget = new CopyBudget(this.ctx.artifactLimits);
    try {
      if (this.spec.artifacts.length > 0) collected = await this.collect(workspace.ws, budget, warnings);
    } catch (error) {
      warnings.push(warning('artifacts', `Artifacts could not be collected: ${errorInfo(error).message}`));
    }
    try {
      if (this.ctx.trust && this.spec.teardown.length > 0) {
        const log = this.logFile('teardown');
        // Teardown runs even after an interrupt or past the time limit: it is what cleans up after setup. A hung one
        // holds a stop or the execution's end only a few seconds, so that one Ctrl-C or SIGTERM ends the run within
        // seconds, and an execution ends within seconds of its -t.
        const grace = afterInterrupt(this.ctx.signal, TEARDOWN_GRACE_MS);
        const options = {
          ...this.shellOptions(this.childEnv(), log),
          ...this.teardownDeadline(),
          signal: grace.signal,
        };
        const outcome = await this.runSteps(this.spec.teardown, options).finally(grace.done);
        if (!outcome.ok)
          warnings.push(warning('workspace', `Teardown command ${JSON.stringify(outcome.command)} ${outcome.reason}.`));
      }
    } finally {
      this.groups.killAll();
      await this.endProcesses(warnings);
      await this.sandbox?.close();
      try {
        const recorded = this.recordFiles?.finish();
        if (this.recordFiles) warnings.push(...this.recordFiles.warnings.map((m) => warning('artifacts', m)));
        await this.ctx.store.keepArtifacts(this.executionId, this.artifactsDir, {
          budget,
          ...(recorded ? { except: recorded } : {}),
        });
        // A kept workspace keeps no unredacted copy of what the run directory holds redacted.
        if (this.ctx.keepWorkspaces) await rm(this.artifactsDir, { recursive: true, force: true });
      } catch (error) {
        warnings.push(warning('artifacts', `Artifacts could not be kept: ${errorInfo(error).message}`));
      } finally {
        warnings.push(...budget.warnings);
        if (!this.ctx.keepWorkspaces) await workspace.dispose();
      }
    }
    this.annotate(collected, warnings);
  }

  /** Ends every process of the execution before its result is written; one that will not die is a warning. */
  private async endProcesses(warnings: Warning[]): Promise<void> {
    const containment = this.containment!;
    const { survivors } = await containment.end();
    if (survivors > 0)
      warnings.push(
        warning('workspace', `${survivors} process(es) of the execution could not be killed (stuck in the kernel).`),
      );
  }

  /**
   * Copies the workspace files the case's artifact patterns match straight into the run directory (under
   * `collected/`), through the file layer; returns their paths there, relative to the run directory.
   */
  private async collect(ws: string, budget: CopyBudget, warnings: Warning[]): Promise<string[]> {
    const found = await collectArtifacts(ws, this.spec.artifacts);
    warnings.push(...found.warnings);
    const kept = await this.ctx.store.keepArtifacts(this.executionId, ws, {
      files: found.files,
      under: 'collected',
      budget,
    });
    return [...kept.values()].map((path) => relative(this.ctx.store.outDir, path));
  }

  private annotate(collected: string[] | undefined, warnings: Warning[]): void {
    const result = this.result;
    if (!result) return;
    if (this.sandbox) result.sandbox = this.sandbox.info;
    if (this.staging || collected) {
      result.workspace = { ...(this.staging ? { staging: this.staging } : {}), ...(collected ? { collected } : {}) };
    }
    if (warnings.length === 0) return;
    if (result.session) result.session.warnings = [...result.session.warnings, ...warnings];
    else result.warnings = [...(result.warnings ?? []), ...warnings];
  }

  /** Setup or teardown commands: in the sandbox when there is one, else on the host. */
  private runSteps(commands: readonly string[], options: ShellStepOptions) {
    const sandbox = this.sandbox;
    if (!sandbox) return runShellSteps(commands, options, this.groups);
    return runSandboxSteps(sandbox, commands, { ...options, env: { ...options.env, ...sandbox.env } });
  }

  private shellOptions(env: Record<string, string>, logFile: string): ShellStepOptions {
    const { at, described } = this.deadline;
    return { cwd: this.workspace!.ws, env, deadline: at, limit: described, logFile, signal: this.ctx.signal };
  }

  /** What is left of the time limit for teardown, and at least TEARDOWN_GRACE_MS; how a timeout names it. */
  private teardownDeadline(): { deadline: number; limit: string } {
    const { at, described } = this.deadline;
    const late = Date.now() + TEARDOWN_GRACE_MS;
    if (late <= at) return { deadline: at, limit: described };
    return { deadline: late, limit: `${described} and the ${TEARDOWN_GRACE_MS / 1000} s teardown may take past it` };
  }

  private logFile(phase: 'setup' | 'teardown'): string {
    return join(this.artifactsDir, `${phase}.log`);
  }
}
