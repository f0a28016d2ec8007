import { basename, dirname, relative, resolve } from 'node:path';
import { problemSentence, validChecks } from '@skill-eval/checks';
import {
  type Case,
  findSkillRoot,
  type LoadResult,
  parseCase,
  readSkillRef,
  type SkillRef,
  type Suite,
} from '@skill-eval/core';
import {
  describeType,
  duplicateKeys,
  itemsOf,
  type JsonNode,
  keysOf,
  parseJson,
  property,
  syntaxMessage,
} from '@skill-eval/format-kit';
import { getNodeValue } from 'jsonc-parser';
import { DiagnosticSink } from './diagnostic-sink.js';
import type { LoadTriggersJsonOptions } from './load-options.js';
import { loadRoutingTable } from './load-routing-table.js';
import { cap, type QueryItem, readGroupedSet, readStandardList } from './read-queries.js';
import { isRoutingTable } from './read-routing-table.js';
import { type Shape, shapeOf } from './shape.js';

export type { LoadTriggersJsonOptions };

const EXAMPLE = '[{"query": "…", "should_trigger": true}]';

/**
 * Reads a trigger query set — the standard `[{query, should_trigger}]` list, the grouped
 * `{should_trigger: [...], should_not_trigger: [...]}` variant, skillverify's `{skill_name, queries: [...]}`, or a
 * routing table `{cases: [{prompt, expect}]}` across several skills — into one suite of trigger cases.
 * Every problem is a positioned diagnostic; queries that cannot be read are left out.
 */
export function loadTriggersJson(file: string, text: string, options: LoadTriggersJsonOptions = {}): LoadResult {
  const path = resolve(file);
  const json = parseJson(text);
  const sink = new DiagnosticSink(path, json.positionAt);
  const done = (suites: Suite[]): LoadResult => ({ suites, diagnostics: sink.diagnostics });
  if (text.trim() === '') {
    sink.error('syntax', `The file is empty; a trigger set is a list like ${EXAMPLE}.`, { line: 1, column: 1 });
    return done([]);
  }
  if (json.errors.length > 0) {
    for (const e of json.errors) sink.error('syntax', syntaxMessage(e.code), { line: e.line, column: e.column });
    return done([]);
  }
  const root = json.root!;
  for (const [first, repeat] of duplicateKeys(root)) {
    sink.warning(
      'duplicate-key',
      `Key "${repeat.value}" is written again (first at line ${sink.position(first)!.line}); JSON keeps only this one, so remove one of them.`,
      repeat,
    );
  }
  if (isRoutingTable(root)) return done(loadRoutingTable(path, root, sink, options));
  const shape = readShape(root, sink);
  if (!shape) return done([]);
  const items =
    shape === 'standard'
      ? readStandardList(root, sink)
      : shape === 'wrapped'
        ? readStandardList(property(root, 'queries')!, sink, { skillverify: true })
        : readGroupedSet(root, sink);
  if (shape === 'wrapped' && items.length === 0 && itemsOf(property(root, 'queries')!).length === 0)
    sink.error('empty', `"queries" is empty; add queries like ${EXAMPLE}.`, property(root, 'queries')!);
  const fileSkillName = shape === 'standard' ? undefined : readSkillName(root, sink);
  const skillRoot = findSkillRoot(dirname(path));
  const skill: SkillRef | undefined = skillRoot ? readSkillRef(skillRoot) : undefined;
  const declared = skill?.name ?? fileSkillName ?? options.skillName;
  const inferred = declared ? undefined : skillFromLayout(path);
  const skillName = declared ?? inferred?.name;
  if (inferred && items.length > 0) {
    sink.warning(
      'skill-from-folder',
      `No SKILL.md above this file; the skill is taken to be "${inferred.name}", ${inferred.how}. Put the file in the skill's folder (beside its SKILL.md, or in its evals/ folder), or name the skill in skill-eval.config.json ("formatSettings": {"triggers-json": {"skillName": "<name>"}}).`,
      root,
    );
  }
  reportDefaults(items, sink);
  const cases = buildCases(items, { path, shape, skill, skillName, options, sink });
  if (cases.length === 0) return done([]);
  const settings: Record<string, unknown> = { shape };
  if (!skill && skillName) settings.skillName = skillName;
  const top = shape === 'grouped' ? GROUPED_TOP : WRAPPED_TOP;
  const extra = shape === 'standard' ? [] : keysOf(root).filter(({ key }) => !top.has(key));
  if (extra.length > 0) {
    settings.metadata = Object.fromEntries(
      extra.map(({ key, valueNode }) => [key, valueNode && getNodeValue(valueNode)]),
    );
  }
  return done([
    {
      id: relative(options.cwd ?? process.cwd(), path) || basename(path),
      name: skillName ?? basename(path),
      file: path,
      format: 'triggers-json',
      skill,
      cases,
      settings,
    },
  ]);
}

const GROUPS = ['should_trigger', 'should_not_trigger'] as const;
const GROUPED_TOP = new Set([...GROUPS, 'skill_name']);
const WRAPPED_TOP = new Set(['queries', 'skill_name']);

