import { basename, dirname, join, relative } from 'node:path';
import { problemSentence, validChecks } from '@skill-eval/checks';
import {
  type Case,
  type Check,
  observedExists,
  observedStat,
  observedText,
  parseCase,
  type Suite,
} from '@skill-eval/core';
import { describeType, isInsideBoundary, itemsOf, keysOf, projectBoundary, property } from '@skill-eval/format-kit';
import { getNodeValue, type Node } from 'jsonc-parser';
import { cap } from './case-fields.js';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { LoadEvalsJsonOptions } from './load-options.js';
import { teaIndexFragments } from './tea-index.js';
import { warnUnknownKeys } from './unknown-keys.js';

// BMAD TEA's fragment-selection eval: bmad-code-org/bmad-method-test-architecture-enterprise
// test/eval-fragment-selection.js at c2fdbbb0fbaebee765bf2659751187e14c557fcf. Line numbers below are that file's.
const RUNNER = "BMAD TEA's fragment-selection runner (test/eval-fragment-selection.js)";

/** TEA's `RUN_TIMEOUT_MS` (line 64), the timeout of each agent run (line 443). */
const RUN_TIMEOUT_SECONDS = 5 * 60;
/** TEA's `--runs` default (line 96): each case runs twice, so that its stability can be seen. */
const RUNS = 2;
/** TEA's shortest prompt it routes on (line 243). */
const SHORTEST_PROMPT = 20;

const TOP_KEYS = new Set(['workflow', 'about', 'contextFiles', 'cases']);
const CASE_KEYS = new Set(['id', 'name', 'stack', 'prompt', 'repoFacts', 'config', 'expect', 'assertions']);
const EXPECT_KEYS = new Set(['mustLoad', 'mustNotLoad']);

/** Where a TEA suite's files are: the repository root, the workflow's folder and its name (TEA's `suite.dir`). */
interface TeaPlaces {
  root: string;
  dir: string;
  workflowDir: string;
}

/**
 * Reads a BMAD TEA `evals.json` as TEA's runner does. The runner reads `test/evals/<dir>/evals.json` of its
 * repository (`loadSuites`, lines 170-185) and refuses the whole run when `validateSuites` (lines 194-274) finds a
 * problem: each is an error here, at its line. Each case's one message is `buildPrompt`'s (lines 277-308): the
 * workflow's `contextFiles` and `resources/tea-index.csv` read from `src/workflows/testarch/<dir>/`, then the task,
 * the repository facts and the case's `config`. The agent answers with a fragment list, graded by a
 * `fragment-selection` check of `expect.mustLoad` / `expect.mustNotLoad` (`scoreCase`, lines 345-359). The agent
 * runs in the repository root (`cwd: PROJECT_ROOT`, line 444), so the workspace starts as a copy of it.
 */
export function readTeaSuite(
  file: string,
  root: Node,
  sink: DiagnosticSink,
  options: LoadEvalsJsonOptions,
): Suite | undefined {
  warnUnknownKeys(root, TOP_KEYS, 'at the top level', sink);
  const places = teaPlaces(file, root, sink);
  if (!places) return undefined;
  const workflow = readWorkflow(root, places, sink);
  if (!observedExists(places.workflowDir)) {
    sink.error(
      'tea-inconsistent',
      `${RUNNER} builds each prompt from the workflow's folder, and there is no workflow at src/workflows/testarch/${places.dir} in this repository (${places.root}).`,
      property(root, 'workflow') ?? root,
    );
    return undefined;
  }
  const context = readContextFiles(root, places, sink);
  const index = readIndex(root, places, sink);
  const casesNode = property(root, 'cases');
  if (casesNode?.type !== 'array' || itemsOf(casesNode).length === 0) {
    sink.error(
      'tea-inconsistent',
      `${RUNNER} refuses a suite with no cases: "cases" is ${describeCases(casesNode)}.`,
      casesNode ?? root,
    );
    return undefined;
  }
  const seen = new Map<string, Node>();
  const cases: Case[] = [];
  itemsOf(casesNode).forEach((item, position) => {
    const read = readCase(item, position, places, index?.fragments, sink);
    if (!read) return;
    const first = seen.get(read.id);
    if (first) {
      sink.error(
        'duplicate-id',
        `Case "${read.id}" repeats the id of the case at line ${sink.position(first)!.line}; ${RUNNER} refuses a duplicate id.`,
        read.idNode,
      );
      return;
    }
    seen.set(read.id, read.idNode);
    if (context && index) cases.push(buildTeaCase(read, workflow, context, index.text, places, file, sink, options));
  });
  if (!context || !index || cases.length === 0) return undefined;
  sink.info(
    'tea-run-totals',
    `${RUNNER} passes a run by its totals — required recall at least 90% and forbidden rate at most 10% over every case and run, and the same selection on each run of a case — and prints each case as ✓ when it selects every mustLoad fragment and no mustNotLoad one. skill-eval grades each run as that per-case line, so a case TEA marks • fails here; the totals are not graded.`,
    casesNode,
  );
  const metadata: Record<string, unknown> = {};
  const about = property(root, 'about');
  if (about) metadata.about = getNodeValue(about);
  return {
    id: relative(options.cwd ?? process.cwd(), file) || basename(file),
    name: typeof workflow === 'string' && workflow ? workflow : places.dir,
    file,
    format: 'evals-json',
    skill: undefined,
    cases,
    settings: { dialect: 'bmad-tea', ...(Object.keys(metadata).length > 0 ? { metadata } : {}) },
  };
}

