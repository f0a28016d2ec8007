import { basename, extname } from 'node:path';
import { type Case, type Check, type FixtureFile, parseCase, type UserSimulatorSpec } from '@skill-eval/core';
import type { CaseContext } from './case-context.js';
import type { SkillUpCaseFile } from './case-schema.js';
import { caseExpectGates } from './map-expect.js';
import { judgeAndJudges, mapJudge } from './map-judge.js';
import { mapJudgeList } from './map-judge-list.js';
import { caseMcpServers } from './map-mcp.js';
import type { MappedJudge } from './mapped-judge.js';
import { type ReadTurns, readTurns } from './read-turns.js';
import type { ReadYaml } from './read-yaml-file.js';
import { resolveSkillPath } from './resolve-path.js';
import type { Judge } from './rule-schema.js';
import { nodeAt, pathText } from './yaml-path.js';

/** Judge fields a case's own judge takes from the suite judge when it leaves them out (skill-up's MergeJudgeConfig). */
const JUDGE_INHERITS = ['model', 'pass_threshold', 'timeout_seconds', 'context'] as const;

/**
 * Builds the case of one validated case file with its suite's defaults. Returns undefined when the
 * case cannot run (no usable input); every problem is already a diagnostic.
 */
export function buildCase(read: ReadYaml<SkillUpCaseFile>, ctx: CaseContext): Case | undefined {
  const doc = read.value!;
  const { suite, sink, yaml } = ctx;
  const metadata: Record<string, unknown> = {};
  if (doc.user_simulator !== undefined) metadata.user_simulator = doc.user_simulator;
  const input = readTurns(doc.input, { ...ctx, simulated: doc.user_simulator !== undefined });
  if (!input) return undefined;
  if (input.richer || input.respond.length > 0) metadata.input = doc.input;

  const stem = basename(ctx.file, extname(ctx.file));
  const id = doc.id === undefined || String(doc.id) === '' ? stem : String(doc.id);
  if (doc.description !== undefined) metadata.description = doc.description;

  const files: FixtureFile[] = [];
  if (doc.context?.repo_fixture) {
    const at = nodeAt(yaml, ['context', 'repo_fixture']);
    const from = resolveSkillPath(doc.context.repo_fixture, suite.skillRoot, 'context.repo_fixture', sink, at);
    // The directory's contents become the workspace root, as skill-up copies it.
    if (from) files.push({ from, to: '.' });
  }
  const git = doc.context?.git ? mapGit(doc.context.git, ctx) : undefined;

  const errorsBefore = sink.errorCount;
  const gates = caseExpectGates(doc.expect, ctx);
  const judge = caseJudge(doc, ctx);
  const checks = [...(judge?.checks ?? [])];
  const failIf = [...(judge?.failIf ?? [])];
  if (judge && Object.keys(judge.unapplied).length > 0) metadata.judgeSettings = judge.unapplied;
  if (judge?.memberSettings && Object.keys(judge.memberSettings).length > 0)
    metadata.judgesSettings = judge.memberSettings;

  const { kind, shouldTrigger } = caseKind(doc, { gates, checks, failIf, errorsBefore }, ctx);

  const timeout = pick(doc.constraints?.timeout_seconds, suite.timeoutSeconds);
  const maxTurns = pick(doc.constraints?.max_turns, suite.maxTurns);
  const userSimulator = simulatorOf(doc, input, maxTurns, ctx);
  if (userSimulator === null) return undefined;
  const artifacts = [...new Set([...suite.collectArtifacts, ...(doc.collect_artifacts ?? [])])];
  for (const entry of read.unknown) {
    if (entry.path.length === 0) metadata[entry.key] = entry.value;
    else metadata[`${pathText(entry.path)}.${entry.key}`] = entry.value;
  }
  const position = yaml.positionAtPath([]);
  return parseCase({
    id,
    rawId: doc.id,
    name: doc.title?.trim() ? doc.title : id,
    kind,
    turns: input.turns,
    shouldTrigger,
    gates,
    checks,
    failIf,
    threshold: judge?.threshold,
    workspace: {
      files,
      inline: doc.context?.files ?? {},
      artifacts,
      setup: suite.setup ?? [],
      ...(git ? { git } : {}),
    },
    limits: {
      ...(timeout > 0 ? { timeoutSeconds: timeout } : {}),
      ...(maxTurns > 0 ? { maxTurns } : {}),
    },
    skills: suite.skills,
    mcpServers: caseMcpServers(doc, suite.mcpServers, { file: ctx.file, yaml, sink, root: suite.skillRoot }),
    ...(suite.retry ? { retry: suite.retry } : {}),
    ...(suite.environment ? { environment: suite.environment } : {}),
    engine: suite.engine,
    ...(suite.model ? { model: suite.model } : {}),
    judge: judge?.model,
    ...(userSimulator ? { userSimulator } : {}),
    tags: doc.tag ? [doc.tag] : [],
    metadata,
    source: { file: ctx.file, ...position, format: 'skill-up' },
  });
}

