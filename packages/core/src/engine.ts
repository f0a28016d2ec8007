import type { SkillRef } from './case.js';
import type { Sandbox } from './environment.js';
import type { ResolvedMcpServer } from './mcp.js';
import type { Session, SessionEvent, Usage } from './session.js';

/** What an engine can do, so the runner and grading can adapt. */
export interface EngineCapabilities {
  /** Continues one conversation over several user turns. */
  multiTurn: boolean;
  /** Loads skills from its skill root and can be seen to trigger them. */
  skills: boolean;
  /** Runs tools that change files in the workspace. */
  workspaceTools: boolean;
  /** Offers `complete()` for judge calls. */
  complete: boolean;
  /** Hands `EngineRunInput.mcpServers` to the agent; absent means no (a case with MCP servers is then an error). */
  mcp?: boolean;
  /** Honours `EngineRunInput.stopWhen` (stops the agent mid-run); absent means the run goes to completion. */
  earlyStop?: boolean;
}

/** Everything an engine needs for one execution. The runner prepares it; the engine never reads eval files. */
export interface EngineRunInput {
  /** Unique id of the execution (for logs and transcripts). */
  executionId: string;
  /** Absolute path of the prepared workspace; the agent's working directory. */
  workspace: string;
  /** Absolute path of a fresh HOME for this execution. */
  home: string;
  /** Skills staged for this execution (empty for without_skill), already copied under a skill root. */
  skills: SkillRef[];
  /** User messages in order. */
  turns: string[];
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
  /** Base environment for child processes, already filtered through the allowlist. */
  env: Record<string, string>;
  /** Directory where the engine may write its raw transcript. */
  artifactsDir: string;
  /**
   * Where the execution's programs run, when not on the host: a container or remote sandbox. An engine starts its
   * programs through `sandbox.run` (same contract as a local process group); `workspace`, `home` and `artifactsDir`
   * are at the same paths inside, and `env` already holds the sandbox's model endpoints (for engines with `programs`).
   */
  sandbox?: Sandbox;
  /** MCP servers to install into the agent, mocks already turned into stdio commands; only for engines with `capabilities.mcp`. */
  mcpServers?: ResolvedMcpServer[];
  /**
   * Called with each event as the engine records it; when it returns true the engine stops the agent at once —
   * killing its process group, or not sending the next model request — and returns the session so far with
   * status `completed` and `stoppedEarly: true`. The session keeps the events recorded together with the accepted
   * one (a tool call's `skill` events). Engines without `capabilities.earlyStop` ignore it. The runner also uses
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

/** A configured engine. One instance serves many executions, concurrently. */
export interface Engine {
  /** Plugin id. */
  readonly id: string;
  readonly capabilities: EngineCapabilities;
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
  /** Runs one execution. Engine failures are returned as a Session with status `error`, not thrown. */
  run(input: EngineRunInput): Promise<Session>;
  /** One plain completion, for judges. */
  complete?(request: CompletionRequest): Promise<CompletionResponse>;
  /**
   * What the engine lacks in `env` to run at all (an API key), as a message saying what to set; undefined when
   * nothing. Asked before a run starts, so a missing key stops it before any execution is spent.
   */
  missingSetup?(env: Readonly<Record<string, string | undefined>>): string | undefined;
}
