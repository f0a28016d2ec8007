import { dirname, resolve } from 'node:path';
import { observedExists, observedStat } from '@skill-eval/core';
import { join as shellJoin } from 'shlex';
import { agentv5EnvironmentRefusals, agentv5WorkspaceRefusals } from './agentv5-refusals.js';
import { at, atKey, describe, isRecord, type ReadContext } from './context.js';
import type { TestEntry } from './references.js';
import { checkInsideProject } from './references.js';
import type { DocPath } from './source.js';
import type { SuiteDefaults, WorkspaceDefaults } from './suite-defaults.js';

/** A workspace reading plus the parts skill-eval cannot honour, kept verbatim. */
export interface WorkspaceReading extends WorkspaceDefaults {
  kept: Record<string, unknown> | undefined;
}

const empty = (): WorkspaceReading => ({ overlays: [], setup: [], teardown: [], kept: undefined });

/** One `command` (argv list or shell string) as a shell line; `[bash, -lc, script]` keeps just the script. */
function commandLine(command: unknown): string | undefined {
  if (typeof command === 'string') return command;
  if (!Array.isArray(command) || !command.every((a) => typeof a === 'string') || command.length === 0) return undefined;
  if (command.length === 3 && /^(ba)?sh$/.test(command[0]!) && /^-l?c$/.test(command[1]!)) return command[2];
  return shellJoin(command);
}

function overlay(dir: unknown, path: DocPath, ctx: ReadContext, into: string[]) {
  if (typeof dir !== 'string' || dir.trim() === '') {
    ctx.source.sink.error(
      'wrong-type',
      `The workspace folder is ${describe(dir)}; write a path relative to the eval file.`,
      at(path),
    );
    return;
  }
  const abs = resolve(dirname(ctx.source.file), dir);
  // AgentV copies any folder it names; one out of the project needs --trust (DESIGN.md's trust boundary).
  if (observedExists(abs)) checkInsideProject(dir, abs, path, ctx);
  if (observedExists(abs) && observedStat(abs).isDirectory()) into.push(abs);
  else
    ctx.source.sink.report(
      ctx.missingFiles,
      'missing-file',
      `The workspace folder "${dir}" does not exist (looked for ${abs}); its files cannot be copied in.`,
      at(path),
    );
}

/** v5 `environment`: `workdir` is copied into the workspace, `setup.command` runs before the agent. */
export function readEnvironment(value: unknown, path: DocPath, ctx: ReadContext): WorkspaceReading {
  const out = empty();
  const sink = ctx.source.sink;
  if (value === undefined) return out;
  if (!isRecord(value)) {
    out.kept = { environment: value };
    sink.warning(
      'unsupported-field',
      `"environment" references ${String(value)}; skill-eval does not read environment files yet. It is kept in metadata.`,
      at(path),
    );
    return out;
  }
  const kept: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'workdir') overlay(v, [...path, key], ctx, out.overlays);
    else if (key === 'type' && v === 'host') continue;
    else if (key === 'setup' && isRecord(v) && commandLine(v.command) !== undefined) {
      out.setup.push(commandLine(v.command)!);
      const { command: _c, ...rest } = v;
      if (Object.keys(rest).length > 0) kept.setup = rest;
    } else {
      kept[key] = v;
      sink.warning(
        'unsupported-field',
        `environment.${key} is kept in metadata but skill-eval does not honour it: every case runs in a fresh host workspace with an allow-listed environment.`,
        atKey(path, key),
      );
    }
  }
  if (Object.keys(kept).length > 0) out.kept = { environment: kept };
  return out;
}

/** 4.x `workspace`: `template` is copied in, `before_*` hooks run as setup and `after_*` as teardown. */
export function readV4Workspace(value: unknown, path: DocPath, ctx: ReadContext): WorkspaceReading {
  const out = empty();
  const sink = ctx.source.sink;
  if (value === undefined) return out;
  if (!isRecord(value)) {
    out.kept = { workspace: value };
    sink.warning(
      'unsupported-field',
      `"workspace" references ${String(value)}; skill-eval does not read workspace files. It is kept in metadata.`,
      at(path),
    );
    return out;
  }
  const kept: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'template') overlay(v, [...path, key], ctx, out.overlays);
    else if (key === 'hooks' && isRecord(v)) {
      for (const [hook, spec] of Object.entries(v)) {
        const line = isRecord(spec) ? commandLine(spec.command ?? spec.script) : undefined;
        if (line === undefined || !/^(before|after)_(each|all)$/.test(hook)) {
          kept.hooks = { ...(kept.hooks as object), [hook]: spec };
          sink.warning(
            'unsupported-field',
            `workspace.hooks.${hook} is kept in metadata but not run.`,
            atKey([...path, 'hooks'], hook),
          );
          continue;
        }
        (hook.startsWith('before') ? out.setup : out.teardown).push(line);
        if (hook.endsWith('_all')) {
          sink.warning(
            'hook-per-case',
            `workspace.hooks.${hook} runs once per case in skill-eval (every case has its own workspace).`,
            atKey([...path, 'hooks'], hook),
          );
        }
      }
    } else {
      kept[key] = v;
      sink.warning(
        'unsupported-field',
        `workspace.${key} is kept in metadata but skill-eval does not honour it.`,
        atKey(path, key),
      );
    }
  }
  if (Object.keys(kept).length > 0) out.kept = { workspace: kept };
  return out;
}

/** A test's workspace: its own `environment`/`workspace` replaces the suite's; a case folder adds its `workspace/`. */
export function readWorkspace(
  test: Record<string, unknown>,
  path: DocPath,
  entry: TestEntry,
  defaults: SuiteDefaults,
  ctx: ReadContext,
) {
  agentv5EnvironmentRefusals(
    test.environment,
    [...path, 'environment'],
    ctx,
    `test '${String(test.id ?? 'unknown')}'.environment`,
  );
  agentv5WorkspaceRefusals(test.workspace, [...path, 'workspace'], ctx);
  let reading: WorkspaceReading | undefined;
  if (test.environment !== undefined) reading = readEnvironment(test.environment, [...path, 'environment'], ctx);
  else if (test.workspace !== undefined) reading = readV4Workspace(test.workspace, [...path, 'workspace'], ctx);
  const base = reading ?? { ...defaults.workspace, kept: undefined };
  return {
    workspace: {
      overlays: [...base.overlays, ...(entry.overlay ? [entry.overlay] : [])],
      setup: [...base.setup],
      teardown: [...base.teardown],
    },
    kept: reading?.kept,
  };
}
