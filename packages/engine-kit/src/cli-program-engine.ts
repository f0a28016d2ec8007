import { mkdir } from 'node:fs/promises';
import type { EngineRunInput, Session } from '@skill-eval/core';
import { assertTurns } from './assert-turns.js';
import { readVersion } from './read-version.js';
import { resolveBinary } from './resolve-binary.js';
import { type CliTurnsOptions, runCliTurns } from './run-cli-turns.js';
import { failRun, failureFromError } from './run-record.js';
import { type SessionRecord, toSession } from './session-record.js';
import { toolEnvironmentFailure } from './tool-environment-failure.js';
import { openTranscript, type TranscriptFile } from './transcript-file.js';
import { versionProbe } from './version-probe.js';

/** What an execution's turns are given: the binary, the raw transcript, and when the execution began. */
export interface CliExecution {
  binary: string;
  transcript: TranscriptFile;
  started: number;
}

/** The program an engine drives: its name on PATH and what to tell a user who lacks it. */
export interface CliProgram {
  name: string;
  installHint: string;
  /**
   * The npm package that installs it, when its `--version` is slow to ask and prints that package's version: an
   * installed bin of the package then gives its version from the package's manifest, without a run.
   */
  npmPackage?: string;
}

/**
 * What every engine that drives an agent CLI shares: the binary (the `path` setting, else the program on PATH),
 * its `--version` probed once per binary, and the default model from the settings.
 */
export abstract class CliProgramEngine<Settings extends { model?: string; path?: string }> {
  abstract readonly id: string;
  readonly defaultModel: string | undefined;
  private readonly probe: (binary: string) => Promise<string>;

  constructor(
    protected readonly settings: Settings,
    private readonly program: CliProgram,
  ) {
    this.defaultModel = settings.model;
    this.probe = versionProbe((binary) => readVersion(binary, program.installHint, program.npmPackage));
  }

  /** The binary to run; ENGINE_NOT_FOUND with the install hint when there is none. */
  protected binary(pathEnv: string | undefined = process.env.PATH): string {
    return resolveBinary(this.program.name, this.settings.path, pathEnv, this.program.installHint);
  }

  /** The version of `binary`, cached; a failure is not, so installing the program later works. */
  protected versionOf(binary: string): Promise<string> {
    return this.probe(binary);
  }

  async version(): Promise<string> {
    return this.probe(this.binary());
  }

  /** The binary, for an environment to make available inside its sandboxes; none when the host has none. */
  programs(env: Readonly<Record<string, string>>): string[] {
    try {
      return [this.binary(env.PATH ?? process.env.PATH)];
    } catch {
      return [];
    }
  }

  /**
   * One execution as every CLI engine records it: the binary is resolved, the turns checked and the artifacts dir
   * made, then `runTurns` drives the program, writing its raw transcript `transcriptFile` (into the execution's record
   * in the run directory, else into the artifacts dir: see openTranscript). A failure of any
   * step is recorded on the session, not thrown; `settle` then completes the record (e.g. prices its usage). A run in
   * which every tool call failed because of the environment (a sandbox that cannot start) is an ENVIRONMENT_FAILED error.
   */
  protected async recordExecution<State extends SessionRecord>(
    input: EngineRunInput,
    state: State,
    execution: {
      transcriptFile: string;
      runTurns: (execution: CliExecution) => Promise<void>;
      settle?: (state: State) => void;
    },
  ): Promise<Session> {
    const started = Date.now();
    let transcript: TranscriptFile | undefined;
    try {
      const binary = this.binaryFor(input);
      assertTurns(input);
      await mkdir(input.artifactsDir, { recursive: true });
      transcript = openTranscript(input, execution.transcriptFile, state.warnings);
      await execution.runTurns({ binary, transcript, started });
    } catch (error) {
      failRun(state, failureFromError(error));
    } finally {
      transcript?.close();
    }
    const transcriptPath = transcript?.path;
    execution.settle?.(state);
    const session = toSession(state, { engineId: this.id, started, transcriptPath });
    const broken = session.status === 'completed' ? toolEnvironmentFailure(session.toolCalls) : undefined;
    if (!broken) return session;
    return { ...session, status: broken.status, error: { code: broken.code, message: broken.message } };
  }

  /** The binary one execution runs: the host's, else — in a sandbox — the program its image has on PATH. */
  private binaryFor(input: EngineRunInput): string {
    const pathEnv = input.env.PATH ?? process.env.PATH;
    if (!input.sandbox) return this.binary(pathEnv);
    return this.programs({ PATH: pathEnv ?? '' })[0] ?? this.program.name;
  }

  /**
   * Runs the execution's turns (`runCliTurns`) with what the engine and the execution already say: the program, its
   * binary and install hint, the transcript, and the deadline the execution's start and timeout make.
   */
  protected driveTurns<Parsed extends { warnings: string[] }>(
    execution: CliExecution,
    turns: Omit<CliTurnsOptions<Parsed>, 'program' | 'binary' | 'installHint' | 'deadline' | 'transcript'>,
  ): Promise<void> {
    return runCliTurns<Parsed>({
      ...turns,
      program: this.program.name,
      binary: execution.binary,
      installHint: this.program.installHint,
      deadline: execution.started + turns.input.timeoutMs,
      transcript: execution.transcript,
    });
  }
}
