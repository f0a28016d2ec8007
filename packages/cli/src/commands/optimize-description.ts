import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { readSkillFrontmatter, readSkillRef, SkillEvalError } from '@skill-eval/core';
import type { CommandIO } from '../io/io.js';
import { measureDescription } from '../optimize/measure-description.js';
import { optimizationReport, type ReportHeading, reportWriter } from '../optimize/optimization-report.js';
import { optimizeEngines } from '../optimize/optimize-engines.js';
import { type Candidate, type LoopResult, optimizeLoop } from '../optimize/optimize-loop.js';
import {
  type OptimizeDescriptionOptions,
  optimizeSettings,
  REPORT_HTML,
  REPORT_JSON,
} from '../optimize/optimize-settings.js';
import { descriptionProposer } from '../optimize/propose-description.js';
import { withDescription } from '../optimize/skill-description.js';
import { triggerQueries } from '../optimize/trigger-queries.js';
import { harnessVersion } from '../plugins/package-version.js';

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
  const settings = optimizeSettings(options, io);
  const { outDir, engineSpec, runsPerQuery, threshold, triggerDetection } = settings;
  const { registry, split, train, test } = await triggerQueries(
    { skillPath, triggers: options.triggers },
    settings,
    io,
  );
  const { engine, version, proposer } = await optimizeEngines(registry, settings, io.env);
  const skill = readSkillRef(skillDir);
  const original = readSkillFrontmatter(skillDir).description ?? '';
  const skillMd = await readFile(skillFile, 'utf8');
  await mkdir(outDir, { recursive: true });

  const say = (line: string) => io.stdout.write(`${line}\n`);
  say(
    `Optimising the description of ${skill.name}: ${train} training and ${test} held-out queries, ${runsPerQuery} run(s) each on ${engine.id}; proposals by ${proposer.engine}${proposer.model ? ` (${proposer.model})` : ''}.`,
  );
  const heading: ReportHeading = {
    skill: { name: skill.name, file: relative(outDir, skillFile) },
    engine: `${engine.id}${engineSpec.model ? `:${engineSpec.model}` : ''} ${version}`,
    proposer: `${proposer.engine}${proposer.model ? `:${proposer.model}` : ''}`,
    split: { holdout: settings.holdout, seed: settings.seed, train, test },
    runsPerQuery,
    threshold,
    triggerDetection,
    originalDescription: original,
  };
  const seen: Candidate[] = [];
  const write = reportWriter(outDir);
  const propose = descriptionProposer(proposer);
  let result: LoopResult;
  try {
    result = await optimizeLoop({
      original,
      maxIterations: settings.maxIterations,
      measure: measureDescription({
        skill,
        queries: split,
        target: { id: engine.id, engine, version, ...(engineSpec.model ? { model: engineSpec.model } : {}) },
        outDir,
        runsPerQuery,
        threshold,
        triggerDetection,
        timeoutSeconds: settings.timeoutSeconds,
        concurrency: settings.concurrency,
        env: io.env,
        cwd: io.cwd,
        harnessVersion: harnessVersion(),
      }),
      propose: (current, trainScore, history) =>
        propose({ skillName: skill.name, skillMd, description: current, train: trainScore, history }),
      onCandidate: (c) => {
        seen.push(c);
        say(candidateLine(c));
        void write(optimizationReport(heading, outDir, { seen }));
      },
    });
  } catch (error) {
    await write(optimizationReport(heading, outDir, { seen, error: (error as Error).message }));
    throw error;
  }
  const { best } = result;
  const applied = options.apply === true && best.description !== original;
  if (applied)
    await writeFile(skillFile, withDescription(await readFile(skillFile, 'utf8'), best.description, skillFile));
  await write(optimizationReport(heading, outDir, { seen, result, applied }));
  sayBest(say, result, {
    original,
    applied,
    reportFile: relative(io.cwd, join(outDir, REPORT_HTML)),
    skillFile: relative(io.cwd, skillFile),
  });
  return 0;
}

/** One measured candidate, as the loop prints it. */
function candidateLine(c: Candidate): string {
  const held = c.measured.test ? `  held out ${c.measured.test.passed}/${c.measured.test.total}` : '';
  return `  ${c.iteration}  training ${c.measured.train.passed}/${c.measured.train.total}${held}  ${JSON.stringify(c.description.slice(0, 100))}`;
}

/** The loop's outcome, as the command prints it: the best description, the report, what became of SKILL.md. */
function sayBest(
  say: (line: string) => void,
  result: LoopResult,
  to: { original: string; applied: boolean; reportFile: string; skillFile: string },
): void {
  const { best } = result;
  const held = best.measured.test ? `held out ${best.measured.test.passed}/${best.measured.test.total}, ` : '';
  say(
    `Best: iteration ${best.iteration} (${held}training ${best.measured.train.passed}/${best.measured.train.total}; ${result.exitReason}):`,
  );
  say(`  ${best.description}`);
  say(`Report: ${to.reportFile} (and ${REPORT_JSON})`);
  if (to.applied) say(`${to.skillFile}: description replaced by the best one.`);
  else if (best.description === to.original)
    say('The skill’s own description is the best one found; SKILL.md is unchanged.');
  else say('SKILL.md is unchanged: pass --apply to write the best description into it.');
}
