import { join, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { applyPolicy, type SettingUse } from '@skill-eval/runner/loading';
import type { RunCommandOptions } from '../run/run-command-options.js';
import { environmentUses, policyContext } from './config-trust.js';

/** Keys of the options that say how the run was continued, not how it runs: set by skill-eval itself. */
const BOOKKEEPING = new Set(['resume', 'resumed', 'replay', 'replaying']);

const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Where run.json says the run was planned: its working directory now, and its paths there. */
export interface RecordedPlace {
  cwd: string;
  paths: readonly string[];
}

/**
 * Each recorded option as the `run` flag the policy knows it by; `--ek` settings as engine settings; the recorded
 * paths as `run`'s paths. Paths, `--evals` and a `--baseline` folder are taken where the run plans them (`place.cwd`).
 */
function recordedUses(recorded: RunCommandOptions, place: RecordedPlace): SettingUse[] {
  // The working directory is where the loaders' project ends: a side file inside it is read without --trust.
  const uses: SettingUse[] = [
    { path: 'run <paths>', value: place.cwd, named: `the working directory ${place.cwd}` },
    ...place.paths.map((path) => ({ path: 'run <paths>', value: resolve(place.cwd, path), named: `the path ${path}` })),
  ];
  for (const [key, value] of Object.entries(recorded)) {
    if (BOOKKEEPING.has(key) || value === undefined) continue;
    if (key === 'ek') {
      for (const pair of value as string[]) {
        const name = pair.slice(0, Math.max(0, pair.indexOf('='))).trim();
        const setting = name.split('.').at(-1)!;
        uses.push({ path: `engine ${setting}`, value: pair.slice(pair.indexOf('=') + 1), named: `--ek ${name}=…` });
      }
    } else if (key === 'environment') {
      uses.push(...environmentUses(value, '--environment', () => undefined));
    } else if (key === 'engine' || key === 'judge') {
      for (const spec of [value].flat()) uses.push({ path: `run --${key}`, value: spec, named: `${key} ${spec}` });
    } else if (key === 'baseline' && typeof value === 'string' && !value.startsWith('git:')) {
      uses.push({ path: 'run --baseline', value: resolve(place.cwd, value), named: `--baseline ${value}` });
    } else if (key === 'evals' && typeof value === 'string') {
      uses.push({ path: 'run --evals', value: resolve(place.cwd, value), named: `--evals ${value}` });
    } else if (key === 'cache') {
      uses.push({ path: 'run --no-cache', value, named: '--no-cache' });
    } else {
      const flag = `--${kebab(key)}`;
      uses.push({ path: `run ${flag}`, value, named: value === true ? flag : `${flag} ${String(value)}` });
    }
  }
  return uses;
}

/** Whether `--resume` takes these recorded options only with --trust given again (the resume hint says so). */
export function recordedOptionsNeedTrust(
  recorded: RunCommandOptions,
  projectDir: string,
  place: RecordedPlace,
): boolean {
  return (
    applyPolicy('recorded-run', recordedUses(recorded, place), { trust: false, context: policyContext(projectDir) })
      .refused.length > 0
  );
}

/**
 * `--resume` and `--replay` read the options a run was started with from its run.json — a file in the run directory,
 * which may come with the project (a committed recording) or have been written by someone else. It is not the
 * command line: the policy applies to what it records as to any untrusted source, and what it refuses applies only
 * when the user gives --trust now.
 */
export function refuseUntrustedRecordedOptions(
  recorded: RunCommandOptions,
  runDir: string,
  how: '--resume' | '--replay',
  trustNow: boolean,
  projectDir: string,
  place: RecordedPlace,
): void {
  const { refused } = applyPolicy('recorded-run', recordedUses(recorded, place), {
    trust: trustNow,
    context: policyContext(projectDir),
  });
  if (refused.length === 0) return;
  const found = refused.map(({ use, why }) => `${use.named ?? use.path} (${why})`);
  throw new SkillEvalError(
    'UNTRUSTED',
    `${join(runDir, 'run.json')} records options that run code, read outside the project or send data away, and ${how} takes them from that file, not from your command line: ${found.join('; ')}.`,
    { hint: `Read the run’s eval files and run.json, then ${how} it again with --trust.` },
  );
}
