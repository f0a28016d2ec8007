import { hasErrors, type Registry, SkillEvalError, type Suite } from '@skill-eval/core';
import { caseNeedsJudge } from '@skill-eval/grading/before-grading';
import type { OtlpTarget } from '@skill-eval/report/otlp';
import { type EngineTarget, findUntrustedInputs, type PlanItem, runSuites } from '@skill-eval/runner';
import { withApiKey } from '../credentials/api-key-option.js';
import { withDotEnv } from '../credentials/credential-sources.js';
import { withProviderModels } from '../credentials/skill-up-models.js';
import { unknownScopes } from '../engines/engine-target.js';
import { missingSetupCheck } from '../engines/missing-setup.js';
import { runEngineTargets } from '../engines/run-engine-targets.js';
import { type RunJudge, runJudge } from '../engines/run-judge.js';
import type { CommandIO } from '../io/io.js';
import { selectionOf } from '../loading/case-selection.js';
import { loadEvalFiles } from '../loading/load-eval-files.js';
import { printDiagnostics } from '../loading/print-diagnostics.js';
import { withBundledEngine } from '../plugins/build-registry.js';
import { bundledEngine } from '../plugins/bundled.js';
import { harnessVersion } from '../plugins/package-version.js';
import { findSqlParserWhereSkillEvalIs } from '../plugins/sql-parser-place.js';
import { assertEnginesConfined, environmentChoice, parseEnvironmentSpec } from '../policy/environment-choice.js';
import { startModelTraffic } from '../recording/model-traffic.js';
import { assertPromptsAsRecorded } from '../recording/prompts-as-recorded.js';
import { replayedRun } from '../recording/replayed-run.js';
import { baselineAtRef } from '../run/baseline-at-ref.js';
import { changedSuitesOnly } from '../run/changed-suites-only.js';
import { runResultCache } from '../run/result-cache-seal.js';
import { resumedRun, resumeFlags, runInvocation } from '../run/resume-run.js';
import type { RunCommandOptions } from '../run/run-command-options.js';
import { runIO } from '../run/run-io.js';
import { prestartLaunchers } from '../run/run-launchers.js';
import { RUN_REPORTERS, runReporters } from '../run/run-reporters.js';
import { type RunSettings, runSettings } from '../run/run-settings.js';
import { startTraces, tracesTarget } from '../run/run-traces.js';
import { exitStatusOf, listenForStopSignals } from '../run/stop-signals.js';

const needsJudge = (suites: readonly Suite[]): boolean => suites.some((s) => s.cases.some(caseNeedsJudge));

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
  // Where traces go is read from the real environment alone: a `.env` came with the project.
  const traces = await tracesTarget(options.otlp, given.env);
  // A cached result made no model call, so it has nothing to record or replay.
  const cache = options.record ? { cache: false } : {};
  return startRun(paths, { ...options, ...cache }, io, traces);
}

