import { runGroupProcess } from '@skill-eval/engine-kit';
import { CODEX_SANDBOX_CONFIG } from './codex-command.js';
import type { CodexSettings } from './codex-settings.js';

/** What a sandbox check is given: the run's binary, sandbox mode, workspace, child environment and time. */
export interface SandboxCheckInput {
  binary: string;
  sandbox: CodexSettings['sandbox'];
  workspace: string;
  env: Record<string, string>;
  signal: AbortSignal;
}

/** Longest a check may take; it starts one shell, so anything near this is a sandbox that hangs. */
const CHECK_TIMEOUT_MS = 20_000;

/** codex's own notice that it made no helper aliases; it is no failure by itself, the failure follows it. */
const ALIAS_WARNING = /^WARNING: proceeding, even though we could not (?:create PATH aliases|update PATH)/;

/**
 * Why codex cannot start commands in its sandbox here, or undefined when it can (or cannot tell: stopped, timed out).
 * A command codex's sandbox cannot start fails without any event in `codex exec --json`: the model alone sees the
 * error, every tool call fails, and the run would read as an agent that never used the skill. So the sandbox is tried
 * once with `codex sandbox`, as the run will use it, before the model is asked anything.
 */
export async function sandboxFailure(input: SandboxCheckInput): Promise<string | undefined> {
  if (input.sandbox === 'danger-full-access') return undefined;
  const stdout: string[] = [];
  const proc = await runGroupProcess({
    file: input.binary,
    args: [
      'sandbox',
      '-c',
      `sandbox_mode="${input.sandbox}"`,
      ...CODEX_SANDBOX_CONFIG,
      '-c',
      'analytics.enabled=false',
      '--',
      'sh',
      '-c',
      'exit 0',
    ],
    cwd: input.workspace,
    env: input.env,
    deadline: Date.now() + CHECK_TIMEOUT_MS,
    signal: input.signal,
    onLine: (line) => {
      stdout.push(line);
    },
  });
  if (proc.exitCode === 0 || proc.exitCode === null) return undefined;
  const said = [...stdout, ...proc.stderrTail.split('\n')]
    .map((line) => line.trim())
    .filter((line) => line && !ALIAS_WARNING.test(line));
  return said.slice(-3).join(' ') || `codex sandbox exited with code ${proc.exitCode}`;
}