function readShape(root: JsonNode, sink: DiagnosticSink): Shape | undefined {
  const shape = shapeOf(root);
  const grouped = root.type === 'object' && GROUPS.some((key) => property(root, key) !== undefined);
  if (shape === 'grouped' || grouped) {
    sink.info(
      'grouped-variant',
      'This is the grouped variant {"should_trigger": [...], "should_not_trigger": [...]}, not the standard trigger set; skill-creator and BMAD cannot read it. It is read here as it is; `skill-eval convert` writes the standard list.',
      root,
    );
    return 'grouped';
  }
  if (shape === 'wrapped' || (root.type === 'object' && property(root, 'queries')?.type === 'array')) return 'wrapped';
  if (shape === 'standard' || root.type === 'array') {
    if (root.type === 'array' && (root.children ?? []).length === 0) {
      sink.error('empty', `The list is empty; add queries like ${EXAMPLE}.`, root);
      return undefined;
    }
    return 'standard';
  }
  const found =
    root.type === 'object'
      ? 'an object with no "queries" list and neither a "should_trigger" nor a "should_not_trigger" list'
      : describeType(root);
  sink.error('not-a-trigger-set', `The file holds ${found}; a trigger set is a list like ${EXAMPLE}.`, root);
  return undefined;
}

function readSkillName(root: JsonNode, sink: DiagnosticSink): string | undefined {
  const node = property(root, 'skill_name');
  if (node === undefined || node.type === 'null') return undefined;
  if (node.type !== 'string') {
    sink.error('wrong-type', `"skill_name" is ${describeType(node)}; write the skill's name as a string.`, node);
    return undefined;
  }
  return (getNodeValue(node) as string).trim() || undefined;
}

/** One info per file, at the first query concerned: per-query it would drown the rest. */
function reportDefaults(items: QueryItem[], sink: DiagnosticSink) {
  const defaulted = items.filter((item) => item.defaulted);
  if (defaulted.length === 0) return;
  sink.info(
    'default-should-trigger',
    `${defaulted.length === 1 ? 'One query has no "should_trigger" and counts' : `${defaulted.length} queries have no "should_trigger" and count`} as should-trigger (BMAD's default); skill-creator requires the key, so write "should_trigger": true.`,
    defaulted[0]!.node,
  );
}

interface BuildContext {
  path: string;
  shape: Shape;
  skill: SkillRef | undefined;
  skillName: string | undefined;
  options: LoadTriggersJsonOptions;
  sink: DiagnosticSink;
}

function buildCases(items: QueryItem[], ctx: BuildContext): Case[] {
  const { sink } = ctx;
  const cases: Case[] = [];
  const byId = new Map<string, QueryItem>();
  const byQuery = new Map<string, QueryItem>();
  for (const item of items) {
    const first = byId.get(item.id);
    if (first) {
      sink.error(
        'duplicate-id',
        `${cap(item.label)} repeats the id "${item.id}" of the query at line ${sink.position(first.idNode ?? first.node)!.line} (a query without an id is known by its position); give it a unique id.`,
        item.idNode ?? item.node,
      );
      continue;
    }
    byId.set(item.id, item);
    const same = byQuery.get(item.query);
    if (same) {
      sink.info(
        'duplicate-query',
        `${cap(item.label)} repeats the query at line ${sink.position(same.node)!.line}; both run separately (as BMAD keeps queries by position; skill-creator would merge them).`,
        item.node,
      );
    } else byQuery.set(item.query, item);
    cases.push(buildCase(item, ctx));
  }
  return cases;
}

function buildCase(item: QueryItem, ctx: BuildContext): Case {
  const written = ctx.skillName
    ? [{ type: 'skill-used', value: ctx.skillName, ...(item.shouldTrigger ? {} : { negate: true }) }]
    : [];
  const checks = validChecks(written, (problem) =>
    ctx.sink.report(problem.severity, problem.ruleId, problemSentence(problem), item.node),
  );
  return parseCase({
    id: item.id,
    rawId: item.rawId,
    name: typeof item.rawId === 'string' ? item.id : item.query,
    kind: 'trigger',
    turns: [item.query],
    shouldTrigger: item.shouldTrigger,
    triggerThreshold: ctx.options.threshold ?? 0.5,
    checks,
    runs: ctx.options.runs ?? 3,
    skills: ctx.skill ? [ctx.skill] : [],
    metadata: item.metadata,
    source: { file: ctx.path, ...ctx.sink.position(item.node), format: 'triggers-json', dialect: ctx.shape },
  });
}

/** BMAD's discovery: a file in `<skill>/evals/` belongs to `<skill>`; one in `evals/<…>/<skill>/` to `<skill>`. */
function skillFromLayout(path: string): { name: string; how: string } | undefined {
  const dir = dirname(path);
  const inEvals = basename(dir) === 'evals';
  const name = inEvals ? basename(dirname(dir)) : basename(dir);
  if (!name || name === '.' || name === '/') return undefined;
  const how = inEvals
    ? 'the name of the folder above evals/ (the <skill>/evals/ layout BMAD reads)'
    : basename(dirname(dir)) === 'evals'
      ? 'the name of the folder it is in (the evals/<skill>/ layout BMAD reads)'
      : 'the name of the folder it is in (neither of the layouts BMAD reads, <skill>/evals/ and evals/<skill>/)';
  return { name, how };
}