/** The run itself: settings, eval files, engines and judge, the trust and setup checks, then the executions. */
async function startRun(
  paths: string[],
  options: RunCommandOptions,
  io: CommandIO,
  tracesTo: OtlpTarget | undefined,
): Promise<number> {
  const trust = options.trust === true;
  findSqlParserWhereSkillEvalIs();
  const settings = runSettings(options, io);
  const loaded = await loadRunFiles(paths, options, settings, io);
  if (!loaded) return 2;
  if (loaded.suites.length === 0) {
    io.stderr.write(`No suite changed since ${options.changed}: no run was started (nothing was written).\n`);
    return 0;
  }
  const { registry, suites } = loaded;
  assertScopesInRun(settings, registry);
  const environmentText = options.environment ?? settings.config.environment;
  const environment = await environmentChoice(
    typeof environmentText === 'string' ? parseEnvironmentSpec(environmentText) : environmentText,
    {
      explicit: environmentText !== undefined,
      suites,
      cwd: io.cwd,
      trust: options.trust === true,
      ...(options.network ? { network: options.network } : {}),
    },
  );
  const engines = await runEngineTargets(loaded, settings, { trust, cwd: io.cwd, confined: Boolean(environment) });
  // --api-key: the key of the run's engines, over every other source; the judge takes it where it has none.
  const keyed = withApiKey(options.apiKey, engines, io.env);
  for (const note of keyed.notes) io.stderr.write(`${note}\n`);
  io.env = keyed.env;
  const judge = needsJudge(suites)
    ? await runJudge(await withBundledEngine(registry, settings.judgeSpec.id), settings, trust, keyed.judgeEnv)
    : undefined;
  if (await refusedUntrusted(suites, engines, judge, trust, io)) return 2;
  if (environment) assertEnginesConfined(engines);
  // A replayed run answers from its recordings: no engine or judge needs a key of its own.
  const setup = options.replay ? undefined : setupCheck(engines, judge, io.env);
  if (options.replay) await assertPromptsAsRecorded(options.replay, suites, io.cwd);
  const reporterFlags = { ...options, resumeFlags: resumeFlags(paths, options, io.cwd) };
  const reporters = await runReporters(registry, suites, reporterFlags, io);
  const { outDir } = settings;
  const traffic = await startModelTraffic(options, {
    io,
    outDir,
    engines,
    ...(judge ? { judge: judge.routable } : {}),
  });
  // Redacted as the run redacts its results: with the keys the run's environment holds, --api-key's among them.
  const traces = tracesTo ? await startTraces(tracesTo, io.env, io) : undefined;
  const { baselineGitRef, ...runMode } = settings.runMode;
  const baseline = baselineGitRef === undefined ? undefined : await baselineAtRef(baselineGitRef, suites, io);
  // The run goes ahead: the next load of these files rebuilds what this one parsed.
  loaded.keepCaches();
  const stop = listenForStopSignals(io.stderr);
  try {
    const { summary } = await runSuites({
      suites,
      engines,
      ...(judge ? { judge: judge.judge } : {}),
      outDir,
      concurrency: settings.concurrency,
      ...(settings.timeoutSeconds ? { timeoutSeconds: settings.timeoutSeconds } : {}),
      reporters: [...reporters, ...(traffic?.reporters ?? []), ...(traces ? [traces.reporter] : [])],
      signal: stop.signal,
      ...runIO(io),
      trust,
      ...(options.keepWorkspaces ? { keepWorkspaces: true } : {}),
      ...(options.triggerDetection ? { triggerDetection: options.triggerDetection } : {}),
      harnessVersion: harnessVersion(),
      ...runResultCache(options, settings.config.cacheDir, io),
      resume: options.resume !== undefined,
      invocation: runInvocation(paths, options, io.cwd, outDir),
      ...runMode,
      ...(baseline ? { baselineSkill: baseline.skill } : {}),
      ...(settings.shard ? { shard: settings.shard } : {}),
      ...(traffic ? { route: traffic.route } : {}),
      beforeExecutions: beforeExecutions(setup, settings, io),
      ...(environment ? { environment } : {}),
    });
    if (summary.interrupted) return exitStatusOf(stop.stoppedBy() ?? 'SIGINT');
    return summary.caseTotals.failed + summary.caseTotals.errors === 0 ? 0 : 1;
  } finally {
    stop.close();
    await traffic?.close();
    baseline?.remove();
    // An interrupted run waits less for its traces: the user is waiting for the prompt.
    await traces?.close(stop.stoppedBy() ? 2000 : 10_000);
  }
}

/**
 * What the run does once the cache has answered what it can, before anything is written or run: the setup check, then,
 * when executions will run, their launchers started (a run the user started without the cache started them before its
 * code loaded, see run-launchers.ts) and the containment notice.
 * Only executions are contained: a run the cache answers whole neither probes nor makes a cgroup, nor starts a
 * launcher.
 */
function beforeExecutions(
  setup: ((toRun: readonly PlanItem<EngineTarget>[]) => void) | undefined,
  settings: RunSettings,
  io: CommandIO,
): (toRun: readonly PlanItem<EngineTarget>[]) => Promise<void> {
  return async (toRun) => {
    setup?.(toRun);
    if (toRun.length === 0) return;
    // Started already when the user turned the cache off (run-launchers.ts): the first one is started only once.
    await prestartLaunchers(settings.engineSpecs);
    await noteWeakerContainment(io);
  };
}

/** Says once, where it is so, that the processes of executions are contained by the weaker fallback (the mark scan). */
async function noteWeakerContainment(io: CommandIO): Promise<void> {
  const { containmentNotice, containmentProbed } = await import('@skill-eval/engine-kit/execution-containment');
  await containmentProbed();
  const notice = containmentNotice();
  if (notice) io.stderr.write(`${notice}\n`);
}

