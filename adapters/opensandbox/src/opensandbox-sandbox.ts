import { createReadStream, statSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { type NetworkPolicy, Sandbox as RemoteSandbox } from '@alibaba-group/opensandbox';
import type { ProcessOutcome, ProcessSpec, Sandbox, SandboxInfo, SandboxRequest } from '@skill-eval/core';
import { HOST_ONLY_VARIABLES, modelEndpoints, SkillEvalError } from '@skill-eval/core';
import { createLineSplitter, MAX_LINE_LENGTH, ownerLabels } from '@skill-eval/engine-kit';
import { join, quote } from 'shlex';
import type { OpenSandboxSettings } from './opensandbox-settings.js';
import { type ProgramUploads, programUploads } from './program-uploads.js';
import { inParallel, RemoteMirror } from './remote-mirror.js';

/** What every sandbox of a run shares. */
export interface OpenSandboxRun {
  runId: string;
  baseUrl: string;
  apiKey: string;
  extensions: Record<string, string> | undefined;
  settings: OpenSandboxSettings;
}

const STDERR_TAIL = 4000;
/** Where a program's stdin is written inside before it runs (execd has no stdin). */
const STDIN_DIR = '/tmp/.skill-eval';

/** The hosts of the model endpoints an execution uses: what a `deny` sandbox may still reach. */
function modelHosts(env: Readonly<Record<string, string>>): string[] {
  const urls = Object.values(modelEndpoints(env));
  return [...new Set(urls.flatMap((url) => (URL.canParse(url) ? [new URL(url).hostname] : [])))];
}

function networkPolicy(
  settings: OpenSandboxSettings,
  env: Readonly<Record<string, string>>,
): NetworkPolicy | undefined {
  if (settings.network === 'open') return undefined;
  const targets = [...modelHosts(env), ...settings.allowedEgress.map((target) => target.trim()).filter(Boolean)];
  return { defaultAction: 'deny', egress: targets.map((target) => ({ action: 'allow', target })) };
}

/** One execution's remote sandbox: its files mirrored from the host, its programs run by execd. */
export class OpenSandboxSandbox implements Sandbox {
  readonly workspace: string;
  readonly env: Readonly<Record<string, string>>;
  private processes = 0;

  private constructor(
    private readonly remote: RemoteSandbox,
    readonly info: SandboxInfo,
    private readonly request: SandboxRequest,
    private readonly mirror: RemoteMirror,
    settings: OpenSandboxSettings,
    /** For each program as an engine names it, the command that runs what it really executes, inside. */
    private readonly commands: ReadonlyMap<string, string[]>,
  ) {
    this.workspace = settings.workspaceMount;
    this.env = { ...settings.env };
  }

  /** Creates the sandbox, lays the execution's files in it, and waits until it is ready. */
  static async open(run: OpenSandboxRun, request: SandboxRequest): Promise<OpenSandboxSandbox> {
    const { settings } = run;
    const started = Date.now();
    let remote: RemoteSandbox;
    try {
      remote = await RemoteSandbox.create({
        connectionConfig: {
          domain: run.baseUrl,
          apiKey: run.apiKey,
          requestTimeoutSeconds: settings.requestTimeoutSeconds,
          useServerProxy: settings.useServerProxy,
        },
        image: settings.image,
        entrypoint: settings.entrypoint,
        env: settings.env,
        metadata: { ...settings.metadata, ...ownerLabels(run.runId), 'skill-eval.execution': request.executionId },
        timeoutSeconds: settings.sandboxTimeoutSeconds,
        readyTimeoutSeconds: settings.readyTimeoutSeconds,
        ...(run.extensions ? { extensions: run.extensions } : {}),
        ...withPolicy(networkPolicy(settings, request.env)),
      });
    } catch (error) {
      throw new SkillEvalError(
        'ENVIRONMENT_FAILED',
        `OpenSandbox could not create a sandbox: ${(error as Error).message}`,
      );
    }
    try {
      const mount = settings.workspaceMount;
      await remote.files.createDirectories(
        [mount, request.root, ...request.shared].map((path) => ({ path, mode: 755 })),
      );
      // The workspace is at the mount, and also at its host path (through a link), as a bind mount would show it.
      await mustRun(remote, `rm -rf ${quote(request.workspace)} && ln -s ${quote(mount)} ${quote(request.workspace)}`);
      const mirror = new RemoteMirror(
        remote.files,
        [
          { host: request.workspace, inside: mount, pull: true },
          { host: request.root, inside: request.root, skip: [request.workspace], pull: false },
          ...request.shared.map((dir) => ({ host: dir, inside: dir, pull: true })),
        ],
        settings.fileTransferParallelism,
      );
      await mirror.push();
      const programs = programUploads(request.programs);
      await uploadPrograms(remote, programs, settings.fileTransferParallelism);
      const info: SandboxInfo = {
        environment: 'opensandbox',
        image: settings.image,
        id: remote.id,
        startMs: Date.now() - started,
        network: settings.network,
      };
      return new OpenSandboxSandbox(remote, info, request, mirror, settings, programs.commands);
    } catch (error) {
      await remote.kill().catch(() => {});
      await remote.close().catch(() => {});
      throw new SkillEvalError('ENVIRONMENT_FAILED', `The sandbox could not be prepared: ${(error as Error).message}`);
    }
  }

  async run(spec: ProcessSpec): Promise<ProcessOutcome> {
    const n = ++this.processes;
    const abort = new AbortController();
    const outcome = { timedOut: false, aborted: false, stopped: false };
    let commandId: string | undefined;
    // The SDK does not drop the event stream on abort: execd is asked to kill the command, which ends the stream.
    const interrupt = () => {
      if (commandId) void this.remote.commands.interrupt(commandId).catch(() => {});
    };
    const stop = (why: keyof typeof outcome) => {
      if (abort.signal.aborted) return;
      outcome[why] = true;
      abort.abort();
      interrupt();
    };
    const onAbort = () => stop('aborted');
    if (spec.signal?.aborted) onAbort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const deadline = setTimeout(() => stop('timedOut'), Math.max(0, spec.deadline - Date.now()));
    let stderr = '';
    const lines = createLineSplitter(spec.maxLineLength ?? MAX_LINE_LENGTH, (line) => {
      if (!abort.signal.aborted && spec.onLine(line) === 'stop') stop('stopped');
    });
    try {
      await this.mirror.push();
      let command = join([...(this.commands.get(spec.file) ?? [spec.file]), ...spec.args]);
      if (spec.stdin !== undefined) {
        const stdinFile = `${STDIN_DIR}/${n}`;
        await this.remote.files.writeFiles([{ path: stdinFile, data: spec.stdin, mode: 600 }]);
        command = `${command} <${quote(stdinFile)}`;
      } else command = `${command} </dev/null`;
      const envs: Record<string, string> = {};
      for (const [name, value] of Object.entries({ ...this.env, ...spec.env })) {
        if (!HOST_ONLY_VARIABLES.has(name)) envs[name] = value;
      }
      const execution = await this.remote.commands
        .run(
          `exec ${command}`,
          { workingDirectory: this.insideCwd(spec.cwd), envs },
          {
            skipAccumulation: true,
            onInit: (init) => {
              commandId = init.id;
              if (abort.signal.aborted) interrupt();
            },
            onStdout: (message) => lines.push(message.text),
            onStderr: (message) => {
              stderr = (stderr + message.text).slice(-STDERR_TAIL);
            },
          },
          abort.signal,
        )
        .catch((error: Error) => {
          if (abort.signal.aborted) return undefined;
          throw error;
        });
      lines.end();
      const killed = abort.signal.aborted;
      return {
        exitCode: killed ? null : (execution?.exitCode ?? null),
        ...(killed ? { signal: 'SIGKILL' as const } : {}),
        ...outcome,
        stderrTail: stderr.trim(),
        cutLines: lines.cutLines,
      };
    } catch (error) {
      return {
        exitCode: null,
        ...outcome,
        stderrTail: stderr.trim(),
        spawnError: (error as Error).message,
        cutLines: 0,
      };
    } finally {
      clearTimeout(deadline);
      spec.signal?.removeEventListener('abort', onAbort);
      await this.mirror.pull().catch(() => {});
    }
  }

  async sync(): Promise<void> {
    await this.mirror.pull();
  }

  /** The working directory inside: the workspace is at its mount, every other path of the execution where it is. */
  private insideCwd(cwd: string): string {
    const rel = relative(this.request.workspace, cwd);
    if (rel === '') return this.workspace;
    if (rel.startsWith(`..${sep}`) || rel === '..' || rel.startsWith(sep)) return cwd;
    return `${this.workspace}/${rel.split(sep).join('/')}`;
  }

  async close(): Promise<void> {
    await this.remote.kill().catch(() => {});
    await this.remote.close().catch(() => {});
  }
}

/** Writes the host programs of the execution inside, each at its own path, and makes their links again. */
async function uploadPrograms(remote: RemoteSandbox, programs: ProgramUploads, parallelism: number): Promise<void> {
  await inParallel(programs.files, parallelism, async ({ host, inside }) => {
    const data = createReadStream(host) as unknown as AsyncIterable<Uint8Array>;
    await remote.files.writeFiles([{ path: inside, data, mode: Number((statSync(host).mode & 0o777).toString(8)) }]);
  });
  // Links in batches, so that one shell line stays well below the longest a shell takes.
  for (let at = 0; at < programs.links.length; at += 200) {
    const batch = programs.links.slice(at, at + 200);
    const folders = [...new Set(batch.map((link) => dirname(link.path)))];
    const made = batch.map(({ path, target }) => `ln -sfn ${quote(target)} ${quote(path)}`);
    await mustRun(remote, [`mkdir -p ${folders.map((dir) => quote(dir)).join(' ')}`, ...made].join(' && '));
  }
}

const withPolicy = (policy: NetworkPolicy | undefined) => (policy ? { networkPolicy: policy } : {});

async function mustRun(remote: RemoteSandbox, command: string): Promise<void> {
  const execution = await remote.commands.run(command);
  if (execution.exitCode !== 0) {
    const said = execution.logs.stderr
      .map((m) => m.text)
      .join('')
      .trim();
    throw new Error(`${command} exited with ${execution.exitCode}${said ? `: ${said}` : ''}`);
  }
}
