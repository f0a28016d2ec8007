/** Stable error codes. The CLI maps them to exit statuses; reports show them. */
export const ERROR_CODES = {
  /** An input file or option is invalid. Exit 2. */
  BAD_INPUT: 2,
  /** The command line is wrong. Exit 2. */
  USAGE: 2,
  /** A plugin id resolved to nothing. Exit 2. */
  UNKNOWN_PLUGIN: 2,
  /** A plugin does not speak the contract version we do. Exit 2. */
  PLUGIN_CONTRACT: 2,
  /** The engine's program is not installed or not runnable: a setup problem, found before anything runs. Exit 2. */
  ENGINE_NOT_FOUND: 2,
  /** The environment cannot run here (no container daemon, a missing image): found before anything runs. Exit 2. */
  ENVIRONMENT_UNAVAILABLE: 2,
  /** The engine ran but failed (crash, API error, bad output). */
  ENGINE_FAILED: 1,
  /**
   * The agent's tools cannot run where the engine runs them (a sandbox that cannot start, a missing helper, tools the
   * permission mode denies), or the execution's sandbox (a container, a remote sandbox) could not be had or failed
   * under it: the run says nothing about the skill.
   */
  ENVIRONMENT_FAILED: 1,
  /** The execution ran past its wall-clock limit. */
  TIMEOUT: 1,
  /** The agent hit its turn limit. */
  MAX_TURNS: 1,
  /** The judge failed or answered something unusable. */
  JUDGE_FAILED: 1,
  /** Workspace preparation failed. */
  WORKSPACE_FAILED: 1,
  /** A setup command of the case failed or timed out, or needs --trust: the case could not run, not a failure of the skill. */
  SETUP_FAILED: 1,
  /**
   * Something an eval, fixture or config file brings would start a program, read outside its folder or send data away
   * (a real MCP server, a fixture repository's git filter, an agent's hooks), and --trust was not given. Exit 2.
   */
  UNTRUSTED: 2,
  /** The run was interrupted. */
  INTERRUPTED: 130,
  /** A fault of the harness itself. */
  INTERNAL: 1,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** The one error class of skill-eval: a stable code, a message that says what to do, and a cause. */
export class SkillEvalError extends Error {
  override readonly name = 'SkillEvalError';
  readonly code: ErrorCode;
  /** A hint shown under the message: what the user can do. */
  readonly hint: string | undefined;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
  }

  /** Process exit status for this error. */
  get exitCode(): number {
    return ERROR_CODES[this.code];
  }
}

export function isSkillEvalError(error: unknown): error is SkillEvalError {
  return (
    error instanceof SkillEvalError || (error instanceof Error && error.name === 'SkillEvalError' && 'code' in error)
  );
}

/** `{code, message}` for any thrown value, for results and reports. */
export function errorInfo(error: unknown): { code: string; message: string } {
  if (isSkillEvalError(error)) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: 'INTERNAL', message: error.message };
  return { code: 'INTERNAL', message: String(error) };
}
