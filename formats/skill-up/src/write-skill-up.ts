import { dirname } from 'node:path';
import { type Case, type Check, type Suite, unwrittenSuiteKeys, type WriteResult } from '@skill-eval/core';
import { caseLabel, projectCopyLoss, toolRestrictionLoss, toYaml as yamlText } from '@skill-eval/format-kit';
import type { SkillUpCaseFile, Turn } from './case-schema.js';
import { engineHint, skillUpEngineName } from './engine-name.js';
import type { SkillUpSuiteFile } from './suite-schema.js';
import { insideRoot, type WriteContext, writeExpect, writeJudge } from './write-checks.js';
import { writeJudges } from './write-judges.js';

/** Metadata keys the writer puts back into the case file; any other key is reported lost. */
const WRITTEN_METADATA = new Set(['description', 'input', 'user_simulator', 'judgeSettings', 'judgesSettings']);

const toYaml = (value: unknown) => yamlText(value, { lineWidth: 0, aliasDuplicateObjects: false });

/**
 * Writes a suite as skill-up files: `eval.yaml` plus `cases/<id>.yaml`, to be placed in the skill's
 * `evals/` folder (`cases.files` entries are `evals/cases/<id>.yaml`, relative to the skill root).
 * Whatever skill-up cannot express is listed in `lost`.
 */
export function writeSkillUp(suite: Suite): WriteResult {
  const lost = unwrittenSuiteKeys(suite, 'skill-up');
  const root =
    typeof suite.settings.skillRoot === 'string'
      ? suite.settings.skillRoot
      : (suite.skill?.dir ?? dirname(dirname(suite.file)));
  const environment = suite.settings.environment as SkillUpSuiteFile['environment'] | undefined;
  const suiteSetup = (environment?.setup_steps ?? []).map((step) => step.run);
  const ctx: WriteContext = { root, lost: (what) => lost.push(what), suiteSetup };
  const files: WriteResult['files'] = [];
  const names = new Set<string>();
  const caseFiles: string[] = [];
  for (const [index, testCase] of suite.cases.entries()) {
    const name = uniqueName(testCase.id, names);
    caseFiles.push(`evals/cases/${name}.yaml`);
    const written = writeCase(testCase, caseLabel(index, testCase.id), ctx);
    // skill-up takes the id from the file name when `id` is left out, as the source may have done.
    if (testCase.rawId === undefined && name === testCase.id) delete written.id;
    files.push({ path: `evals/cases/${name}.yaml`, text: toYaml(written) });
  }
  files.unshift({ path: 'evals/eval.yaml', text: toYaml(writeSuite(suite, caseFiles, ctx)) });
  return { files, lost };
}

function writeSuite(suite: Suite, caseFiles: string[], ctx: WriteContext): SkillUpSuiteFile {
  const s = suite.settings as Partial<SkillUpSuiteFile> & { cases?: Partial<SkillUpSuiteFile['cases']> };
  const engines = [...new Set(suite.cases.map((c) => c.engine).filter((e): e is string => e !== undefined))];
  if (engines.length > 1)
    ctx.lost(`engine hints ${engines.join(', ')}: skill-up has one engine per suite, ${engines[0]} is written`);
  let engine = s.engine;
  const written = engine ? engineHint(engine.name || engine.type || 'claude_code') : undefined;
  if (engines[0] && engines[0] !== written) engine = { name: skillUpEngineName(engines[0]) };
  const models = [...new Set(suite.cases.map((c) => c.model).filter((m): m is string => m !== undefined))];
  if (models.length > 1)
    ctx.lost(`pinned models ${models.join(', ')}: skill-up pins one engine model per suite, ${models[0]} is written`);
  if (models[0]) engine = { ...(engine ?? { name: 'claude_code' }), model: modelOf(models[0], engine?.model) };
  // Each case carries its own expect, artifacts and judge, so suite-wide defaults would add to them.
  const { expect: _e, collect_artifacts: _a, ...defaults } = s.cases?.defaults ?? {};
  const { files: _f, defaults: _d, ...casesRest } = s.cases ?? {};
  return {
    schema_version: 'v1alpha1',
    environment: s.environment ?? { type: 'none' },
    ...(s.mcp ? { mcp: s.mcp } : {}),
    skills: s.skills ?? [{ source: 'local_path', path: '.' }],
    ...(engine ? { engine } : {}),
    cases: { files: caseFiles, ...(Object.keys(defaults).length ? { defaults } : {}), ...casesRest },
    ...(s.benchmark ? { benchmark: s.benchmark } : {}),
    ...(s.report ? { report: s.report } : {}),
    ...(s.user_simulator ? { user_simulator: s.user_simulator } : {}),
  };
}

