import type { SkillRef, ToolRestriction } from './case.js';
import type { Sandbox } from './environment.js';
import type { ResolvedMcpServer } from './mcp.js';
import type { SessionEvent, SessionInput, Usage } from './session.js';

/** What an engine can do beyond running turns, so the runner can adapt. */
export interface EngineCapabilities {
  /** Hands `EngineRunInput.mcpServers` to the agent; absent means no (a case with MCP servers is then an error). */
  mcp?: boolean;
  /**
   * Takes user messages one by one through `EngineRunInput.nextTurn`, each after the agent answered the last; absent
   * means no (a case whose user is simulated is then an error).
   */
  nextTurn?: boolean;
  /**
   * Gives the agent only the tools `EngineRunInput.tools` allows (tool names as Claude Code spells them); absent means
   * no (the case runs with all the engine's tools, and a warning says so).
   */
  tools?: boolean;
}

/** The agent's answer to the user message it was last given, when the runner is asked for the next one. */
export interface TurnAnswer {
  /** 0-based index of the user message answered. */
  turn: number;
  /** The agent's last assistant text after that message ('' when it wrote none). */
  finalMessage: string;
}

/** A user message the runner supplies after the given turns. */
export interface NextUserTurn {
  text: string;
  /** A model playing the user wrote it; the engine marks its message event `simulated`. */
  simulated: boolean;
}

/** Everything an engine needs for one execution. The runner prepares it; the engine never reads eval files. */
export interface EngineRunInput {
  /** Unique id of the execution (for logs and transcripts). */
  executionId: string;
  /** Absolute path of the prepared workspace; the agent's working directory. */
  workspace: string;
  /** Absolute path of a fresh HOME for this execution. */
  home: string;
  /**
   * The user's own HOME, where login state lives (codex's `auth.json`, qodercli's `~/.qoder`): an engine may hand that
   * state to its agent's fresh home, never copy it into the workspace or the results.
   */
  userHome?: string;
  /** Skills staged for this execution (empty for without_skill), already copied under a skill root. */
  skills: SkillRef[];
  /** User messages in order. */
  turns: string[];
  /**
   * For engines with `capabilities.nextTurn`: asked once the agent has answered the last of `turns` (and each message
   * it returned), for the next user message to send in the same conversation; null ends the conversation. Only asked
   * after a turn that ended well.
   */
  nextTurn?: (answer: TurnAnswer) => Promise<NextUserTurn | null>;
  /** Extra system prompt. */
  system?: string;
  /** Model to use, when the user chose one. */
  model?: string;
  /** Most agent turns allowed. */
  maxTurns?: number;
  /** Wall-clock limit in milliseconds. */
  timeoutMs: number;
  /** Aborted when the run is interrupted. */
  signal: AbortSignal;
  /**
   * Base environment for child processes: what `missingSetup` was asked with (the allowlist, the engine's own
   * `environment`), HOME pointing at the fresh home.
   */
  env: Record<string, string>;
  /**
   * The agent's folder for files the engine hands its program (a prompt, an input) and the program leaves; the
   * runner copies what is there into the run directory at the end.
   */
  artifactsDir: string;
  /**
   * The execution's record in the run directory, out of the agent's reach: where the engine writes its raw
   * transcript, and keeps the harness's own copy of a file it hands its program. Absent where there is no run
   * directory (a judge's engine, a program built on the engines alone): the engine then writes to `artifactsDir`.
   */
  record?: ExecutionRecord;
  /**
   * Where the execution's programs run, when not on the host: a container or remote sandbox. An engine starts its
   * programs through `sandbox.run` (same contract as a local process group); `workspace`, `home` and `artifactsDir`
   * are at the same paths inside, and `env` already holds the sandbox's model endpoints (for engines with `programs`).
   */
  sandbox?: Sandbox;
  /** The case's tool restriction; only for engines with `capabilities.tools`. */
  tools?: ToolRestriction;
  /** MCP servers to install into the agent, mocks already turned into stdio commands; only for engines with `capabilities.mcp`. */
  mcpServers?: ResolvedMcpServer[];
  /**
   * Called with each event as the engine records it; when it returns true the engine stops the agent at once —
   * killing its process group, or not sending the next model request — and returns the session so far with
   * status `completed` and `stoppedEarly: true`. The session keeps the events recorded together with the accepted
   * one (a tool call's `skill` events). An engine that cannot stop mid-run ignores it. The runner also uses
   * it to watch events live (`--verbose`), returning false for those it only observes.
   */
  stopWhen?: (event: SessionEvent) => boolean;
}