/**
 * A `trigger_test` case is a trigger case when one of its rules says whether the skill fired; otherwise, and for every
 * other tag, a task. A task nothing grades is warned about, unless an error already said what to fix.
 */
function caseKind(
  doc: SkillUpCaseFile,
  rules: { gates: Check[]; checks: Check[]; failIf: Check[]; errorsBefore: number },
  { sink, yaml }: CaseContext,
): { kind: Case['kind']; shouldTrigger?: boolean } {
  const { gates, checks, failIf, errorsBefore } = rules;
  let kind: Case['kind'] = 'task';
  let shouldTrigger: boolean | undefined;
  if (doc.tag === 'trigger_test') {
    shouldTrigger = triggerRule(checks, failIf);
    if (shouldTrigger === undefined) {
      sink.info(
        'trigger-test-as-task',
        'tag: trigger_test, but no rule says whether the skill fired (tool_called: {name: Skill}); the case runs as a task graded by its rules, with the tag kept.',
        nodeAt(yaml, ['tag']),
      );
    } else kind = 'trigger';
  }
  // Rules refused by an error above are not "no expect and no judge": that error already says what to fix.
  const refused = sink.errorCount > errorsBefore;
  if (gates.length + checks.length + failIf.length === 0 && kind === 'task' && !refused) {
    sink.warning(
      'nothing-to-grade',
      'The case has no expect and no judge (here or in eval.yaml); skill-up passes it on any run, skill-eval reports it as an error. Add a judge.',
      nodeAt(yaml, []),
    );
  }

  return { kind, shouldTrigger };
}

/** `context.git`, run in the workspace: init, remotes, checkout, then (after the inline files) the diff, resolved from the skill root. */
function mapGit(git: NonNullable<NonNullable<SkillUpCaseFile['context']>['git']>, ctx: CaseContext) {
  const at = nodeAt(ctx.yaml, ['context', 'git', 'apply_diff']);
  const applyDiff = git.apply_diff
    ? resolveSkillPath(git.apply_diff, ctx.suite.skillRoot, 'context.git.apply_diff', ctx.sink, at)
    : undefined;
  return {
    init: git.init ?? false,
    ...(git.checkout ? { checkout: git.checkout } : {}),
    ...(applyDiff ? { applyDiff } : {}),
    remotes: git.remotes ?? [],
  };
}

/** skill-up's turn limit of an autonomous conversation when none is set (multiturn.go:159-162). */
const AUTONOMOUS_MAX_TURNS = 10;

/**
 * The simulated user of a case, as skill-up runs it (internal/evaluator/multiturn.go:84-165): undefined when the case
 * has none (or one its turns never ask: fixed turns only), null when it cannot run — no complete `user_simulator` in
 * eval.yaml, or more fixed turns than `max_turns`, which skill-up refuses before the first turn (multiturn.go:163-164).
 */
