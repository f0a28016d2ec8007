import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { hasErrors, readSkillFrontmatter, readSkillRef, SkillEvalError, totalTokens } from '@skill-eval/core';
import type { TriggerDetection } from '@skill-eval/grading';
import type { OptimizationReport } from '@skill-eval/report-html';
import { engineJudge, newRunName } from '@skill-eval/runner';
import { loadConfig } from '../config.js';
import { createEngine, engineSettings } from '../engine-settings.js';
import { parseEngineKwargs, parseEngineSpec } from '../engine-target.js';
import type { CommandIO } from '../io.js';
import { loadEvalFiles } from '../load-eval-files.js';
import { fraction, parseTimeout, wholeNumber } from '../numeric-flags.js';
import { measureDescription, type SplitQuery } from '../optimize/measure-description.js';
import { type Candidate, type LoopResult, optimizeLoop } from '../optimize/optimize-loop.js';
import { descriptionProposer } from '../optimize/propose-description.js';
import { withDescription } from '../optimize/skill-description.js';
import { DEFAULT_HOLDOUT, DEFAULT_SEED, splitQueries } from '../optimize/split-queries.js';
import { harnessVersion } from '../package-version.js';
import { printDiagnostics } from '../print-diagnostics.js';

export interface OptimizeDescriptionOptions {
  /** The trigger set (default: the skill's own, found as `run` finds it). */
  triggers?: string;
  engine?: string;
  /** The engine whose model proposes descriptions (default: the trigger runs' engine). */
  judge?: string;
  ek?: string[];
  holdout?: string;
  seed?: string;
  maxIterations?: string;
  runsPerQuery?: string;
  triggerThreshold?: string;
  triggerDetection?: TriggerDetection;
  timeout?: string;
  concurrency?: string;
  out?: string;
  /** Write the best description into SKILL.md. */
  apply?: boolean;
  config?: string;
  trust?: boolean;
}

/** skill-creator's run_loop.py defaults: 5 iterations, 3 runs per query, threshold 0.5, 30 s per query. */
const DEFAULTS = { maxIterations: 5, runsPerQuery: 3, threshold: 0.5, timeoutSeconds: 30, concurrency: 4 };
const REPORT_JSON = 'optimize.json';
const REPORT_HTML = 'optimize.html';

/**
 * `skill-eval optimize-description <skill>`: skill-creator's description loop on any engine. The skill's trigger set
 * is split into training and held-out queries (stratified, seeded as skill-creator seeds it); each description is
 * measured with real trigger runs, a model proposes the next from the training failures alone, and the best is
 * chosen by held-out score. Writes optimize.json and optimize.html; SKILL.md changes only with --apply.
 */