function writeCase(testCase: Case, label: string, ctx: WriteContext): SkillUpCaseFile {
  const meta = testCase.metadata;
  const lostIf = (cond: unknown, what: string) => cond && ctx.lost(`${label}: ${what}`);
  lostIf(testCase.system, 'system prompt');
  lostIf(testCase.runs !== undefined, `runs: ${testCase.runs}`);
  lostIf(testCase.triggerThreshold !== undefined, `triggerThreshold: ${testCase.triggerThreshold}`);
  lostIf(
    JSON.stringify(testCase.workspace.setup) !== JSON.stringify(ctx.suiteSetup ?? []),
    'setup commands (skill-up runs one environment.setup_steps list for every case)',
  );
  lostIf(testCase.workspace.teardown.length, 'teardown commands');
  lostIf(testCase.workspace.overlays.length, 'workspace overlays');
  lostIf(testCase.workspace.project, projectCopyLoss(testCase.workspace) ?? '');
  lostIf(toolRestrictionLoss(testCase.tools), toolRestrictionLoss(testCase.tools) ?? '');
  lostIf(
    testCase.tags.length > 1 || (testCase.kind === 'trigger' && testCase.tags.some((t) => t !== 'trigger_test')),
    `tags ${testCase.tags.join(', ')} (skill-up has one tag)`,
  );
  const extraMeta = Object.keys(meta).filter((key) => !WRITTEN_METADATA.has(key));
  lostIf(extraMeta.length, `metadata ${extraMeta.join(', ')}`);

  let description = typeof meta.description === 'string' ? meta.description : undefined;
  if (testCase.reference !== undefined) {
    if (description === undefined) description = testCase.reference;
    ctx.lost(
      `${label}: reference${description === testCase.reference ? ' (written as description, which no judge reads)' : ''}`,
    );
  }
  const tag = testCase.kind === 'trigger' ? 'trigger_test' : testCase.tags[0];
  if (testCase.kind === 'trigger' && testCase.checks.some((c) => c.type === 'llm-rubric'))
    ctx.lost(`${label}: shouldTrigger (an agent_judge case has no trigger rule)`);

  const extraGates: Check[] = [];
  const judges = writeJudges(testCase, label, ctx);
  const judge = judges ? undefined : writeJudge(testCase, label, ctx, extraGates);
  const expect = writeExpect([...testCase.gates, ...extraGates], label, ctx);
  const context = writeContext(testCase, label, ctx);
  const { timeoutSeconds, maxTurns } = testCase.limits;
  return {
    id: testCase.id,
    ...(testCase.name !== testCase.id ? { title: testCase.name } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(tag ? { tag } : {}),
    input: writeInput(testCase),
    ...(context ? { context } : {}),
    ...(timeoutSeconds || maxTurns
      ? {
          constraints: {
            ...(timeoutSeconds ? { timeout_seconds: timeoutSeconds } : {}),
            ...(maxTurns ? { max_turns: maxTurns } : {}),
          },
        }
      : {}),
    ...(expect ? { expect } : {}),
    ...(judge ? { judge } : {}),
    ...(judges ? { judges } : {}),
    ...(testCase.workspace.artifacts.length ? { collect_artifacts: testCase.workspace.artifacts } : {}),
    ...(meta.user_simulator !== undefined
      ? { user_simulator: meta.user_simulator as SkillUpCaseFile['user_simulator'] }
      : {}),
  };
}

/** The input as read when it still matches the turns (keeps post-conditions, simulated turns); else plain turns. */
function writeInput(testCase: Case): SkillUpCaseFile['input'] {
  const kept = testCase.metadata.input as SkillUpCaseFile['input'] | undefined;
  // A `respond` turn is read as its instruction, in its place among the turns.
  const fixed = kept?.turns?.filter((t) => t.content || t.respond).map((t) => t.content || t.respond);
  if (kept && JSON.stringify(fixed) === JSON.stringify(testCase.turns)) return kept;
  if (testCase.turns.length === 1) return { prompt: testCase.turns[0]! };
  return { turns: testCase.turns.map((content): Turn => ({ role: 'user', content })) };
}

function writeContext(testCase: Case, label: string, ctx: WriteContext): SkillUpCaseFile['context'] {
  const context: NonNullable<SkillUpCaseFile['context']> = {};
  for (const file of testCase.workspace.files) {
    const from = insideRoot(file.from, ctx.root);
    if (file.to === '.' && from && !context.repo_fixture) context.repo_fixture = from;
    else
      ctx.lost(
        `${label}: workspace file ${file.from} → ${file.to} (skill-up copies one repo_fixture directory from the skill root)`,
      );
  }
  for (const path of testCase.workspace.missingFiles ?? [])
    ctx.lost(
      `${label}: workspace file ${path}, missing when the eval was read (skill-up copies one repo_fixture directory)`,
    );
  const git = testCase.workspace.git;
  if (git) {
    const diff = git.applyDiff ? insideRoot(git.applyDiff, ctx.root) : undefined;
    if (git.applyDiff && !diff) ctx.lost(`${label}: git diff ${git.applyDiff} (outside the skill root)`);
    context.git = {
      ...(git.init ? { init: true } : {}),
      ...(git.checkout ? { checkout: git.checkout } : {}),
      ...(diff ? { apply_diff: diff } : {}),
      ...(git.remotes.length ? { remotes: git.remotes } : {}),
    };
  }
  if (Object.keys(testCase.workspace.inline).length > 0) context.files = testCase.workspace.inline;
  return Object.keys(context).length > 0 ? context : undefined;
}

/** A file name for the case id: safe characters only, unique within the suite. */
function uniqueName(id: string, taken: Set<string>): string {
  const base = id.replace(/[^\w.-]+/g, '-').replace(/^[.-]+/, '') || 'case';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

/** `provider/name` back into skill-up's `engine.model`, keeping what else the suite's model said. */
function modelOf(pinned: string, written: NonNullable<SkillUpSuiteFile['engine']>['model']) {
  const slash = pinned.indexOf('/');
  const named = slash > 0 ? { provider: pinned.slice(0, slash), name: pinned.slice(slash + 1) } : { name: pinned };
  return { ...written, ...named };
}