/** The repository root and workflow folder of `file`, which TEA reads only as `<root>/test/evals/<dir>/evals.json`. */
function teaPlaces(file: string, root: Node, sink: DiagnosticSink): TeaPlaces | undefined {
  const evalsDir = dirname(file);
  const dir = basename(evalsDir);
  const repo = dirname(dirname(evalsDir));
  const atItsPlace =
    basename(file) === 'evals.json' && basename(dirname(evalsDir)) === 'evals' && basename(repo) === 'test';
  if (!atItsPlace) {
    sink.error(
      'tea-layout',
      `${RUNNER} reads only test/evals/<workflow>/evals.json of its repository and builds each case's prompt from src/workflows/testarch/<workflow>/ beside it; this file is not at such a place, so its prompts cannot be built.`,
      root,
    );
    return undefined;
  }
  const teaRoot = dirname(repo);
  const workflowDir = join(teaRoot, 'src', 'workflows', 'testarch', dir);
  // The repository the file's place names stands in for a skill root: without a `.git` above the file, the project
  // is that repository; a `.git` between the file and it leaves the workflow out of the project.
  const boundary = projectBoundary(evalsDir, teaRoot);
  if (!isInsideBoundary(workflowDir, boundary)) {
    sink.errorNeedingTrust(
      'file-escapes-root',
      `${RUNNER} builds each prompt from ${workflowDir}, outside this file's project (${boundary}); it is not read.`,
      root,
    );
    return undefined;
  }
  return { root: teaRoot, dir, workflowDir };
}

/** `workflow`: it must be there and name the suite's folder (lines 201-202). It is the prompt's first line. */
function readWorkflow(root: Node, places: TeaPlaces, sink: DiagnosticSink): unknown {
  const node = property(root, 'workflow');
  const value = node && getNodeValue(node);
  if (!value)
    sink.error(
      'tea-inconsistent',
      `${RUNNER} refuses a suite with no "workflow" field; write "workflow": "${places.dir}".`,
      node ?? root,
    );
  else if (value !== places.dir) {
    sink.error(
      'tea-inconsistent',
      `${RUNNER} refuses workflow ${JSON.stringify(value)}: it does not match its directory "${places.dir}".`,
      node,
    );
  }
  return value;
}