export async function optimizeDescriptionCommand(
  skillPath: string,
  options: OptimizeDescriptionOptions,
  io: CommandIO,
): Promise<number> {
  const skillDir = resolve(io.cwd, skillPath);
  const skillFile = join(skillDir, 'SKILL.md');
  if (!existsSync(skillFile)) {
    throw new SkillEvalError('USAGE', `${skillPath} holds no SKILL.md: give the folder of the skill to optimise.`);
  }
  const holdout = fraction(options.holdout, '--holdout') ?? DEFAULT_HOLDOUT;
  const seed = wholeNumber(options.seed, '--seed', 0) ?? DEFAULT_SEED;
  const maxIterations = wholeNumber(options.maxIterations, '--max-iterations', 1) ?? DEFAULTS.maxIterations;
  const runsPerQuery = wholeNumber(options.runsPerQuery, '--runs-per-query', 1) ?? DEFAULTS.runsPerQuery;
  const threshold = fraction(options.triggerThreshold, '--trigger-threshold') ?? DEFAULTS.threshold;
  const timeoutSeconds = parseTimeout(options.timeout, '--timeout') ?? DEFAULTS.timeoutSeconds;
  const concurrency = wholeNumber(options.concurrency, '-j/--concurrency', 1) ?? DEFAULTS.concurrency;
  const triggerDetection = options.triggerDetection ?? 'first-tool';
  const config = loadConfig(io.cwd, options.config, options.trust);
  const engineSpec = parseEngineSpec(options.engine ?? [config.engine ?? 'claude-code'].flat()[0]!);
  const judgeSpec = options.judge ? parseEngineSpec(options.judge) : engineSpec;
  const kwargs = parseEngineKwargs(options.ek ?? []);
  const outDir = resolve(io.cwd, options.out ?? `.skill-eval/optimize/${newRunName()}`);
  if (existsSync(join(outDir, REPORT_JSON))) {
    throw new SkillEvalError('USAGE', `${relative(io.cwd, outDir)} already holds an optimisation; give another --out.`);
  }

  // The trigger set: the file named, or the skill's own trigger cases wherever `run` would find them.
  const { registry, suites, diagnostics } = await loadEvalFiles(
    [options.triggers ?? skillPath],
    { mode: 'trigger', engines: [engineSpec.id, judgeSpec.id], trust: options.trust === true },
    config,
    io,
  );
  printDiagnostics(diagnostics, io.cwd, io.stderr);
  if (hasErrors(diagnostics))
    throw new SkillEvalError('BAD_INPUT', 'The trigger set has errors (above); fix them first.');
  const cases = suites.flatMap((s) => s.cases);
  if (cases.length === 0) {
    throw new SkillEvalError('BAD_INPUT', `No trigger queries found for ${skillPath}.`, {
      hint: 'Give the skill a triggers.json ([{"query": "…", "should_trigger": true}, …]) in its evals/ folder, or name one with --triggers.',
    });
  }
  const queries = cases.map((c) => ({ query: c.turns[0]!, shouldTrigger: c.shouldTrigger ?? true, source: c.source }));
  const { train, test } = splitQueries(queries, holdout, seed);
  const split: SplitQuery[] = [
    ...train.map((q) => ({ ...q, set: 'train' as const })),
    ...test.map((q) => ({ ...q, set: 'test' as const })),
  ];

  const trust = options.trust ?? false;
  const engine = createEngine(registry, engineSpec, config, kwargs, trust);
  const version = await engine.version();
  const proposerEngine = judgeSpec === engineSpec ? engine : createEngine(registry, judgeSpec, config, kwargs, trust);
  for (const [role, e] of [
    ['--engine', engine],
    ['--judge', proposerEngine],
  ] as const) {
    const missing = e.missingSetup?.(io.env);
    if (missing) throw new SkillEvalError('USAGE', `${role} ${e.id}: ${missing}`);
  }
  const proposerModel = judgeSpec.model ?? proposerEngine.defaultModel;
  const proposer = engineJudge(proposerEngine, {
    ...(proposerModel ? { model: proposerModel } : {}),
    env: io.env,
    settings: engineSettings(registry, judgeSpec, config, kwargs, trust).settings,
  });
  const skill = readSkillRef(skillDir);
  const original = readSkillFrontmatter(skillDir).description ?? '';
  const skillMd = await readFile(skillFile, 'utf8');
  await mkdir(outDir, { recursive: true });

  const say = (line: string) => io.stdout.write(`${line}\n`);
  say(
    `Optimising the description of ${skill.name}: ${train.length} training and ${test.length} held-out queries, ${runsPerQuery} run(s) each on ${engine.id}; proposals by ${proposer.engine}${proposer.model ? ` (${proposer.model})` : ''}.`,
  );
  const seen: Candidate[] = [];
  const report = (result?: Partial<LoopResult>, error?: string, applied = false): OptimizationReport => {
    const candidates = result?.candidates ?? seen;
    const costOf = (c: Candidate) => c.measured.costUsd + (c.proposal?.costUsd ?? 0);
    const tokensOf = (c: Candidate) => totalTokens(c.measured.usage) + (c.proposal ? totalTokens(c.proposal.usage) : 0);
    return {
      skill: { name: skill.name, file: relative(outDir, skillFile) },
      engine: `${engine.id}${engineSpec.model ? `:${engineSpec.model}` : ''} ${version}`,
      proposer: `${proposer.engine}${proposer.model ? `:${proposer.model}` : ''}`,
      split: { holdout, seed, train: train.length, test: test.length },
      runsPerQuery,
      threshold,
      triggerDetection,
      exitReason: error ? 'failed' : (result?.exitReason ?? 'running'),
      ...(error ? { error } : {}),
      originalDescription: original,
      ...(result?.best ? { best: { iteration: result.best.iteration, description: result.best.description } } : {}),
      candidates: candidates.map((c) => ({
        iteration: c.iteration,
        description: c.description,
        train: c.measured.train,
        ...(c.measured.test ? { test: c.measured.test } : {}),
        costUsd: c.measured.costUsd,
        tokens: totalTokens(c.measured.usage),
        ...(c.proposal ? { proposal: { costUsd: c.proposal.costUsd, tokens: totalTokens(c.proposal.usage) } } : {}),
        runDir: relative(outDir, c.measured.runDir),
      })),
      totals: {
        costUsd: candidates.reduce((n, c) => n + costOf(c), 0),
        tokens: candidates.reduce((n, c) => n + tokensOf(c), 0),
      },
      applied,
    };
  };
  // Written after each candidate (a long loop can be watched), one write after the other.
  let writing = Promise.resolve();
  const write = (content: OptimizationReport) => {
    writing = writing.then(async () => {
      const { renderOptimizationReport } = await import('@skill-eval/report-html');
      await writeFile(join(outDir, REPORT_JSON), `${JSON.stringify(content, null, 2)}\n`);
      await writeFile(join(outDir, REPORT_HTML), renderOptimizationReport(content));
    });
    return writing;
  };
  const propose = descriptionProposer(proposer);
  let result: LoopResult;
  try {
    result = await optimizeLoop({
      original,
      maxIterations,
      measure: measureDescription({
        skill,
        queries: split,
        target: { id: engine.id, engine, version, ...(engineSpec.model ? { model: engineSpec.model } : {}) },
        outDir,
        runsPerQuery,
        threshold,
        triggerDetection,
        timeoutSeconds,
        concurrency,
        env: io.env,
        cwd: io.cwd,
        harnessVersion: harnessVersion(),
      }),
      propose: (current, trainScore, history) =>
        propose({ skillName: skill.name, skillMd, description: current, train: trainScore, history }),
      onCandidate: (c) => {
        seen.push(c);
        const held = c.measured.test ? `  held out ${c.measured.test.passed}/${c.measured.test.total}` : '';
        say(
          `  ${c.iteration}  training ${c.measured.train.passed}/${c.measured.train.total}${held}  ${JSON.stringify(c.description.slice(0, 100))}`,
        );
        void write(report());
      },
    });
  } catch (error) {
    await write(report(undefined, (error as Error).message));
    throw error;
  }
  const { best } = result;
  const applied = options.apply === true && best.description !== original;
  if (applied)
    await writeFile(skillFile, withDescription(await readFile(skillFile, 'utf8'), best.description, skillFile));
  await write(report(result, undefined, applied));
  const held = best.measured.test ? `held out ${best.measured.test.passed}/${best.measured.test.total}, ` : '';
  say(
    `Best: iteration ${best.iteration} (${held}training ${best.measured.train.passed}/${best.measured.train.total}; ${result.exitReason}):`,
  );
  say(`  ${best.description}`);
  say(`Report: ${relative(io.cwd, join(outDir, REPORT_HTML))} (and ${REPORT_JSON})`);
  if (applied) say(`${relative(io.cwd, skillFile)}: description replaced by the best one.`);
  else if (best.description === original)
    say('The skill’s own description is the best one found; SKILL.md is unchanged.');
  else say('SKILL.md is unchanged: pass --apply to write the best description into it.');
  return 0;
}