/** The run's registry and suites, with their diagnostics printed; undefined when an error stops the run. */
async function loadRunFiles(paths: string[], options: RunCommandOptions, settings: RunSettings, io: CommandIO) {
  const { engineSpecs, judgeSpec, suiteEnginesAllowed } = settings;
  const loaded = await loadEvalFiles(
    paths,
    {
      ...options,
      // A bundled judge is imported once a case needs it (startRun); another is resolved now, so a typo stops the run.
      engines: [
        ...engineSpecs.map((s) => s.id),
        ...(bundledEngine(judgeSpec.id) ? [] : [judgeSpec.id]),
        ...(suiteEnginesAllowed ? ['command'] : []),
      ],
      reporters: RUN_REPORTERS,
      requireCases: true,
      select: selectionOf(options),
    },
    settings.config,
    io,
  );
  printDiagnostics(loaded.diagnostics, io.cwd, io.stderr, { quiet: options.quiet === true });
  // skill-up suites also find their keys where skill-up does: ~/.skill-up/credentials.yaml, under everything else;
  // and their models: <PROVIDER>_MODEL over the eval files' pins. Imported here: it reads YAML, which a run whose
  // loads are kept needs nowhere else.
  if (loaded.suites.some((s) => s.format === 'skill-up')) {
    const { withSkillUpCredentials } = await import('../credentials/skill-up-credentials.js');
    io.env = withSkillUpCredentials(io.env.HOME, { env: io.env, sources: new Map() }).env;
  }
  const { suites, notes } = withProviderModels(loaded.suites, io.env);
  printDiagnostics(notes, io.cwd, io.stderr, { quiet: options.quiet === true });
  if (hasErrors(loaded.diagnostics)) {
    io.stderr.write('No run was started: fix the errors above (nothing was written).\n');
    return undefined;
  }
  if (options.changed === undefined) return { ...loaded, suites };
  const quiet = options.quiet === true;
  return { ...loaded, suites: await changedSuitesOnly(suites, options.changed, io, { quiet }) };
}

/** `--ek` settings scoped to an engine that is not in the run are a typo: the run stops before it starts. */
function assertScopesInRun({ kwargs, engineSpecs, judgeSpec }: RunSettings, registry: Registry): void {
  const typos = unknownScopes(
    kwargs,
    [...engineSpecs.map((e) => e.id), judgeSpec.id].flatMap((id) => {
      // A bundled judge not imported yet is known by the names the bundle lists.
      const plugin = registry.hasEngine(id) ? registry.engine(id) : bundledEngine(id);
      return [id, ...(plugin ? [plugin.id, ...(plugin.aliases ?? [])] : [])];
    }),
  );
  if (typos.length) {
    throw new SkillEvalError('USAGE', `--ek names an engine that is not in this run: ${typos.join(', ')}.`, {
      hint: 'Scope a setting to an engine of the run, e.g. --ek claude-code.path=/usr/local/bin/claude.',
    });
  }
}

/**
 * What the eval files bring that would start a program or send data away without --trust: refused before any
 * execution, each at its place. True when the run is refused.
 */
async function refusedUntrusted(
  suites: Suite[],
  engines: EngineTarget[],
  judge: RunJudge | undefined,
  trust: boolean,
  io: CommandIO,
): Promise<boolean> {
  const untrusted = await findUntrustedInputs(suites, {
    trust,
    modelKeys: [...engines.map((t) => t.engine), ...(judge ? [judge.engine] : [])].flatMap((e) => e.environment ?? []),
    cwd: io.cwd,
  });
  if (untrusted.length === 0) return false;
  printDiagnostics(untrusted, io.cwd, io.stderr);
  io.stderr.write('No run was started: nothing above ran (nothing was written).\n');
  return true;
}

/** The check, before the executions start, that each engine and the judge have the keys the executions need. */
function setupCheck(engines: EngineTarget[], judge: RunJudge | undefined, env: Record<string, string | undefined>) {
  return missingSetupCheck(
    [
      ...engines.map((target) => ({
        engine: target.engine,
        role: 'engine' as const,
        neededBy: (item: PlanItem<EngineTarget>) => item.target === target,
      })),
      ...(judge
        ? [
            {
              engine: judge.engine,
              role: 'judge' as const,
              neededBy: (item: PlanItem<EngineTarget>) => caseNeedsJudge(item.testCase),
            },
          ]
        : []),
    ],
    env,
  );
}
