import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';

/** One program to run for an execution: in the environment's sandbox, in its own process group. */
export interface ProcessSpec {
  /** The program (an absolute path is best: PATH is looked up in `env`, or in the sandbox's own). */
  file: string;
  /** Its arguments, passed as they are (no shell). */
  args: readonly string[];
  /** argv[0] the program sees, when not `file`. */
  argv0?: string;
  /** Working directory. */
  cwd: string;
  /** The complete environment; nothing is inherited from the host. */
  env: Record<string, string>;
  /** Epoch milliseconds after which the whole process group is killed. */
  deadline: number;
  /** Aborting it kills the whole process group. */
  signal?: AbortSignal;
  /** Text written to the program's stdin; without it the program gets no stdin at all. */
  stdin?: string;
  /** Called with each stdout line as it arrives; returning `'stop'` kills the process group at once (a deliberate stop). */
  onLine(line: string): unknown;
  /** Longest stdout line delivered, in characters; a longer one is cut to it. */
  maxLineLength?: number;
  /**
   * In a sandbox: what the program leaves running in the background lives on after it exits (a setup step's
   * service) until the sandbox closes; otherwise its whole process group goes when it exits.
   */
  keepGroup?: boolean;
}

/** How a program run by {@link ProcessSpec} ended. */
export interface ProcessOutcome {
  /** Exit code; null when the program was killed or never started. */
  exitCode: number | null;
  /** The signal that ended the program, when one did (a crash, or a kill from outside). */
  signal?: NodeJS.Signals;
  /** The deadline passed before the process ended. */
  timedOut: boolean;
  /** The abort signal fired before the process ended. */
  aborted: boolean;
  /** `onLine` asked to stop the process before it ended by itself. */
  stopped: boolean;
  /** Last part of stderr, for error messages. */
  stderrTail: string;
  /** Set when the program could not be started at all (`ENOENT`, `EACCES`). */
  spawnError?: string;
  /** How many stdout lines were longer than `maxLineLength` and were cut to it. */
  cutLines: number;
}

/**
 * Variables of an execution's environment that name things of the host (its PATH, temp folder, certificates,
 * proxies): meaningless inside a container or sandbox, whose own are kept instead.
 */
export const HOST_ONLY_VARIABLES: ReadonlySet<string> = new Set([
  'PATH',
  'TMPDIR',
  'SYSTEMROOT',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
]);

/** What a result records of where its execution ran. */
export const SandboxInfoSchema = lazySchema(() =>
  z.object({
    /** Environment plugin id (`docker`, `opensandbox`). */
    environment: z.string(),
    /** The image the sandbox was made from. */
    image: z.string().optional(),
    /** The container's or sandbox's id. */
    id: z.string().optional(),
    /** Milliseconds from asking for the sandbox to its being ready. */
    startMs: z.number().nonnegative(),
    /** The sandbox's network: only the model endpoint (`deny`), or open. */
    network: z.enum(['deny', 'open']).optional(),
  }),
);
export type SandboxInfo = z.infer<typeof SandboxInfoSchema>;

/** What the runner hands an environment to open one execution's sandbox. */
export interface SandboxRequest {
  /** Id of the execution (names and labels the sandbox). */
  executionId: string;
  /**
   * Host directory holding the execution's workspace, HOME and other files of its own; processes inside see it at
   * the same path, so any path an engine computes on the host works inside.
   */
  root: string;
  /** The workspace on the host (inside `root`); processes inside also find it at the environment's workspace mount. */
  workspace: string;
  /** Other host directories processes inside write into (the execution's artifacts dir), seen at the same path. */
  shared: readonly string[];
  /** Host programs the engine runs (its binary), made available read-only at the same path. */
  programs: readonly string[];
  /** The execution's environment: the model endpoints (the base URL variables of MODEL_ENDPOINTS) are read from it. */
  env: Readonly<Record<string, string>>;
  /** Aborted when the run is interrupted. */
  signal: AbortSignal;
}

/** One execution's place to run: its processes run there, and it goes with everything in it at `close`. */
export interface Sandbox {
  /** What the result records. */
  readonly info: SandboxInfo;
  /** The workspace as processes inside see it: their working directory when the runner asks for the host workspace. */
  readonly workspace: string;
  /**
   * Variables laid over every process's environment: the model endpoints as reachable from inside (the harness's
   * proxy), the environment's own `env`. The runner hands them to the engine, which builds its arguments from them.
   */
  readonly env: Readonly<Record<string, string>>;
  /** Runs one program inside, with the contract of a local process group: streamed stdout lines, deadline, kill. */
  run(spec: ProcessSpec): Promise<ProcessOutcome>;
  /**
   * Makes the host copy of the workspace and shared directories what processes inside left (a remote sandbox copies
   * them back; a mounted one has nothing to do). Called before grading and artifact collection.
   */
  sync?(): Promise<void>;
  /** Stops everything inside and removes the sandbox. Never throws. */
  close(): Promise<void>;
}

/** What an environment is told of the run it serves. */
export interface EnvironmentRun {
  /** The run's id, on every container or sandbox as a label. */
  runId: string;
  /** Aborted when the run is interrupted. */
  signal: AbortSignal;
  /** The run's environment variables (where settings such as `DOCKER_HOST` or `OPENSANDBOX_API_KEY` are read). */
  env: Readonly<Record<string, string | undefined>>;
}

/** Where a run's executions happen: a container engine, a sandbox service. The host itself needs none. */
export interface Environment {
  /** Plugin id. */
  readonly id: string;
  /**
   * Called once before the first execution that uses it: checks it can run here (the daemon answers, the image is
   * there) and removes what runs that died left behind. Throws SkillEvalError with what to do.
   */
  start?(run: EnvironmentRun): Promise<void>;
  /** A fresh sandbox for one execution, ready to run programs. Throws SkillEvalError when it cannot be had. */
  open(request: SandboxRequest): Promise<Sandbox>;
  /** Called once after the run: closes what `start` opened. */
  stop?(): Promise<void>;
}

/** The environment an eval file asks for (skill-up's `environment`), by plugin id and that plugin's settings. */
export const EnvironmentSpecSchema = lazySchema(() =>
  z.object({
    /** Environment plugin id (`docker`, `opensandbox`). */
    type: z.string(),
    /** Settings for the plugin's `parseSettings`. */
    settings: z.record(z.string(), z.unknown()).default({}),
    /**
     * Where the eval file declares it, for messages: a setting that needs --trust is refused at the line of the field it
     * came from (`fields`, by setting name: `baseUrl` ← `kwargs.base_url`), else at the block's own line.
     */
    source: z
      .object({
        file: z.string(),
        line: z.number().int().positive().optional(),
        column: z.number().int().positive().optional(),
        fields: z
          .record(z.string(), z.object({ line: z.number().int().positive(), column: z.number().int().positive() }))
          .default({}),
      })
      .optional(),
  }),
);
export type EnvironmentSpec = z.infer<typeof EnvironmentSpecSchema>;
