import { basename, join } from 'node:path';
import { observedEntries, observedExists, observedLstat, observedStat } from '@skill-eval/core';
import type { CaseDiagnostics, Where } from './diagnostics.js';
import { splitFrontMatter } from './front-matter.js';
import { frontMatterFields, warnRepeatedKeys } from './front-matter-fields.js';
import {
  isPlainMap,
  type Located,
  locatedEntries,
  parseYamlInFile,
  syntaxErrors,
  whereIn,
  type YamlInFile,
  yamlData,
} from './located.js';
import { caseBoundary, readCaseText } from './side-text.js';

/** One grader as written: its fields, where each was written, and where the grader starts. */
export interface RawGrader {
  fields: Record<string, Located>;
  at: Where;
}

/** A case directory read and merged as `claude plugin eval` merges case.yaml with prompt.md and graders/*.md. */
export interface RawCase {
  dir: string;
  /** `case_yaml`, `prose` (prompt.md and/or graders/*.md) or `mixed`, as Claude Code names them. */
  source: 'case_yaml' | 'prose' | 'mixed';
  /** Where the case starts: case.yaml's first line, else prompt.md's, else the directory. */
  at: Where;
  top: Record<string, Located>;
  context: Record<string, Located>;
  execution: Record<string, Located>;
  /** Where `graders` was written in case.yaml (for "no graders"). */
  gradersAt?: Where;
  graders: RawGrader[];
}

/*
 * prompt.md front matter keys (binary strings `Ps=new Set(["schema_version","name","description","tags","plugins",
 * "runs","expected_outcome"])` and `$s=new Set(["model","max_turns","timeout_seconds","allowed_tools",
 * "disallowed_tools","artifact_publish","growthbook_overrides","append_system_prompt","env"])`); any other key is
 * refused with `unknown frontmatter key`.
 */
export const PROSE_TOP_KEYS = ['schema_version', 'name', 'description', 'tags', 'plugins', 'runs', 'expected_outcome'];
export const PROSE_EXECUTION_KEYS = [
  'model',
  'max_turns',
  'timeout_seconds',
  'allowed_tools',
  'disallowed_tools',
  'artifact_publish',
  'growthbook_overrides',
  'append_system_prompt',
  'env',
];

/** The field of a grader its .md body fills when the front matter leaves it out (binary: `ou={llm:"criteria",…}`). */
const BODY_FIELD: Record<string, string> = { llm: 'criteria', baseline: 'criteria', regex: 'pattern' };

/** Reads the case directory `dir`; undefined when nothing in it defines a case (diagnosed). */
export function readCaseFiles(dir: string, diagnostics: CaseDiagnostics): RawCase | undefined {
  const caseYamlFile = join(dir, 'case.yaml');
  const promptFile = join(dir, 'prompt.md');
  // The files of the case are read as every side file is: none out of the project (a link) without --trust.
  const boundary = caseBoundary(dir);
  const yamlCase = present(caseYamlFile) ? readCaseYaml(caseYamlFile, boundary, diagnostics) : undefined;
  if (yamlCase === null) return undefined;
  const prose = readProse(dir, promptFile, boundary, diagnostics);
  if (prose === null) return undefined;
  if (!yamlCase && !prose) {
    diagnostics.error(
      'missing-field',
      'No case definition: case.yaml and prompt.md are empty or missing here; write the user prompt to test in prompt.md, or define the case in case.yaml (as `claude plugin eval` asks).',
      { file: dir },
    );
    return undefined;
  }
  const base = yamlCase ?? {
    at: { file: observedExists(promptFile) ? promptFile : dir, line: 1, column: 1 },
    top: {},
    context: {},
    execution: {},
    graders: [],
  };
  const top = { ...base.top, ...(prose?.top ?? {}) };
  if (!yamlCase) {
    // Claude Code's default for a prose-only case: `{schema_version: "1.1", name: <directory name>}`.
    top.schema_version ??= { value: '1.1', at: base.at };
    top.name ??= { value: basename(dir), at: base.at };
  }
  const execution = { ...base.execution, ...(prose?.execution ?? {}) };
  const disallowed = [base.execution.disallowed_tools, prose?.execution.disallowed_tools];
  if (disallowed[0] && disallowed[1] && Array.isArray(disallowed[0].value) && Array.isArray(disallowed[1].value)) {
    // Both lists apply (binary: `ru(y,k)` concatenates them).
    execution.disallowed_tools = { value: [...disallowed[0].value, ...disallowed[1].value], at: disallowed[1].at };
  }
  if (prose?.prompt) execution.prompt = prose.prompt;
  const graders = prose && prose.graders.length > 0 ? [...base.graders, ...prose.graders] : base.graders;
  return {
    dir,
    source: yamlCase && prose ? 'mixed' : yamlCase ? 'case_yaml' : 'prose',
    at: base.at,
    top,
    context: base.context,
    execution,
    ...(yamlCase?.gradersAt ? { gradersAt: yamlCase.gradersAt } : {}),
    graders,
  };
}