function simulatorOf(
  doc: SkillUpCaseFile,
  input: ReadTurns,
  maxTurns: number,
  { sink, yaml, suite }: CaseContext,
): UserSimulatorSpec | undefined | null {
  if (doc.user_simulator === undefined) return undefined;
  const at = nodeAt(yaml, ['user_simulator']);
  const scenario = doc.user_simulator.scenario;
  if (!scenario?.trim()) {
    sink.error(
      'user-simulator',
      'user_simulator.scenario is missing; write what the simulated user wants and knows.',
      at,
    );
    return null;
  }
  if (!suite.userSimulator) {
    sink.error(
      'user-simulator',
      'The case has a simulated user, but eval.yaml has no complete user_simulator (provider, protocol, model) to play it; skill-up refuses the case without one. Add user_simulator to eval.yaml.',
      at,
    );
    return null;
  }
  const limit = maxTurns > 0 ? maxTurns : AUTONOMOUS_MAX_TURNS;
  if (input.turns.length > limit) {
    sink.error(
      'bad-value',
      `The case requires ${input.turns.length} turns but max_turns is ${limit}; skill-up refuses it. Raise constraints.max_turns.`,
      nodeAt(yaml, ['input', 'turns']),
    );
    return null;
  }
  if (input.respond.length === 0 && !input.autonomous) return undefined;
  return {
    scenario,
    respond: input.respond,
    autonomous: input.autonomous,
    maxTurns: limit,
    model: suite.userSimulator.model,
    ...(suite.userSimulator.timeoutSeconds !== undefined ? { timeoutSeconds: suite.userSimulator.timeoutSeconds } : {}),
  };
}

/** skill-up reads 0 as "not set": the case value, else the suite default, else the built-in default. A negative timeout means none. */
function pick(own: number | undefined, suiteDefault: number): number {
  return own !== undefined && own !== 0 ? own : suiteDefault;
}

/**
 * The judge a case runs, as skill-up resolves it: its own `judges` list (replacing the suite's judge or judges);
 * else its own judge when it has a `type` (inheriting model, pass_threshold, timeout_seconds and context from a
 * suite `judge`, as skill-up merges them — nothing from a suite `judges` list, which it replaces); else the suite's.
 */
function caseJudge(doc: SkillUpCaseFile, ctx: CaseContext): MappedJudge | undefined {
  const { judge: own, judges: ownList } = doc;
  if (ownList) {
    if (own !== undefined) judgeAndJudges(ctx.sink, ctx.yaml);
    return mapJudgeList(ownList, ['judges'], ctx);
  }
  const suiteJudge = ctx.suite.judge;
  const suiteList = ctx.suite.judges;
  if (own?.type) {
    if (suiteList) return mapJudge({ ...own, type: own.type }, ['judge'], ctx);
    const merged: Judge & { type: NonNullable<Judge['type']> } = { ...own, type: own.type };
    const inherited = new Set<string>();
    for (const key of JUDGE_INHERITS) {
      if (merged[key] === undefined && suiteJudge?.raw[key] !== undefined) {
        (merged as Record<string, unknown>)[key] = suiteJudge.raw[key];
        inherited.add(key);
      }
    }
    return mapJudge(merged, ['judge'], ctx, inherited);
  }
  if (own !== undefined && suiteList) {
    ctx.sink.error(
      'missing-key',
      '"judge.type" is missing; a case judge replaces the "judges" list of eval.yaml only with a type, and skill-up refuses it without one. Add type: rule_based, script or agent_judge, or remove the judge to use the list.',
      nodeAt(ctx.yaml, ['judge']),
    );
    return suiteList;
  }
  if (own && Object.keys(own).length > 0) {
    ctx.sink.warning(
      'judge-without-type',
      `This judge has no type, so skill-up ignores it and uses ${suiteJudge ? "eval.yaml's judge" : 'no judge'}; add type: rule_based, script or agent_judge.`,
      nodeAt(ctx.yaml, ['judge']),
    );
  }
  if (!suiteList) suiteJudge?.usedWithoutCriteria?.();
  return suiteList ?? suiteJudge?.mapped;
}

/**
 * A `trigger_test` case says whether the skill fired only through a rule on Claude Code's skill tool
 * (`tool_called: {name: Skill}`): in `success` it should fire, in `failure` it should not. That rule
 * is then what `shouldTrigger` means and leaves the check lists.
 */
function triggerRule(checks: Check[], failIf: Check[]): boolean | undefined {
  // A per-turn Skill call says when the skill fired, not whether: it stays an ordinary check.
  const isSkillTool = (c: Check) =>
    c.type === 'tool-called' && c.value === 'Skill' && !c.negate && c.turn === undefined;
  const inSuccess = checks.findIndex(isSkillTool);
  if (inSuccess >= 0) {
    checks.splice(inSuccess, 1);
    return true;
  }
  const inFailure = failIf.findIndex(isSkillTool);
  if (inFailure >= 0) {
    failIf.splice(inFailure, 1);
    return false;
  }
  return undefined;
}
