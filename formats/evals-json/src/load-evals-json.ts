import { basename, dirname, relative, resolve, sep } from 'node:path';
import {
  type Case,
  findSkillRoot,
  type LoadResult,
  type ProjectCopy,
  readSkillRef,
  SKILL_LEVELS,
  type SkillRef,
  type Suite,
} from '@skill-eval/core';
import {
  bmadProjectRoot,
  describeType,
  duplicateKeys,
  findProjectRoot,
  foldersUpTo,
  itemsOf,
  keysOf,
  parseJson,
  projectBoundary,
  property,
  syntaxMessage,
} from '@skill-eval/format-kit';
import { getNodeValue, type Node } from 'jsonc-parser';
import { readBmadCase } from './bmad-cases.js';
import { buildCase, type CaseParts } from './build-case.js';
import { cap } from './case-fields.js';
import { DiagnosticSink } from './diagnostic-sink.js';
import { type Dialect, evalsDialect, shapeOf } from './dialect.js';
import type { LoadEvalsJsonOptions } from './load-options.js';
import type { ReadContext } from './read-context.js';
import { setupOverlays } from './setup-overlays.js';
import { readEvalItem } from './skill-creator.js';
import { readTeaSuite } from './tea-fragment-selection.js';
import { warnUnknownKeys } from './unknown-keys.js';

export type { LoadEvalsJsonOptions } from './load-options.js';

/**
 * Reads an Agent Skills `evals.json` (any dialect), a BMAD generation-2 `cases.json` or a BMAD TEA fragment-selection
 * `evals.json` into one suite. Every problem is a positioned diagnostic; cases that cannot be built (no usable id or
 * prompt, a repeated id) are left out, other faulty fields are left out of their case.
 */
export function loadEvalsJson(file: string, text: string, options: LoadEvalsJsonOptions = {}): LoadResult {
  const path = resolve(file);
  const json = parseJson(text);
  const sink = new DiagnosticSink(path, json.positionAt);
  const done = (suites: Suite[]): LoadResult => ({ suites, diagnostics: sink.diagnostics });
  const read = evalsRoot(path, text, json, sink);
  if (!read) return done([]);
  const { root, shape } = read;
  if (shape === 'bmad-tea') {
    const suite = readTeaSuite(path, root, sink, options);
    return done(suite ? [suite] : []);
  }
  const isBmad2 = shape === 'bmad-cases';
  const listKey = isBmad2 ? 'cases' : 'evals';
  const list = root.type === 'array' ? root : property(root, listKey);
  const dialect: Dialect = isBmad2 ? 'bmad-2' : evalsDialect(root);
  const skillName = readSkillName(root, sink);
  const skillRoot = findSkillRoot(dirname(path));
  const skill: SkillRef | undefined = skillRoot ? readSkillRef(skillRoot) : undefined;
  // The skill root (skill-creator), the file's folder and each one above it up to the repository root: AgentV's
  // adapter finds a path written from any of them (its search roots), BMAD one written from the project root.
  const bases = [skillRoot, ...foldersUpTo(dirname(path), findProjectRoot(dirname(path)))];
  if (!skill) {
    sink.warning(
      'no-skill',
      `No SKILL.md in this folder or the ${SKILL_LEVELS} above it, so no skill is staged: every case runs without the skill${skillName ? ` "${skillName}"` : ''}. Keep the evals file inside the skill's folder (e.g. <skill>/evals/evals.json).`,
      root,
    );
  }
  const overlays = isBmad2 ? undefined : setupOverlays(dirname(path));
  const project = projectCopy(path, dialect, Boolean(skillRoot), overlays, options);
  const ctx: ReadContext = {
    file: path,
    dialect,
    sink,
    fixtureBases: [...new Set(bases.filter((b): b is string => b !== undefined))],
    projectRoot: projectBoundary(dirname(path), skillRoot),
    missingFiles: options.missingFiles ?? 'warning',
    expectedOutput: options.expectedOutput ?? 'auto',
    triggerRuns: options.triggerRuns ?? 3,
    skillName: skill?.name ?? skillName,
    skills: skill ? [skill] : [],
    ...(overlays ? { overlays } : {}),
    ...(project ? { project } : {}),
  };
  if (root.type === 'object') warnUnknownKeys(root, new Set(['skill_name', listKey]), 'at the top level', sink);
  const cases = readCases(list!, listKey, isBmad2 ? readBmadCase : readEvalItem, ctx);
  const extra = root.type === 'object' ? keysOf(root).filter(({ key }) => key !== 'skill_name' && key !== listKey) : [];
  const settings: Record<string, unknown> = { dialect };
  if (skillName) settings.skillName = skillName;
  if (extra.length > 0)
    settings.metadata = Object.fromEntries(
      extra.map(({ key, valueNode }) => [key, valueNode && getNodeValue(valueNode)]),
    );
  if (cases.length === 0) return done([]);
  const suite: Suite = {
    id: relative(options.cwd ?? process.cwd(), path) || basename(path),
    name: skillName ?? skill?.name ?? basename(path),
    file: path,
    format: 'evals-json',
    skill,
    cases,
    settings,
  };
  return done([suite]);
}