type CaseYaml = Omit<RawCase, 'dir' | 'source'>;

/** case.yaml as located maps; null when it cannot be read (diagnosed), undefined when it is empty. */
function readCaseYaml(file: string, boundary: string, diagnostics: CaseDiagnostics): CaseYaml | null | undefined {
  const text = readCaseText(file, boundary, diagnostics);
  if (text === undefined) return null;
  const source = parseYamlInFile(file, text);
  const errors = syntaxErrors(source);
  if (errors.length > 0) {
    for (const e of errors) {
      diagnostics.error('syntax', `case.yaml: YAML parse failed: ${e.message}`, {
        file,
        line: e.line,
        column: e.column,
      });
    }
    return null;
  }
  warnRepeatedKeys(source, diagnostics);
  const read = yamlData(source);
  if ('refused' in read) {
    diagnostics.error('syntax', `case.yaml: YAML parse failed: ${read.refused}`, read.at);
    return null;
  }
  const { data } = read;
  if (data === null || data === undefined) return undefined;
  const at: Where = { file, line: 1, column: 1 };
  if (!isPlainMap(data)) {
    diagnostics.error('not-a-map', 'case.yaml must be a YAML object (a map of schema_version, name, execution …).', at);
    return null;
  }
  const section = (key: string) =>
    isPlainMap(data[key]) ? locatedEntries(data[key] as Record<string, unknown>, source, [key]) : {};
  const { context: _c, execution: _e, graders: rawGraders, ...rest } = data;
  const top = locatedEntries(rest, source, []);
  for (const key of ['context', 'execution'] as const) {
    if (data[key] !== undefined && !isPlainMap(data[key])) {
      diagnostics.error('wrong-type', `"${key}" must be a map.`, whereIn(source, [key]));
    }
  }
  const graders = Array.isArray(rawGraders) ? rawGraders.map((g, i) => yamlGrader(g, i, source, diagnostics)) : [];
  if (rawGraders !== undefined && !Array.isArray(rawGraders)) {
    diagnostics.error('wrong-type', '"graders" must be a list of graders.', whereIn(source, ['graders']));
  }
  return {
    at,
    top,
    context: section('context'),
    execution: section('execution'),
    ...(rawGraders !== undefined ? { gradersAt: whereIn(source, ['graders']) } : {}),
    graders: graders.filter((g): g is RawGrader => g !== undefined),
  };
}

function yamlGrader(value: unknown, index: number, source: YamlInFile, diagnostics: CaseDiagnostics) {
  const at = whereIn(source, ['graders', index]);
  if (!isPlainMap(value)) {
    diagnostics.error('wrong-type', `Grader ${index + 1} must be a map with type and name.`, at);
    return undefined;
  }
  return { fields: locatedEntries(value, source, ['graders', index]), at };
}

interface Prose {
  top: Record<string, Located>;
  execution: Record<string, Located>;
  prompt?: Located;
  graders: RawGrader[];
}

