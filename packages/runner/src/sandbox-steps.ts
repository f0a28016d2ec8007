import type { Sandbox } from '@skill-eval/core';
import { appendInAgentFolderSync } from '@skill-eval/engine-kit/agent-files';
import { quote } from 'shlex';
import type { ShellStepOptions, ShellStepsOutcome } from './shell-steps.js';

/**
 * Runs setup or teardown commands inside a sandbox with its `sh`, one after the other, stopping at the first that
 * fails. Each writes straight into the log (a shared directory, at the same path inside), so a service it leaves
 * running in the background holds no pipe open; such a service lives until the sandbox is closed.
 */
export async function runSandboxSteps(
  sandbox: Sandbox,
  commands: readonly string[],
  options: ShellStepOptions,
): Promise<ShellStepsOutcome> {
  // Worded as the host's setup steps word it (shell-steps.ts). The log is in a folder the steps write from inside:
  // what one of them left at its name (a link to a host file) is replaced, never appended to.
  for (const command of commands) {
    appendInAgentFolderSync(options.logFile, `$ ${command}\n`);
    if (options.signal?.aborted) return { ok: false, command, reason: 'interrupted before it started' };
    const proc = await sandbox.run({
      file: 'sh',
      args: ['-c', `{ ${command}\n} >>${quote(options.logFile)} 2>&1 </dev/null`],
      cwd: options.cwd,
      env: options.env,
      deadline: options.deadline,
      keepGroup: true,
      ...(options.signal ? { signal: options.signal } : {}),
      onLine: () => {},
    });
    await sandbox.sync?.();
    if (proc.exitCode === 0) continue;
    const reason = proc.timedOut
      ? `ran past ${options.limit}`
      : proc.aborted
        ? 'interrupted'
        : proc.spawnError
          ? `could not start: ${proc.spawnError}`
          : proc.exitCode === null
            ? `killed by ${proc.signal ?? 'a signal'}`
            : `exited with status ${proc.exitCode}`;
    appendInAgentFolderSync(options.logFile, `[${reason}]\n`);
    return { ok: false, command, reason };
  }
  return { ok: true };
}