/** `contextFiles`, each read from the workflow's folder and shown to the agent as `----- <path> -----` (lines 279-281). */
function readContextFiles(root: Node, places: TeaPlaces, sink: DiagnosticSink): string | undefined {
  const node = property(root, 'contextFiles');
  if (node !== undefined && node.type !== 'array' && node.type !== 'null') {
    sink.error(
      'wrong-type',
      `"contextFiles" is ${describeType(node)}; ${RUNNER} reads a list of paths in the workflow's folder.`,
      node,
    );
    return undefined;
  }
  const entries = node ? itemsOf(node) : [];
  if (entries.length === 0) {
    sink.error(
      'tea-inconsistent',
      `${RUNNER} refuses a suite with no contextFiles: it would have no ground-truth step file to show the agent.`,
      node ?? root,
    );
    return undefined;
  }
  const parts: string[] = [];
  let complete = true;
  for (const entry of entries) {
    const name = entry.type === 'string' ? (getNodeValue(entry) as string) : undefined;
    if (name === undefined) {
      sink.error(
        'wrong-type',
        `An entry of "contextFiles" is ${describeType(entry)}; write a path in the workflow's folder.`,
        entry,
      );
      complete = false;
      continue;
    }
    const path = join(places.workflowDir, name);
    if (!isInsideBoundary(path, places.root)) {
      sink.errorNeedingTrust(
        'file-escapes-root',
        `contextFile "${name}" resolves to ${path}, outside the repository ${RUNNER} runs in (${places.root}); it is not read.`,
        entry,
      );
      complete = false;
      continue;
    }
    if (!isFile(path)) {
      sink.error(
        'tea-inconsistent',
        `${RUNNER} refuses contextFile ${name}: it does not exist in the workflow (${path}).`,
        entry,
      );
      complete = false;
      continue;
    }
    parts.push(`----- ${name} -----\n${observedText(path)}`);
  }
  return complete ? parts.join('\n\n') : undefined;
}

/** The workflow's `resources/tea-index.csv`: its text goes into every prompt, its fragment_file column checks `expect`. */
function readIndex(root: Node, places: TeaPlaces, sink: DiagnosticSink) {
  const path = join(places.workflowDir, 'resources', 'tea-index.csv');
  if (!isFile(path)) {
    sink.error(
      'tea-inconsistent',
      `${RUNNER} refuses the suite: the workflow ships no resources/tea-index.csv (${path}).`,
      property(root, 'workflow') ?? root,
    );
    return undefined;
  }
  const text = observedText(path);
  const parsed = teaIndexFragments(text);
  if ('problem' in parsed) {
    sink.error(
      'tea-inconsistent',
      `${RUNNER} refuses the suite: resources/tea-index.csv does not parse: ${parsed.problem}.`,
      property(root, 'workflow') ?? root,
    );
    return { text, fragments: new Set<string>() };
  }
  return { text, fragments: parsed.fragments };
}

/** One case as TEA validates it (lines 238-270), with what its prompt and check are made of. */
interface TeaCase {
  id: string;
  label: string;
  rawId: unknown;
  idNode: Node;
  item: Node;
  prompt: string;
  name: string | undefined;
  repoFacts: unknown;
  config: unknown;
  mustLoad: string[];
  mustNotLoad: string[];
}