/**
 * The document's root and shape, when it is an evals file; an empty file, a syntax error, a trigger set or an unknown
 * shape is reported and gives none. Keys written twice are warned about.
 */
function evalsRoot(path: string, text: string, json: ReturnType<typeof parseJson>, sink: DiagnosticSink) {
  if (text.trim() === '') {
    sink.error(
      'syntax',
      'The file is empty; an evals file is an object like {"skill_name": "…", "evals": [{"id": 1, "prompt": "…"}]}.',
      { line: 1, column: 1 },
    );
    return undefined;
  }
  if (json.errors.length > 0) {
    for (const e of json.errors) sink.error('syntax', syntaxMessage(e.code), e);
    return undefined;
  }
  const root = json.root!;
  for (const [first, repeat] of duplicateKeys(root)) {
    const line = sink.position(first)!.line;
    sink.warning(
      'duplicate-key',
      `Key "${repeat.value}" is written again (first at line ${line}); JSON keeps only this one, so remove one of them.`,
      repeat,
    );
  }
  const shape = shapeOf(root);
  if (shape === 'trigger-set' || shape === 'trigger-set-grouped') {
    sink.error(
      'not-an-eval-file',
      'This is a trigger query set, not an evals file; name it triggers.json so the triggers-json format reads it.',
      root,
    );
    return undefined;
  }
  if (shape === 'unknown') {
    const want =
      basename(path) === 'cases.json'
        ? '"cases": [{"id": "…", "input": "…", "rubric": ["…"]}]'
        : '"evals": [{"id": 1, "prompt": "…"}]';
    const found = root.type === 'object' ? 'has no "evals" or "cases" list' : `holds ${describeType(root)}`;
    sink.error('missing-evals', `The file ${found}; an evals file is an object like {${want}}.`, root);
    return undefined;
  }
  return { root, shape };
}

/**
 * The project a case's workspace starts as a copy of, as BMAD's runner starts each eval from the project root: for a
 * BMAD file — BMAD's generation-1 dialect, a `setup/` overlay beside it, or a place in an `evals/…/<skill>/` tree
 * outside any skill — unless the settings say `always` or `never`. The project is the nearest folder with `_bmad/`
 * or `.git`; without one there is nothing to copy.
 */
function projectCopy(
  file: string,
  dialect: Dialect,
  underSkill: boolean,
  overlays: ((id: string) => string[]) | undefined,
  options: LoadEvalsJsonOptions,
): ProjectCopy | undefined {
  const mode = options.projectCopy ?? 'bmad';
  if (mode === 'never') return undefined;
  const root = bmadProjectRoot(dirname(file));
  if (!root) return undefined;
  const evalsTree = !underSkill && relative(root, dirname(file)).split(sep).slice(0, -1).includes('evals');
  const bmad = dialect === 'bmad-1' || evalsTree || (overlays?.('').length ?? 0) > 0;
  if (mode === 'bmad' && !bmad) return undefined;
  return { root, exclude: options.projectExclude ?? [] };
}

type ItemReader = (item: Node, index: number, ctx: ReadContext) => CaseParts | undefined;

function readCases(list: Node, key: string, readItem: ItemReader, ctx: ReadContext): Case[] {
  const noun = key === 'cases' ? 'case' : 'eval';
  if (list.type !== 'array') {
    ctx.sink.error(
      'missing-evals',
      `"${key}" is ${describeType(list)}; write a list of ${noun}s: "${key}": [{…}].`,
      list,
    );
    return [];
  }
  const items = itemsOf(list);
  if (items.length === 0) {
    ctx.sink.error('empty-evals', `"${key}" is empty; add at least one ${noun}.`, list);
    return [];
  }
  const cases: Case[] = [];
  const firstById = new Map<string, Node>();
  items.forEach((item, index) => {
    if (item.type !== 'object') {
      ctx.sink.error(
        'wrong-type',
        `${cap(noun)} #${index + 1} is ${describeType(item)}; each ${noun} is an object.`,
        item,
      );
      return;
    }
    const parts = readItem(item, index, ctx);
    if (!parts) return;
    const first = firstById.get(parts.identity.id);
    if (first) {
      const line = ctx.sink.position(first)!.line;
      ctx.sink.error(
        'duplicate-id',
        `${cap(parts.identity.label)} repeats the id "${parts.identity.id}" of the ${noun} at line ${line} (ids are compared as strings); give it a unique id.`,
        parts.identity.node,
      );
      return;
    }
    firstById.set(parts.identity.id, parts.identity.node);
    cases.push(buildCase(parts, ctx));
  });
  return cases;
}

function readSkillName(root: Node, sink: DiagnosticSink): string | undefined {
  const node = property(root, 'skill_name');
  if (node === undefined || node.type === 'null') return undefined;
  if (node.type !== 'string') {
    sink.error('wrong-type', `"skill_name" is ${describeType(node)}; write the skill's name as a string.`, node);
    return undefined;
  }
  const name = (getNodeValue(node) as string).trim();
  return name === '' ? undefined : name;
}
