import {
  type Case,
  type Diagnostic,
  type Engine,
  type Environment,
  errorInfo,
  isSkillEvalError,
  pluginStep,
  type Registry,
  type Suite,
} from '@skill-eval/core';
import { caseNeedsJudge } from '@skill-eval/grading/before-grading';
import { engineEnv } from '@skill-eval/runner';
import type { CredentialSources } from '../credentials/credential-sources.js';
import { describeCredential } from '../engines/describe-credential.js';
import { createEngine } from '../engines/engine-settings.js';
import type { EngineSpec } from '../engines/engine-target.js';
import { judgeSetupError } from '../engines/judge-setup-text.js';
import type { CommandIO } from '../io/io.js';
import { selectionOf } from '../loading/case-selection.js';
import { loadEvalFiles } from '../loading/load-eval-files.js';
import { environmentChoice, parseEnvironmentSpec } from '../policy/environment-choice.js';
import type { RunCommandOptions } from '../run/run-command-options.js';
import { RUN_REPORTERS } from '../run/run-reporters.js';
import type { RunSettings } from '../run/run-settings.js';

/** One part a run would use, and whether it is ready. */
export interface ReadinessItem {
  role: 'eval files' | 'engine' | 'judge' | 'environment';
  /** The engine or environment id (`claude-code`, `docker:node:20`), or what the eval files hold. */
  id: string;
  ready: boolean;
  /** The version of the engine's program or SDK, or of the environment's daemon, when known. */
  version?: string;
  /** The credential it would take and from where, never its value. */
  credential?: string;
  /** The model a verification asked, and what came back (only with --verify-models). */
  model?: { id: string; answered: boolean; said?: string };
  problem?: string;
  /** What to do about the problem. */
  hint?: string;
}

/** What `doctor` needs besides the run's options. */
export interface ReadinessContext {
  settings: RunSettings;
  found: CredentialSources;
  io: CommandIO;
  verifyModels: boolean;
}

/**
 * Whether `skill-eval run <paths>` with these options could start here, part by part: the eval files load without
 * errors; each engine and the judge (when a case needs one) is installed, has its credential, and — only when asked —
 * answers one tiny request; each environment the cases would run in answers and has its image. Nothing is written.
 */
export async function runReadiness(
  paths: string[],
  options: RunCommandOptions,
  { settings, found, io, verifyModels }: ReadinessContext,
): Promise<{ items: ReadinessItem[]; diagnostics: Diagnostic[] }> {
  const trust = options.trust === true;
  const { engineSpecs, judgeSpec } = settings;
  const loaded = await loadEvalFiles(
    paths,
    {
      ...options,
      engines: [...engineSpecs.map((s) => s.id), judgeSpec.id],
      reporters: RUN_REPORTERS,
      select: selectionOf(options),
      // Nothing is written: not even the documents parsed.
      parseCache: false,
    },
    settings.config,
    io,
  );
  const items: ReadinessItem[] = [evalFilesItem(loaded.suites, loaded.diagnostics)];
  const check = (spec: EngineSpec, role: 'engine' | 'judge') =>
    engineItem(loaded.registry, spec, role, { settings, found, trust, verifyModels });
  for (const spec of engineSpecs) items.push(await check(spec, 'engine'));
  if (loaded.suites.some((s) => s.cases.some(caseNeedsJudge))) items.push(await check(judgeSpec, 'judge'));
  items.push(...(await environmentItems(loaded.suites, options, io, found.env)));
  return { items, diagnostics: loaded.diagnostics };
}

function evalFilesItem(suites: readonly Suite[], diagnostics: readonly Diagnostic[]): ReadinessItem {
  const cases = suites.reduce((sum, suite) => sum + suite.cases.length, 0);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const id = `${suites.length} suite${suites.length === 1 ? '' : 's'}, ${cases} case${cases === 1 ? '' : 's'}`;
  if (errors > 0) {
    return {
      role: 'eval files',
      id,
      ready: false,
      problem: `${errors} error${errors === 1 ? '' : 's'} in the eval files (above)`,
      hint: 'Fix them; `skill-eval validate` lists them with their lines.',
    };
  }
  if (cases === 0) {
    return {
      role: 'eval files',
      id,
      ready: false,
      problem: 'no case was found',
      hint: 'Name the eval files or the folders that hold them, as for `skill-eval run`.',
    };
  }
  return { role: 'eval files', id, ready: true };
}