export interface CompletionMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  system?: string;
  messages: CompletionMessage[];
  model?: string;
  maxTokens?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Environment to read the API key and endpoint from, as a run's executions do (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface CompletionResponse {
  text: string;
  model: string;
  usage: Usage;
  costUsd?: number;
}

/** A credential an engine found for itself: what it is and where it is, never its value. */
export interface EngineCredential {
  /** What it is: `API key`, `OAuth token`, `ChatGPT login`, `Amazon Bedrock`. */
  kind: string;
  /** The variable that holds it, when one does. */
  variable?: string;
  /** The file that holds it, when one does (a login state). */
  file?: string;
}

/** A configured engine. One instance serves many executions, concurrently. */
export interface Engine {
  /** Plugin id. */
  readonly id: string;
  readonly capabilities?: EngineCapabilities;
  /** Where skills are staged, relative to the workspace (`.claude/skills`). */
  readonly skillRoots: readonly string[];
  /** Model the engine will use when none is chosen. */
  readonly defaultModel?: string;
  /**
   * Variables an execution needs from the user's environment besides those every engine gets (the key a setting
   * like `apiKeyEnv` names): the runner hands each engine only an allowlist.
   */
  readonly environment?: readonly string[];
  /**
   * Host programs an execution with this `env` will run (its CLI binary), so that an environment can make them
   * available inside a sandbox; none when the program is not on the host (a sandbox's image may hold it). An engine
   * that has it runs programs, inside the sandbox when there is one: its `env` then holds the sandbox's model
   * endpoints. One without it (an API engine) runs its agent loop in skill-eval, calling the model from here.
   */
  programs?(env: Readonly<Record<string, string>>): string[];
  /** Version of the program or SDK; throws SkillEvalError ENGINE_NOT_FOUND when it is missing. */
  version(): Promise<string>;
  /**
   * Runs one execution. Engine failures are returned as a Session with status `error`, not thrown. What has a default
   * may be left out (the runner fills it in); tool calls and skills left out are taken from the events.
   */
  run(input: EngineRunInput): Promise<SessionInput>;
  /** One plain completion, for judges. */
  complete?(request: CompletionRequest): Promise<CompletionResponse>;
  /**
   * What the engine lacks in `env` to run at all (an API key), as a message saying what to set; undefined when
   * nothing. Asked before a run starts, so a missing key stops it before any execution is spent. `env` is what `run()`
   * will get (the allowlist and `environment`), with the user's own HOME.
   */
  missingSetup?(env: Readonly<Record<string, string | undefined>>): string | undefined;
  /** The credential the engine would run with, found where `missingSetup` looks (`skill-eval engines` names it). */
  credential?(env: Readonly<Record<string, string | undefined>>): EngineCredential | undefined;
}

/**
 * Files the harness writes for an execution straight into the run directory (`artifacts/<execution>/<name>`), redacted
 * and sealed with the run: what the agent saw or said as the harness saw it, which nothing the agent does can change.
 * A name is a plain file name; each is kept once.
 */
export interface ExecutionRecord {
  /** Creates the record file `name`, written a line at a time (each on disk when written); its path is the file's. */
  openLines(name: string): RecordLines;
  /**
   * Keeps `text` as the record file `name` (the last text given wins): a file the engine writes into `artifactsDir`
   * for its program, kept as the engine wrote it rather than copied from the agent's folder at the end.
   */
  keep(name: string, text: string): void;
}

/** A record file being written; never throws (a write that fails is a warning of the execution). */
export interface RecordLines {
  readonly path: string;
  writeLine(line: string): void;
  close(): void;
}