function readCase(
  item: Node,
  index: number,
  places: TeaPlaces,
  indexed: Set<string> | undefined,
  sink: DiagnosticSink,
): TeaCase | undefined {
  if (item.type !== 'object') {
    sink.error(
      'wrong-type',
      `Case #${index + 1} is ${describeType(item)}; ${RUNNER} reads each case as an object.`,
      item,
    );
    return undefined;
  }
  const value = (key: string) => {
    const node = property(item, key);
    return node === undefined ? undefined : getNodeValue(node);
  };
  const idNode = property(item, 'id');
  const rawId = value('id');
  const usableId = (typeof rawId === 'string' && rawId.trim() !== '') || (typeof rawId === 'number' && rawId !== 0);
  const label = usableId ? `case ${JSON.stringify(String(rawId))}` : `case #${index + 1}`;
  if (!usableId)
    sink.error('tea-inconsistent', `${cap(label)} has no id; ${RUNNER} refuses a case without one.`, idNode ?? item);

  const promptNode = property(item, 'prompt');
  const prompt = value('prompt');
  if (promptNode !== undefined && typeof prompt !== 'string') {
    sink.error(
      'wrong-type',
      `"prompt" of ${label} is ${describeType(promptNode)}; write the task as a string.`,
      promptNode,
    );
  } else if (typeof prompt !== 'string' || prompt.trim().length < SHORTEST_PROMPT) {
    sink.error(
      'missing-prompt',
      `${cap(label)}: ${RUNNER} refuses a prompt that is missing or shorter than ${SHORTEST_PROMPT} characters, too short to route on.`,
      promptNode ?? item,
    );
  }

  const repoFacts = value('repoFacts');
  if (!Array.isArray(repoFacts) || repoFacts.length === 0) {
    sink.error(
      'tea-inconsistent',
      `${cap(label)} has no repoFacts; ${RUNNER} refuses it, as fragment selection is a function of the repo, not only of the prompt.`,
      property(item, 'repoFacts') ?? item,
    );
  }
  readAssertions(item, label, sink);

  const expectNode = property(item, 'expect');
  if (expectNode?.type === 'object') warnUnknownKeys(expectNode, EXPECT_KEYS, `in the "expect" of ${label}`, sink);
  const mustLoad = fragmentList(expectNode, 'mustLoad', label, sink);
  const mustNotLoad = fragmentList(expectNode, 'mustNotLoad', label, sink);
  if (mustLoad && mustLoad.names.length === 0) {
    sink.error(
      'tea-inconsistent',
      `${cap(label)}: mustLoad is empty; ${RUNNER} refuses it, as a case that requires nothing measures nothing.`,
      property(expectNode, 'mustLoad') ?? expectNode ?? item,
    );
  }
  for (const { name, node } of [...(mustLoad?.entries ?? []), ...(mustNotLoad?.entries ?? [])]) {
    checkFragment(name, node, label, places, indexed, sink);
  }
  const forbidden = new Set(mustNotLoad?.names ?? []);
  const overlap = (mustLoad?.entries ?? []).filter(({ name }) => forbidden.has(name));
  if (overlap.length > 0) {
    sink.error(
      'tea-inconsistent',
      `${cap(label)}: ${overlap.map(({ name }) => name).join(', ')} is both required and forbidden; ${RUNNER} refuses it.`,
      overlap[0]!.node,
    );
  }
  warnUnknownKeys(item, CASE_KEYS, `in ${label}`, sink);
  if (!usableId || typeof prompt !== 'string' || !mustLoad || !mustNotLoad) return undefined;
  const name = value('name');
  return {
    id: String(rawId).trim(),
    label,
    rawId,
    idNode: idNode!,
    item,
    prompt,
    name: typeof name === 'string' && name.trim() ? name : undefined,
    repoFacts,
    config: value('config'),
    mustLoad: mustLoad.names,
    mustNotLoad: mustNotLoad.names,
  };
}

/** `assertions`: TEA grades none of them, but refuses a case without them, or one missing its id or text (247-252). */
function readAssertions(item: Node, label: string, sink: DiagnosticSink): void {
  const node = property(item, 'assertions');
  const list = node && getNodeValue(node);
  if (!Array.isArray(list) || list.length === 0) {
    sink.error(
      'tea-inconsistent',
      `${cap(label)} has no assertions; ${RUNNER} refuses it ("the numbers say what happened, the assertions say why it matters").`,
      node ?? item,
    );
    return;
  }
  itemsOf(node!).forEach((entry, i) => {
    const assertion = getNodeValue(entry) as { id?: unknown; text?: unknown } | null;
    if (!assertion?.id || !assertion.text) {
      sink.error(
        'tea-inconsistent',
        `Assertion ${i + 1} of ${label} is missing id or text; ${RUNNER} refuses it.`,
        entry,
      );
    }
  });
}

/** `expect.mustLoad` / `expect.mustNotLoad`: a list of fragment file names (missing is empty, as `?? []` reads it). */
function fragmentList(expectNode: Node | undefined, key: string, label: string, sink: DiagnosticSink) {
  const node = property(expectNode, key);
  if (node === undefined || node.type === 'null') return { names: [], entries: [] };
  if (node.type !== 'array') {
    sink.error(
      'wrong-type',
      `"expect.${key}" of ${label} is ${describeType(node)}; write a list of fragment file names.`,
      node,
    );
    return undefined;
  }
  const entries = itemsOf(node).flatMap((entry) => {
    if (entry.type === 'string') return [{ name: getNodeValue(entry) as string, node: entry }];
    sink.error(
      'wrong-type',
      `An entry of "expect.${key}" of ${label} is ${describeType(entry)}; write a fragment file name.`,
      entry,
    );
    return [];
  });
  return entries.length === itemsOf(node).length ? { names: entries.map((e) => e.name), entries } : undefined;
}