/** prompt.md and graders/*.md; null when one cannot be read (diagnosed), undefined when there is neither. */
function readProse(
  dir: string,
  promptFile: string,
  boundary: string,
  diagnostics: CaseDiagnostics,
): Prose | null | undefined {
  const prose: Prose = { top: {}, execution: {}, graders: [] };
  let failed = false;
  const promptText = present(promptFile) ? readCaseText(promptFile, boundary, diagnostics) : undefined;
  if (present(promptFile) && promptText === undefined) failed = true;
  if (promptText !== undefined) {
    const text = promptText;
    const split = splitFrontMatter(text);
    const front = frontMatterFields(promptFile, 'prompt.md', split, diagnostics);
    if (front === null) failed = true;
    else if (front) {
      for (const [key, entry] of Object.entries(front.entries)) {
        if (PROSE_TOP_KEYS.includes(key)) prose.top[key] = entry;
        else if (PROSE_EXECUTION_KEYS.includes(key)) prose.execution[key] = entry;
        else {
          diagnostics.error(
            'unknown-key',
            `prompt.md: unknown frontmatter key "${key}" (expected one of: ${[...PROSE_TOP_KEYS, ...PROSE_EXECUTION_KEYS].join(', ')}); Claude Code refuses the case.`,
            entry.at,
          );
          failed = true;
        }
      }
    }
    const body = split.body.trim();
    if (body.length > 0) prose.prompt = { value: body, at: { file: promptFile, line: bodyLine(text, split.body) } };
  }
  for (const file of graderFiles(dir)) {
    const text = readCaseText(file, boundary, diagnostics);
    if (text === undefined) {
      failed = true;
      continue;
    }
    const split = splitFrontMatter(text);
    if (!split.hadFrontMatter && !split.unterminated) {
      diagnostics.warning(
        'grader-skipped',
        `${basename(file)} has no front matter, so Claude Code skips it and it grades nothing; give it front matter with type: (regex | tool_order | tool_used | file_exists | llm | baseline).`,
        { file, line: 1, column: 1 },
      );
      continue;
    }
    const front = frontMatterFields(file, basename(file), split, diagnostics);
    if (front === null) {
      failed = true;
      continue;
    }
    const entries = front?.entries ?? {};
    const at: Where = { file, line: 1, column: 1 };
    if (typeof entries.type?.value !== 'string') {
      diagnostics.error(
        'missing-field',
        `${basename(file)}: frontmatter must include "type:" (regex | tool_order | tool_used | file_exists | llm | baseline).`,
        entries.type?.at ?? at,
      );
      failed = true;
      continue;
    }
    const fields: Record<string, Located> = { name: { value: basename(file, '.md'), at }, ...entries };
    const bodyField = BODY_FIELD[entries.type.value];
    const body = split.body.trim();
    if (bodyField && fields[bodyField] === undefined && body.length > 0) {
      fields[bodyField] = { value: body, at: { file, line: bodyLine(text, split.body) } };
    }
    prose.graders.push({ fields, at });
  }
  if (failed) return null;
  const empty =
    prose.prompt === undefined &&
    prose.graders.length === 0 &&
    Object.keys(prose.top).length === 0 &&
    Object.keys(prose.execution).length === 0;
  return empty ? undefined : prose;
}

/** Whether anything is at `file` (a dangling link too: reading it says why it cannot be read). */
const present = (file: string) => observedLstat(file, { throwIfNoEntry: false }) !== undefined;

/** The .md files directly in `graders/`, in Claude Code's order (sorted paths); subdirectories are not read. */
function graderFiles(dir: string): string[] {
  const graders = join(dir, 'graders');
  if (!observedExists(graders) || !observedStat(graders).isDirectory()) return [];
  return observedEntries(graders)
    .filter((entry) => entry.name.endsWith('.md') && !entry.isDirectory())
    .map((entry) => join(graders, entry.name))
    .sort();
}

/** 1-based line where the trimmed body starts. */
function bodyLine(text: string, body: string): number {
  const bodyStart = text.length - body.length;
  const leading = body.length - body.trimStart().length;
  return text.slice(0, bodyStart + leading).split('\n').length;
}