async function engineItem(
  registry: Registry,
  spec: EngineSpec,
  role: 'engine' | 'judge',
  context: { settings: RunSettings; found: CredentialSources; trust: boolean; verifyModels: boolean },
): Promise<ReadinessItem> {
  const { settings, found, trust, verifyModels } = context;
  const id = spec.model ? `${spec.id}:${spec.model}` : spec.id;
  let engine: Engine;
  try {
    // The judge takes only the settings scoped to it, as the run gives them.
    const kwargs =
      role === 'judge'
        ? Object.fromEntries(Object.entries(settings.kwargs).filter(([key]) => key.includes('.')))
        : settings.kwargs;
    engine = createEngine(registry, spec, settings.config, kwargs, trust);
  } catch (error) {
    return { role, id, ready: false, ...problemOf(role === 'judge' ? judgeSetupError(error, spec.id) : error) };
  }
  const env = engineEnv(found.env, engine.environment);
  const credential = describeCredential(engine.credential?.(env), found.sources) ?? undefined;
  const item: ReadinessItem = { role, id, ready: true, ...(credential ? { credential } : {}) };
  try {
    item.version = await pluginStep(registry.engine(spec.id), 'version()', () => engine.version());
  } catch (error) {
    return { ...item, ready: false, ...problemOf(role === 'judge' ? judgeSetupError(error, spec.id) : error) };
  }
  const missing = engine.missingSetup?.(env);
  if (missing) return { ...item, ready: false, problem: missing };
  if (verifyModels) return verifyModel(item, engine, spec.model ?? engine.defaultModel, env);
  return item;
}

/** One tiny request to the engine's model: whether it answers (a wrong key, an unknown model and an outage do not). */
async function verifyModel(
  item: ReadinessItem,
  engine: Engine,
  model: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ReadinessItem> {
  const modelId = model ?? 'its default model';
  if (!engine.complete) {
    return {
      ...item,
      model: { id: modelId, answered: false },
      hint: 'This engine has no plain request to verify with.',
    };
  }
  try {
    const response = await engine.complete({
      messages: [{ role: 'user', content: 'Reply with the single word OK.' }],
      maxTokens: 16,
      timeoutMs: 60_000,
      env,
      ...(model ? { model } : {}),
    });
    return {
      ...item,
      model: { id: response.model || modelId, answered: true, said: response.text.trim().slice(0, 40) },
    };
  } catch (error) {
    const { problem, hint } = problemOf(error);
    return {
      ...item,
      ready: false,
      model: { id: modelId, answered: false },
      problem: `the model did not answer: ${problem}`,
      ...(hint ? { hint } : {}),
    };
  }
}

/** The environments the cases would run in: each is started (its daemon and image checked) and stopped again. */
async function environmentItems(
  suites: readonly Suite[],
  options: RunCommandOptions,
  io: CommandIO,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ReadinessItem[]> {
  const text = options.environment;
  let choose: ((testCase: Case) => Environment | undefined) | undefined;
  try {
    choose = await environmentChoice(text === undefined ? undefined : parseEnvironmentSpec(text), {
      explicit: text !== undefined,
      suites,
      cwd: io.cwd,
      trust: options.trust === true,
      ...(options.network ? { network: options.network } : {}),
    });
  } catch (error) {
    return [{ role: 'environment', id: text ?? 'declared by the eval files', ready: false, ...problemOf(error) }];
  }
  if (!choose) return [];
  const used = new Map<Environment, string>();
  for (const suite of suites) {
    for (const testCase of suite.cases) {
      const environment = choose(testCase);
      if (environment && !used.has(environment)) used.set(environment, text ?? testCase.environment?.type ?? '?');
    }
  }
  const items: ReadinessItem[] = [];
  for (const [environment, id] of used) {
    const controller = new AbortController();
    try {
      await environment.start?.({ runId: `doctor-${process.pid}`, signal: controller.signal, env });
      items.push({ role: 'environment', id, ready: true });
    } catch (error) {
      items.push({ role: 'environment', id, ready: false, ...problemOf(error) });
    } finally {
      await environment.stop?.().catch(() => {});
    }
  }
  return items;
}

function problemOf(error: unknown): { problem: string; hint?: string } {
  const hint = isSkillEvalError(error) ? error.hint : undefined;
  return { problem: errorInfo(error).message, ...(hint ? { hint } : {}) };
}