/** A named fragment must be a file of the workflow's knowledge folder and a row of its index (lines 258-266). */
function checkFragment(
  name: string,
  node: Node,
  label: string,
  places: TeaPlaces,
  indexed: Set<string> | undefined,
  sink: DiagnosticSink,
): void {
  const knowledge = join(places.workflowDir, 'resources', 'knowledge');
  const path = join(knowledge, name);
  if (!isInsideBoundary(path, places.root) || !observedExists(path)) {
    sink.error(
      'tea-inconsistent',
      `${cap(label)}: ${name} is not in ${places.dir}/resources/knowledge/; ${RUNNER} refuses it.`,
      node,
    );
  } else if (indexed && indexed.size > 0 && !indexed.has(name)) {
    sink.error(
      'tea-inconsistent',
      `${cap(label)}: ${name} is not indexed in ${places.dir}/resources/tea-index.csv, so it can never be selected; ${RUNNER} refuses it.`,
      node,
    );
  }
}

function buildTeaCase(
  read: TeaCase,
  workflow: unknown,
  context: string,
  index: string,
  places: TeaPlaces,
  file: string,
  sink: DiagnosticSink,
  options: LoadEvalsJsonOptions,
): Case {
  const check: Check = {
    type: 'fragment-selection',
    name: 'fragment selection',
    mustLoad: read.mustLoad,
    mustNotLoad: read.mustNotLoad,
  };
  const checks = validChecks([check], (problem) =>
    sink.report(problem.severity, problem.ruleId, problemSentence(problem, `${cap(read.label)}: `), read.item),
  );
  const metadata = Object.fromEntries(
    keysOf(read.item)
      .filter(({ key }) => !['id', 'name', 'prompt', 'expect'].includes(key))
      .map(({ key, valueNode }) => [key, valueNode && getNodeValue(valueNode)]),
  );
  const copy = options.projectCopy ?? 'bmad';
  return parseCase({
    id: read.id,
    rawId: read.rawId,
    name: read.name ?? read.id,
    kind: 'task',
    turns: [teaPrompt(workflow, context, index, read)],
    checks,
    workspace: {
      ...(copy === 'never' ? {} : { project: { root: places.root, exclude: options.projectExclude ?? [] } }),
      files: [],
      overlays: [],
    },
    limits: { timeoutSeconds: RUN_TIMEOUT_SECONDS },
    runs: RUNS,
    skills: [],
    metadata,
    source: { file, ...sink.position(read.item), format: 'evals-json', dialect: 'bmad-tea' },
  });
}

/** TEA's `buildPrompt` (lines 277-308), character for character. */
export function teaPrompt(
  workflow: unknown,
  context: string,
  index: string,
  read: Pick<TeaCase, 'prompt' | 'repoFacts' | 'config'>,
): string {
  const facts = Array.isArray(read.repoFacts) ? read.repoFacts : [];
  return [
    `You are running the TEA workflow \`${String(workflow)}\`. Below are the workflow's own knowledge-loading rules and its fragment index.`,
    '',
    'Decide which knowledge fragments this run must load, following those rules exactly. Do not load a fragment the rules do not call for: over-loading costs context and mixes patterns from stacks the project does not use.',
    '',
    context,
    '',
    '----- resources/tea-index.csv -----',
    index,
    '',
    '----- the run -----',
    `Task: ${read.prompt}`,
    '',
    'Repository facts:',
    ...facts.map((fact) => `- ${String(fact)}`),
    '',
    'TEA config for this run:',
    `${JSON.stringify(read.config ?? {}, null, 2)}`,
    '',
    '----- output -----',
    'Reply with JSON only, no prose and no code fence:',
    '{"fragments": ["one-fragment-file-name.md", "..."]}',
    'Use the fragment file names exactly as they appear in the index, without the `knowledge/` prefix.',
  ].join('\n');
}

function isFile(path: string): boolean {
  try {
    return observedStat(path).isFile();
  } catch {
    return false;
  }
}

const describeCases = (node: Node | undefined) =>
  node === undefined ? 'missing' : node.type === 'array' ? 'empty' : describeType(node);
