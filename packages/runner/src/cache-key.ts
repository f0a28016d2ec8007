import { createHash } from 'node:crypto';
import { dirname, parse, sep } from 'node:path';
import type { Case, SkillRef } from '@skill-eval/core';
import { caseNeedsJudge, JUDGE_PROMPT_VERSION } from '@skill-eval/grading/before-grading';
import { referencedPaths } from './case-inputs.js';
import type { EngineTarget } from './engine-target.js';
import type { PlanItem } from './plan.js';
import { projectExclusion } from './project-exclusion.js';
import { RawJson, stableJson } from './stable-json.js';
import { NOT_PART_OF_A_SKILL } from './stage-skills.js';
import type { TreeHasher } from './tree-hasher.js';
import { skillsForVariant } from './variant-skills.js';

/** Bumped when the key's recipe or the cache entry's shape changes, so old entries are never misread. */
export const CACHE_FORMAT = 'skill-eval-cache-v3';

/** Run-wide inputs of the key. */
export interface CacheKeyContext {
  hasher: TreeHasher;
  /** Eval files of the run: their content is in the key case by case, so editing one case re-runs only it. */
  evalFiles: ReadonlySet<string>;
  /** The judge of rubric cases: its engine, model and settings (another judge command is another judge). */
  judge?: { engine: string; model?: string; settings?: unknown };
  /** The older skill the `baseline` variant stages. */
  baselineSkill?: SkillRef;
  harnessVersion?: string;
  /** Run-level overrides that change what an execution does. */
  overrides: { timeoutSeconds?: number; maxTurns?: number; triggerDetection?: string; trust?: boolean };
}

/** The deepest directory holding both `a` and `b`. */
function commonDirectory(a: string, b: string): string {
  const left = a.split(sep);
  const right = b.split(sep);
  let n = 0;
  while (n < left.length && n < right.length && left[n] === right[n]) n++;
  return left.slice(0, n).join(sep) || parse(a).root;
}

/**
 * Where the case's project sits: the deepest directory holding its eval file and every skill it stages. Paths inside
 * it go into the key relative to it, so a moved or renamed project, or another checkout of it, keeps its keys.
 * Undefined when only the filesystem's root holds them all.
 */
function projectRoot(testCase: Case, staged: readonly SkillRef[]): string | undefined {
  let root = dirname(testCase.source.file);
  for (const skill of staged) root = commonDirectory(root, skill.dir);
  return root === parse(root).root ? undefined : root;
}

/** Stands for the project root in a key's text: JSON escapes NUL, so no value can contain it. */
const ROOT_MARK = '\u0000root';

/** The key's JSON with the project root written as {@link ROOT_MARK}: the root itself and every path under it. */
function relativeToRoot(json: string, root: string | undefined): string {
  if (root === undefined) return json;
  const text = (s: string) => JSON.stringify(s).slice(1, -1);
  return json.replaceAll(`"${text(root)}"`, `"${ROOT_MARK}"`).replaceAll(text(root + sep), `${ROOT_MARK}/`);
}

/**
 * The case as parsed, without where in its file it sits (moving a case or adding one above it keeps its key), nor how
 * many runs it has or how often an error is retried: run n is the same execution whatever the count (the key holds the
 * run number), and only passes and failures are cached, which a retry never changes.
 */
function normalisedCase(testCase: Case): unknown {
  const { line: _line, column: _column, ...source } = testCase.source;
  const { runs: _runs, retry: _retry, ...rest } = testCase;
  // Where an MCP server is declared is as much a position as the case's own line.
  const mcpServers = testCase.mcpServers.map(({ source: _where, ...server }) => server);
  return { ...rest, mcpServers, source };
}

/** Per run (key context): the JSON of the parts all executions of a suite, or of an engine, share. */
const sharedJson = new WeakMap<CacheKeyContext, WeakMap<object, RawJson>>();

/** The part `value()` of `owner` (a suite or engine target), serialised once per run. */
function shared(ctx: CacheKeyContext, owner: object, value: () => unknown): RawJson {
  let parts = sharedJson.get(ctx);
  if (!parts) {
    parts = new WeakMap();
    sharedJson.set(ctx, parts);
  }
  let json = parts.get(owner);
  if (!json) {
    json = new RawJson(stableJson(value()));
    parts.set(owner, json);
  }
  return json;
}

/** Each path with its hash. */
function hashesOf(paths: readonly string[], hash: (path: string) => Promise<string>): Promise<[string, string][]> {
  return Promise.all(paths.map(async (path): Promise<[string, string]> => [path, await hash(path)]));
}

/**
 * sha256 over everything that decides an execution's result: the case, the trees it reads, the engine (id, version,
 * model, settings), the judge when the case has one, the variant, the run number and the harness version — with paths
 * inside the case's project written relative to it (see {@link projectRoot}).
 */
export async function cacheKey(item: PlanItem<EngineTarget>, ctx: CacheKeyContext): Promise<string> {
  const { testCase, target, suite } = item;
  const staged = skillsForVariant(testCase.skills, item.variant, ctx.baselineSkill);
  const paths = referencedPaths(testCase, staged);
  const treeOptions = { skipFiles: ctx.evalFiles };
  // Most cases read no tree: their key is made without a wait (a cached run of a thousand cases keys them all).
  const [skills, trees, files] =
    paths.skills.length + paths.trees.length + paths.files.length === 0
      ? [[], [], []]
      : await Promise.all([
          hashesOf(paths.skills, (dir) => ctx.hasher.hash(dir, { ...treeOptions, skipNames: NOT_PART_OF_A_SKILL })),
          hashesOf(paths.trees, (p) => ctx.hasher.hash(p, treeOptions)),
          hashesOf(paths.files, (p) => ctx.hasher.hash(p, { ...treeOptions, filesOnly: true })),
        ]);
  const { project } = testCase.workspace;
  const projectTree = project
    ? [
        project.root,
        await ctx.hasher.hash(project.root, {
          ...treeOptions,
          skip: await projectExclusion(project.root, project.exclude),
        }),
      ]
    : null;
  const judge = caseNeedsJudge(testCase) ? { ...(ctx.judge ?? { engine: 'none' }), JUDGE_PROMPT_VERSION } : null;
  const parts = {
    format: CACHE_FORMAT,
    // In the order its keys were built: a case loads from the same file into the same order every time (core's
    // parseCase writes keys in schema order), and sorting them cost more than the rest of a cached execution. A
    // reordered eval file re-runs a case, never reuses a wrong result.
    case: new RawJson(JSON.stringify(normalisedCase(testCase))),
    suiteSettings: shared(ctx, suite, () => suite.settings),
    skills: skills.map(([dir, hash], i) => [staged[i]!.name, dir, hash]),
    trees,
    files,
    ...(projectTree ? { project: projectTree } : {}),
    engine: shared(ctx, target, () => ({
      id: target.id,
      plugin: target.engine.id,
      version: target.version ?? null,
      packageVersion: target.packageVersion ?? null,
      model: target.model ?? target.engine.defaultModel ?? null,
      settings: target.settings ?? null,
    })),
    judge,
    variant: item.variant,
    run: item.planned.run,
    harnessVersion: ctx.harnessVersion ?? null,
    overrides: {
      ...ctx.overrides,
      triggerDetection: testCase.kind === 'trigger' ? ctx.overrides.triggerDetection : undefined,
    },
  };
  return createHash('sha256')
    .update(relativeToRoot(stableJson(parts), projectRoot(testCase, staged)))
    .digest('hex');
}
