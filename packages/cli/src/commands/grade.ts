import { join, relative, resolve } from 'node:path';
import { type Case, redactorOf, SkillEvalError, type Suite } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { assertRunDirUsable, engineJudge, newRunName, planItems, runSuites } from '@skill-eval/runner';
import { type AgentCaseOptions, loadAgentCases } from '../agent-mode/agent-cases.js';
import { ANSWER_FILES, answerFile, caseKey } from '../agent-mode/answer-folders.js';
import { answerJudge } from '../agent-mode/answer-judge.js';
import { AGENT_ENGINE } from '../agent-mode/answer-session.js';
import { type AnsweredExecution, answersEngine } from '../agent-mode/answers-engine.js';
import { createEngine, engineSettings } from '../engines/engine-settings.js';
import { parseEngineSpec } from '../engines/engine-target.js';
import type { CommandIO } from '../io/io.js';
import { harnessVersion } from '../plugins/package-version.js';
import { findSqlParserWhereSkillEvalIs } from '../plugins/sql-parser-place.js';
import { loadConfig } from '../policy/config.js';
import { wholeNumber } from '../run/numeric-flags.js';
import { runIO } from '../run/run-io.js';
import { RUN_REPORTERS, type RunOutputFlags, runReporters } from '../run/run-reporters.js';

export interface GradeOptions extends AgentCaseOptions, RunOutputFlags {
  /** The answers folder: `<folder>/answer.md` per case (see `skill-eval prompt`). */
  answers: string;
  /** An engine to judge the cases whose folder has no `judge.json`. */
  judge?: string;
  out?: string;
  concurrency?: string;
}

/**
 * `skill-eval grade --answers <dir>`: grades the answers an agent wrote outside skill-eval (agent mode) as a run
 * grades its executions — every check, the judge's verdicts from each case's `judge.json` (or `--judge`) — and writes
 * a normal run directory that `report` and `compare` read. Exit status as `run`'s.
 */
export async function gradeCommand(paths: string[], options: GradeOptions, io: CommandIO): Promise<number> {
  findSqlParserWhereSkillEvalIs();
  const judgeSpec = options.judge === undefined ? undefined : parseEngineSpec(options.judge);
  const loaded = await loadAgentCases(
    paths,
    { ...options, engines: judgeSpec ? [judgeSpec.id] : [], reporters: RUN_REPORTERS },
    io,
  );
  const answersDir = resolve(io.cwd, options.answers);
  const answered = loaded.places.flatMap((place) => {
    const file = answerFile(answersDir, place.folder);
    return file ? [{ ...place, file }] : [];
  });
  const unanswered = loaded.places.filter((p) => !answered.some((a) => a.folder === p.folder));
  if (answered.length === 0) {
    throw new SkillEvalError('BAD_INPUT', `No answer in ${relative(io.cwd, answersDir) || '.'}.`, {
      hint: `Write each case's answer to <answers>/<folder>/${ANSWER_FILES.answer[0]}; \`skill-eval prompt\` lists the cases and their folders (e.g. ${join(options.answers, loaded.places[0]!.folder, ANSWER_FILES.answer[0])}).`,
    });
  }
  if (unanswered.length > 0) {
    io.stderr.write(
      `${unanswered.length} case(s) have no answer and are not graded: ${unanswered.map((p) => p.folder).join(', ')}\n`,
    );
  }
  if (loaded.triggerCases > 0)
    io.stderr.write(`${loaded.triggerCases} trigger case(s) are not graded: they need real runs (skill-eval run).\n`);

  // One run of each answered case, the way the runner plans it, so each execution finds its answer by id.
  const suites: Suite[] = loaded.suites.flatMap((suite) => {
    const cases: Case[] = answered.filter((a) => a.suite === suite).map((a) => ({ ...a.testCase, runs: 1 }));
    return cases.length > 0 ? [{ ...suite, cases }] : [];
  });
  const folderOf = new Map(answered.map((a) => [caseKey(a.testCase), join(answersDir, a.folder)]));
  const fileOf = new Map(answered.map((a) => [caseKey(a.testCase), a.file]));
  const executions = new Map<string, AnsweredExecution>();
  // Planned as the runner plans (its ids leave out any secret of the environment), so each id finds its answer.
  for (const item of planItems(suites, [AGENT_ENGINE], (id) => id, ['with_skill'], redactorOf(io.env).text)) {
    const key = caseKey(item.testCase);
    executions.set(item.planned.executionId, { folder: folderOf.get(key)!, answerFile: fileOf.get(key)! });
  }
  const target = { id: AGENT_ENGINE, engine: answersEngine(executions, harnessVersion()), version: harnessVersion() };

  const config = loadConfig(io.cwd, options.config, options.trust);
  let fallback: Judge | undefined;
  if (judgeSpec) {
    const engine = createEngine(loaded.registry, judgeSpec, config, {}, options.trust ?? false);
    const missing = engine.missingSetup?.(io.env);
    if (missing) throw new SkillEvalError('USAGE', `--judge ${options.judge}: ${missing}`);
    const model = judgeSpec.model ?? engine.defaultModel;
    const { settings } = engineSettings(loaded.registry, judgeSpec, config, {}, options.trust ?? false);
    fallback = engineJudge(engine, { ...(model ? { model } : {}), env: io.env, settings });
  }
  const judge = answerJudge(
    folderOf,
    {
      promptCommand: (testCase) =>
        `skill-eval prompt ${paths.join(' ')} --case ${testCase.id} --judge --answer-file <answer file>`,
    },
    fallback,
  );

  const outDir = resolve(io.cwd, options.out ?? `.skill-eval/runs/${newRunName()}`);
  assertRunDirUsable(outDir, relative(io.cwd, outDir), { resume: false });
  const { summary } = await runSuites({
    suites,
    engines: [target],
    judge,
    outDir,
    variants: ['with_skill'],
    concurrency: wholeNumber(options.concurrency, '-j/--concurrency', 1) ?? 4,
    reporters: await runReporters(loaded.registry, suites, options, io),
    ...runIO(io),
    trust: options.trust ?? false,
    harnessVersion: harnessVersion(),
    invocation: { cwd: io.cwd, paths, options: { ...options, command: 'grade' } },
  });
  return summary.caseTotals.failed + summary.caseTotals.errors === 0 ? 0 : 1;
}
