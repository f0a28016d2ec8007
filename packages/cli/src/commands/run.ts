import { constants } from 'node:os';
import { relative, resolve } from 'node:path';
import {
  configuredSettings,
  type Engine,
  hasErrors,
  isSkillEvalError,
  parsedPluginSettings,
  pluginStep,
  type Registry,
  SkillEvalError,
  type Suite,
} from '@skill-eval/core';
import { killLiveProcessGroups } from '@skill-eval/engine-kit/process-groups';
import { caseNeedsJudge, type Judge } from '@skill-eval/grading';
import {
  assertRunDirUsable,
  type EngineTarget,
  engineJudge,
  findUntrustedInputs,
  newRunName,
  type PlanItem,
  parseShard,
  runSuites,
} from '@skill-eval/runner';
import { type Config, loadConfig } from '../config.js';
import { withDotEnv, withSkillUpCredentials } from '../credential-sources.js';
import { customEngineTargets } from '../custom-engine-targets.js';
import {
  type EngineSpec,
  engineTargetIds,
  kwargsFor,
  parseEngineKwargs,
  parseEngineSpec,
  unknownScopes,
} from '../engine-target.js';
import { assertEnginesConfined, environmentChoice, parseEnvironmentSpec } from '../environment-choice.js';
import type { CommandIO } from '../io.js';
import { judgeSetupError } from '../judge-setup-text.js';
import { loadEvalFiles } from '../load-eval-files.js';
import { missingSetupCheck } from '../missing-setup.js';
import { startModelTraffic } from '../model-traffic.js';
import { parseTimeout, wholeNumber } from '../numeric-flags.js';
import { harnessVersion } from '../package-version.js';
import { bundledEngine } from '../plugins/bundled.js';
import { printDiagnostics } from '../print-diagnostics.js';
import { assertPromptsAsRecorded } from '../prompts-as-recorded.js';
import { replayedRun } from '../replayed-run.js';
import { cacheDirFor, resumedRun, runInvocation } from '../resume-run.js';
import type { RunCommandOptions } from '../run-command-options.js';
import { parseRunMode } from '../run-mode-options.js';
import { RUN_REPORTERS, runReporters } from '../run-reporters.js';
import type { RoutableJudge } from '../traffic-context.js';

/** Signals that stop a run the way Ctrl-C does. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** The shell's status for a process ended by `signal`: 130 for SIGINT, 143 for SIGTERM. */
const exitStatusOf = (signal: NodeJS.Signals): number => 128 + constants.signals[signal];

const DEFAULT_ENGINE = 'claude-code';
const DEFAULT_JUDGE = 'anthropic';

const needsJudge = (suites: readonly Suite[]): boolean => suites.some((s) => s.cases.some(caseNeedsJudge));

export function engineSettings(
  registry: Registry,
  spec: EngineSpec,
  config: Config,
  kwargs: Record<string, unknown>,
  trust: boolean,
) {
  const plugin = registry.engine(spec.id);
  // A command the user typed (--ek command=…) or wrote in a config named with -c is theirs to run; one from a config
  // found in the project or from an eval file needs --trust.
  const own = kwargsFor(kwargs, [plugin.id, spec.id, ...(plugin.aliases ?? [])]);
  const trusted = plugin.id === 'command' ? { trusted: trust || config.trusted === true || 'command' in own } : {};
  const raw = { ...configuredSettings(config.engineSettings, plugin), ...own };
  const settings = parsedPluginSettings(plugin, { ...raw, ...trusted });
  // A model the user names (`-e id:model`, `--ek model=…`, the config's) wins over the one a case pins.
  const named = spec.model ?? (typeof raw.model === 'string' ? raw.model : undefined);
  return { plugin, settings, ...(named ? { chosenModel: named } : {}) };
}

export function createEngine(...args: Parameters<typeof engineSettings>) {
  const { plugin, settings } = engineSettings(...args);
  return pluginStep(plugin, 'create()', () => plugin.create(settings));
}

