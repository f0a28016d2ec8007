import { join } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { isPrivilegedEngineSetting, loadsEngineModule, privilegedSettingReason } from './config-trust.js';
import type { RunCommandOptions } from './run-command-options.js';

/**
 * The options a run's run.json records that would run code or send data away: `--trust` itself, `--ek` settings
 * such as `path`, `command` or `baseUrl`, a `-c` config (trusted when typed) and engine modules.
 */
function privilegedOptions(recorded: RunCommandOptions): string[] {
  const found: string[] = [];
  if (recorded.trust) found.push('--trust');
  for (const pair of recorded.ek ?? []) {
    const key = pair.slice(0, Math.max(0, pair.indexOf('='))).trim();
    if (isPrivilegedEngineSetting(key)) found.push(`--ek ${key}=… (${privilegedSettingReason(key)})`);
  }
  if (recorded.config !== undefined) found.push(`--config ${recorded.config} (a config named with -c is trusted)`);
  for (const spec of [...(recorded.engine ?? []), ...(recorded.judge ? [recorded.judge] : [])]) {
    if (loadsEngineModule(spec)) found.push(`engine ${spec} (a module to load)`);
  }
  return found;
}

/**
 * `--resume` and `--replay` read the options a run was started with from its run.json — a file in the run directory,
 * which may come with the project (a committed recording) or have been written by someone else. It is not the
 * command line: what it records that runs code or sends data away applies only when the user gives --trust now.
 */
export function refuseUntrustedRecordedOptions(
  recorded: RunCommandOptions,
  runDir: string,
  how: '--resume' | '--replay',
  trustNow: boolean,
): void {
  if (trustNow) return;
  const found = privilegedOptions(recorded);
  if (found.length === 0) return;
  throw new SkillEvalError(
    'UNTRUSTED',
    `${join(runDir, 'run.json')} records options that run code or send data away, and ${how} takes them from that file, not from your command line: ${found.join('; ')}.`,
    { hint: `Read the run’s eval files and run.json, then ${how} it again with --trust.` },
  );
}
