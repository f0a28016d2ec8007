import type { Suite } from './case.js';
import type { Diagnostic } from './diagnostic.js';
import type { Engine } from './engine.js';
import type { Environment } from './environment.js';
import type { CaseResult, RunSummary } from './result.js';
import type { SessionEvent } from './session.js';

/** Result of loading one eval file. Problems are diagnostics, never exceptions. */
export interface LoadResult {
  suites: Suite[];
  diagnostics: Diagnostic[];
  /**
   * Other files this load read as parts of its suites (a skill-up eval.yaml's case files), as absolute paths.
   * Discovery does not load them again as eval files of their own when it finds them in the same scan.
   */
  parts?: string[];
  /**
   * Other suite files that load the same cases in another configuration (a skill-up `evals/with-skill.yaml` beside
   * `evals/eval.yaml`), as absolute paths. A folder scan skips them, as their tool only runs them when named; a file
   * named on the command line still loads.
   */
  alternates?: string[];
}

/** A suite written in some format by `convert`. */
export interface WriteResult {
  /** Files to write, paths relative to the skill root (the folder holding SKILL.md), e.g. `evals/evals.json`. */
  files: { path: string; text: string }[];
  /** What the target format cannot express, one line each ("case 3: setup commands"). Never dropped silently. */
  lost: string[];
}

/** A configured format reader. */
export interface Format {
  readonly id: string;
  /** File names this format claims when scanning a directory (globs on the basename). */
  readonly filePatterns: readonly string[];
  /**
   * Extensions of the files it reads, lower-case with the dot (`.yaml`): detection asks it about no other file, so a
   * caller that knows the files can leave it unloaded. Absent: it may read any file.
   */
  readonly extensions?: readonly string[];
  /** How sure (0..1) this format is that the file is one of its own; 0 = not mine. */
  detect(file: string, text: string): number;
  /** Reads the file into suites. `text` is the file's content. */
  load(file: string, text: string): Promise<LoadResult> | LoadResult;
  /**
   * Writes a suite in this format (for `skill-eval convert`); formats that cannot be written leave it out. It may
   * return a promise, so that a format imports its writer only when a suite is written.
   */
  write?(suite: Suite): WriteResult | Promise<WriteResult>;
}

/** What a format package default-exports. */
export interface FormatPlugin<Settings = unknown> {
  readonly contract: 'format-v1';
  readonly id: string;
  /** Other names that resolve to this format (`--format skillkit`). */
  readonly aliases?: readonly string[];
  readonly description: string;
  parseSettings(raw: unknown): Settings;
  create(settings: Settings): Format;
}

/** What an engine package default-exports; `E` is the engine it creates, for callers that know more than `Engine`. */
export interface EnginePlugin<Settings = unknown, E extends Engine = Engine> {
  readonly contract: 'engine-v1';
  readonly id: string;
  /** Other names that resolve to this engine (`claude_code`). */
  readonly aliases?: readonly string[];
  readonly description: string;
  /** Validates `--ek key=value` settings and config; throws SkillEvalError BAD_INPUT on bad ones. */
  parseSettings(raw: unknown): Settings;
  create(settings: Settings): E;
}

/** What an environment package default-exports: where executions run (a container, a remote sandbox). */
export interface EnvironmentPlugin<Settings = unknown> {
  readonly contract: 'environment-v1';
  readonly id: string;
  /** Other names that resolve to this environment. */
  readonly aliases?: readonly string[];
  readonly description: string;
  /** Validates settings (`--environment docker:<image>`, config, an eval file's `environment`); throws BAD_INPUT. */
  parseSettings(raw: unknown): Settings;
  create(settings: Settings): Environment;
}

/** Planned execution, as reporters see it before it runs. */
export interface PlannedExecution {
  executionId: string;
  suiteId: string;
  caseId: string;
  caseName: string;
  engine: string;
  variant: string;
  run: number;
}

/** A configured reporter. Every hook is optional. */
export interface Reporter {
  onRunStart?(plan: readonly PlannedExecution[], outDir: string): void | Promise<void>;
  onExecutionStart?(execution: PlannedExecution): void | Promise<void>;
  /** Each event of a running execution as its engine records it (engines that cannot stream: when it ends). */
  onEvent?(execution: PlannedExecution, event: SessionEvent): void | Promise<void>;
  onResult?(result: CaseResult): void | Promise<void>;
  onRunEnd?(summary: RunSummary, results: readonly CaseResult[]): void | Promise<void>;
}

/** What a reporter package default-exports. */
export interface ReporterPlugin<Settings = unknown> {
  readonly contract: 'reporter-v1';
  readonly id: string;
  readonly description: string;
  parseSettings(raw: unknown): Settings;
  create(settings: Settings): Reporter;
}

export type AnyPlugin = FormatPlugin | EnginePlugin | ReporterPlugin | EnvironmentPlugin;

export const defineFormat = <S>(plugin: FormatPlugin<S>): FormatPlugin<S> => plugin;
export const defineEngine = <S, E extends Engine = Engine>(plugin: EnginePlugin<S, E>): EnginePlugin<S, E> => plugin;
export const defineReporter = <S>(plugin: ReporterPlugin<S>): ReporterPlugin<S> => plugin;
export const defineEnvironment = <S>(plugin: EnvironmentPlugin<S>): EnvironmentPlugin<S> => plugin;