/** `skill-eval run`: validate everything first (nothing is written on bad input), then run and report. */
export async function runCommand(paths: string[], options: RunCommandOptions, given: CommandIO): Promise<number> {
  if (options.resume && !options.resumed) {
    const resumed = await resumedRun(paths, options, given);
    return runCommand(resumed.paths, resumed.options, resumed.io);
  }
  if (options.replay && !options.replaying) {
    const replayed = await replayedRun(paths, options, given);
    return runCommand(replayed.paths, replayed.options, replayed.io);
  }
  // The project's `.env` under the real environment: keys and endpoints found there reach engines and judges alike.
  const io = { ...given, env: withDotEnv(given.cwd, given.env, options.trust === true).env };
  // A cached result made no model call, so it has nothing to record or replay.
  if (options.record && options.cache !== false) return runCommand(paths, { ...options, cache: false }, io);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const config = loadConfig(io.cwd, options.config, options.trust);
  const engineSpecs = (options.engine?.length ? options.engine : [config.engine ?? DEFAULT_ENGINE].flat()).map(
    parseEngineSpec,
  );
  // With no engine chosen, a suite that declares its own (skill-up engine.custom) runs on the command engine.
  const suiteEnginesAllowed = !options.engine?.length && config.engine === undefined;
  const judgeSpec = parseEngineSpec(options.judge ?? config.judge ?? DEFAULT_JUDGE);
  const kwargs = parseEngineKwargs(options.ek ?? []);
  const concurrency = wholeNumber(options.concurrency, '-j/--concurrency', 1) ?? config.concurrency ?? 4;
  const timeoutSeconds = parseTimeout(options.timeout, '--timeout') ?? config.timeout;
  const runMode = parseRunMode(options, io.cwd);
  const outDir = resolve(io.cwd, options.out ?? `.skill-eval/runs/${newRunName()}`);
  assertRunDirUsable(outDir, relative(io.cwd, outDir), { resume: Boolean(options.resume) });
  // Engines that run a program per execution start it from launcher processes: once the options are known to be
  // usable, start those while the run loads — unless the result cache may answer every execution (a re-run), which
  // then needs none.
  if (options.cache === false && engineSpecs.some((spec) => bundledEngine(spec.id)?.startsPrograms)) {
    void import('@skill-eval/engine-kit').then((kit) => kit.prestartLaunchers());
  }

  const { registry, engineIds, enginePackageVersions, suites, diagnostics } = await loadEvalFiles(
    paths,
    {
      ...options,
      engines: [...engineSpecs.map((s) => s.id), judgeSpec.id, ...(suiteEnginesAllowed ? ['command'] : [])],
      reporters: RUN_REPORTERS,
      requireCases: true,
    },
    config,
    io,
  );
  printDiagnostics(diagnostics, io.cwd, io.stderr);
  // skill-up suites also find their keys where skill-up does: ~/.skill-up/credentials.yaml, under everything else.
  if (suites.some((s) => s.format === 'skill-up')) {
    io.env = withSkillUpCredentials(io.env.HOME, { env: io.env, sources: new Map() }).env;
  }
  if (hasErrors(diagnostics)) {
    io.stderr.write('No run was started: fix the errors above (nothing was written).\n');
    return 2;
  }
  const typos = unknownScopes(
    kwargs,
    [...engineSpecs.map((e) => e.id), judgeSpec.id].flatMap((id) => {
      const plugin = registry.engine(id);
      return [id, plugin.id, ...(plugin.aliases ?? [])];
    }),
  );
  if (typos.length) {
    throw new SkillEvalError('USAGE', `--ek names an engine that is not in this run: ${typos.join(', ')}.`, {
      hint: 'Scope a setting to an engine of the run, e.g. --ek claude-code.path=/usr/local/bin/claude.',
    });
  }
  const environmentText = options.environment ?? config.environment;
  const environment = await environmentChoice(
    typeof environmentText === 'string' ? parseEnvironmentSpec(environmentText) : environmentText,
    {
      explicit: environmentText !== undefined,
      suites,
      cwd: io.cwd,
      ...(options.network ? { network: options.network } : {}),
    },
  );
  const custom = suiteEnginesAllowed
    ? await customEngineTargets(suites, registry, options.trust === true, io.cwd, enginePackageVersions.get('command'))
    : [];
  const otherSuites = suites.filter((s) => !custom.some((t) => t.suites?.includes(s.id)));
  const engines: EngineTarget[] = [...custom];
  const targetIds = engineTargetIds(engineSpecs, (spec) => engineIds.get(spec.id) ?? registry.engine(spec.id).id);
  // The default engine is built (and its program checked) only when some suite still needs it.
  for (const [i, spec] of (otherSuites.some((s) => s.cases.length) ? engineSpecs : []).entries()) {
    const engine = createEngine(registry, spec, config, kwargs, options.trust ?? false);
    // Fails fast, with an install hint, when the engine's program is missing — unless the executions run in
    // containers or sandboxes, whose image may hold it. The plugin's own faults name it.
    const version = await pluginStep(registry.engine(spec.id), 'version()', () => engine.version()).catch(
      (error: unknown) => {
        if (environment && isSkillEvalError(error) && error.code === 'ENGINE_NOT_FOUND') return undefined;
        throw error;
      },
    );
    const { settings, chosenModel } = engineSettings(registry, spec, config, kwargs, options.trust ?? false);
    engines.push({
      id: targetIds[i]!,
      engine,
      version,
      packageVersion: enginePackageVersions.get(engine.id),
      settings,
      ...(chosenModel ? { model: chosenModel } : {}),
      ...(custom.length ? { suites: otherSuites.map((s) => s.id) } : {}),
    });
  }

  let judge: Judge | undefined;
  let routableJudge: RoutableJudge | undefined;
  let judgeEngine: Engine | undefined;
  if (needsJudge(suites)) {
    // The judge takes only settings scoped to it (`--ek anthropic.model=…`): unscoped ones are for the run's engines.
    const scoped = Object.fromEntries(Object.entries(kwargs).filter(([key]) => key.includes('.')));
    const created = createEngine(registry, judgeSpec, config, scoped, options.trust ?? false);
    judgeEngine = created;
    // Fails fast, with an install hint, when the judge's program is missing: claude-code's completions run claude too.
    await pluginStep(registry.engine(judgeSpec.id), 'version()', () => created.version()).catch((error: unknown) => {
      throw judgeSetupError(error, judgeSpec.id);
    });
    const model = judgeSpec.model ?? judgeEngine.defaultModel;
    const { settings, chosenModel } = engineSettings(registry, judgeSpec, config, scoped, options.trust ?? false);
    // A judge model the user named wins over the one a case pins for its judge.
    const modelChosen = chosenModel !== undefined;
    judge = engineJudge(judgeEngine, { ...(model ? { model } : {}), modelChosen, env: io.env, settings });
    routableJudge = {
      engineId: judgeEngine.id,
      baseUrl: (settings as { baseUrl?: string }).baseUrl,
      create: (baseUrl, env) => {
        const routed = { ...scoped, [`${judgeSpec.id}.baseUrl`]: baseUrl };
        const engine = createEngine(registry, judgeSpec, config, routed, options.trust ?? false);
        return engineJudge(engine, { ...(model ? { model } : {}), modelChosen, env });
      },
    };
  }

  // What the eval files bring that would start a program or send data away without --trust: refused before any
  // execution, each at its place.
  const untrusted = await findUntrustedInputs(suites, {
    trust: options.trust === true,
    modelKeys: [...engines.map((t) => t.engine), ...(judgeEngine ? [judgeEngine] : [])].flatMap(
      (e) => e.environment ?? [],
    ),
    cwd: io.cwd,
  });
  if (untrusted.length > 0) {
    printDiagnostics(untrusted, io.cwd, io.stderr);
    io.stderr.write('No run was started: nothing above ran (nothing was written).\n');
    return 2;
  }
  if (environment) assertEnginesConfined(engines);

  // A replayed run answers from its recordings: no engine or judge needs a key of its own.
  const beforeExecutions = options.replay
    ? undefined
    : missingSetupCheck(
        [
          ...engines.map((target) => ({
            engine: target.engine,
            role: 'engine' as const,
            neededBy: (item: PlanItem<EngineTarget>) => item.target === target,
          })),
          ...(judgeEngine
            ? [
                {
                  engine: judgeEngine,
                  role: 'judge' as const,
                  neededBy: (item: PlanItem<EngineTarget>) => caseNeedsJudge(item.testCase),
                },
              ]
            : []),
        ],
        io.env,
      );
  if (options.replay) await assertPromptsAsRecorded(options.replay, suites, io.cwd);
  const reporters = await runReporters(registry, suites, options, io);
  const traffic = await startModelTraffic(options, {
    io,
    outDir,
    engines,
    ...(routableJudge ? { judge: routableJudge } : {}),
  });
  // Ctrl-C, or SIGTERM from a CI runner cancelling the job or a container stopping: the running executions (and the
  // agents' process groups) are stopped and a partial summary written; the same signal again quits at once.
  const interrupt = new AbortController();
  let stoppedBy: NodeJS.Signals | undefined;
  const onStopSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) {
      // Quitting at once leaves nothing running: agents, setup services and teardown commands go with the run.
      killLiveProcessGroups();
      process.exit(exitStatusOf(signal));
    }
    stoppedBy = signal;
    const again = signal === 'SIGINT' ? 'Ctrl-C again' : `${signal} again`;
    io.stderr.write(
      `\nInterrupted (${signal}): stopping running executions and writing a partial summary (${again} to quit now).\n`,
    );
    interrupt.abort();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);
  try {
    const { summary } = await runSuites({
      suites,
      engines,
      ...(judge ? { judge } : {}),
      outDir,
      concurrency,
      ...(timeoutSeconds ? { timeoutSeconds } : {}),
      reporters: [...reporters, ...(traffic?.reporters ?? [])],
      signal: interrupt.signal,
      env: io.env,
      trust: options.trust ?? false,
      ...(options.keepWorkspaces ? { keepWorkspaces: true } : {}),
      ...(options.triggerDetection ? { triggerDetection: options.triggerDetection } : {}),
      harnessVersion: harnessVersion(),
      cacheDir: cacheDirFor(options, config.cacheDir, io.cwd),
      resume: options.resume !== undefined,
      invocation: runInvocation(paths, options, io.cwd, outDir),
      ...runMode,
      ...(shard ? { shard } : {}),
      ...(traffic ? { route: traffic.route } : {}),
      ...(beforeExecutions ? { beforeExecutions } : {}),
      ...(environment ? { environment } : {}),
    });
    if (summary.interrupted) return exitStatusOf(stoppedBy ?? 'SIGINT');
    return summary.caseTotals.failed + summary.caseTotals.errors === 0 ? 0 : 1;
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onStopSignal);
    await traffic?.close();
  }
}
