import { basename, dirname, join, relative } from 'node:path';
import { type Case, type Diagnostic, type LoadResult, readSkillRef, type Suite } from '@skill-eval/core';
import { projectBoundary, readSideFile } from '@skill-eval/format-kit';
import { alternateSuites } from './alternate-suites.js';
import { buildCase } from './build-case.js';
import type { SuiteDefaults } from './case-context.js';
import { resolveCaseFiles } from './case-files.js';
import { SkillUpCaseFileSchema } from './case-schema.js';
import type { At, DiagnosticSink } from './diagnostic-sink.js';
import { engineHint } from './engine-name.js';
import { mapCustomEngine } from './map-custom-engine.js';
import { readYamlFile } from './read-yaml-file.js';
import { skillRootFor } from './skill-root.js';
import { suiteDefaults } from './suite-defaults.js';
import { SkillUpSuiteFileSchema } from './suite-schema.js';
import { nodeAt } from './yaml-path.js';

/** Options shared by the loaders. */
export interface LoadOptions {
  /** Directory suite ids are relative to (default the working directory). */
  cwd?: string;
}

/** Suite-level keys whose values are kept verbatim in `suite.settings` (cases.files excepted). */
const SETTINGS_KEYS = [
  'schema_version',
  'environment',
  'mcp',
  'skills',
  'engine',
  'judge',
  'benchmark',
  'report',
  'user_simulator',
] as const;

/**
 * Reads an eval.yaml and every case file its `cases.files` names, relative to the skill root. A
 * missing case file is an error at its entry; diagnostics of a case file point into that file.
 */
export function loadSuite(file: string, text: string, options: LoadOptions = {}): LoadResult {
  const read = readYamlFile(
    file,
    text,
    SkillUpSuiteFileSchema,
    'eval.yaml suite (schema_version: v1alpha1, environment, engine, cases.files)',
  );
  const diagnostics: Diagnostic[] = read.sink.diagnostics;
  const { yaml, sink, value: doc } = read;
  if (!doc || !yaml) return { suites: [], diagnostics };
  const { root, found } = skillRootFor(dirname(file));
  if (!found) {
    sink.warning(
      'no-skill-root',
      `No SKILL.md within 10 levels above this file; paths resolve from ${root}, as skill-up falls back to.`,
      { line: 1, column: 1 },
    );
  }
  const skill = found ? readSkillRef(root) : undefined;
  const defaults = suiteDefaults({ file, doc, yaml, sink, root, skill });
  const engineName = doc.engine?.name || doc.engine?.type;
  const customEngine =
    engineName &&
    !engineHint(engineName) &&
    !(doc.engine?.name && doc.engine?.type && doc.engine.name !== doc.engine.type)
      ? mapCustomEngine(doc, yaml, sink, root)
      : undefined;
  const boundary = projectBoundary(dirname(file), defaults.skillRoot);
  const { cases, parts } = readCases(doc.cases.files, { defaults, boundary }, sink, yaml, diagnostics);
  if (cases.length === 0) {
    sink.error(
      'no-cases',
      'No case of cases.files could be loaded; fix the entries reported above.',
      nodeAt(yaml, ['cases', 'files']),
    );
    return { suites: [], diagnostics, parts, alternates: alternateSuites(file, parts, root, boundary) };
  }
  const settings: Record<string, unknown> = { skillRoot: root };
  for (const key of SETTINGS_KEYS) if (doc[key] !== undefined) settings[key] = doc[key];
  // The command engine's settings for the suite's custom engine; the CLI runs it with --trust.
  if (customEngine) {
    settings.customEngine = customEngine;
    // Where its command is written: without --trust the run is refused there.
    const at = yaml.positionAtPath(['engine', 'custom', 'local', 'command']);
    if (at) settings.customEngineAt = { line: at.line, column: at.column };
  }
  const { files: _files, ...casesRest } = doc.cases;
  if (Object.keys(casesRest).length > 0) settings.cases = casesRest;
  // The runner's format-neutral key: executions of this suite at once.
  if (doc.cases.parallelism !== undefined) settings.parallelism = doc.cases.parallelism;
  for (const entry of read.unknown)
    settings[entry.path.length ? `${entry.path.join('.')}.${entry.key}` : entry.key] = entry.value;
  const suite: Suite = {
    id: relative(options.cwd ?? process.cwd(), file) || basename(file),
    name: skill?.name ?? basename(root),
    file,
    format: 'skill-up',
    skill,
    cases,
    settings,
  };
  return { suites: [suite], diagnostics, parts, alternates: alternateSuites(file, parts, root, boundary) };
}

/** The cases of the files `cases.files` lists, and every listed file read for them (the suite's parts). */
function readCases(
  entries: string[],
  { defaults, boundary }: { defaults: SuiteDefaults; boundary: string },
  sink: DiagnosticSink,
  yaml: NonNullable<ReturnType<typeof readYamlFile>['yaml']>,
  diagnostics: Diagnostic[],
): { cases: Case[]; parts: string[] } {
  const cases: Case[] = [];
  const seenFiles = new Map<string, number>();
  const seenIds = new Map<string, string>();
  for (const { index, entry, files, refused } of resolveCaseFiles(entries, defaults.skillRoot, boundary)) {
    const at = nodeAt(yaml, ['cases', 'files', index]);
    if (refused) {
      sink.errorNeedingTrust('outside-project', refused, at);
      continue;
    }
    if (files.length === 0) {
      sink.error(
        'missing-case-file',
        /[*?[\]{}]/.test(entry)
          ? `cases.files pattern ${JSON.stringify(entry)} matches no file under ${defaults.skillRoot}.`
          : `Case file ${JSON.stringify(entry)} does not exist (looked for ${join(defaults.skillRoot, entry)}; paths are relative to the skill root); create it or remove the entry.`,
        at,
      );
      continue;
    }
    for (const caseFile of files) {
      const first = seenFiles.get(caseFile);
      if (first !== undefined) {
        sink.error(
          'duplicate-case-file',
          `cases.files names ${JSON.stringify(entry)} again (entry ${first + 1} already loads it); each case file may appear once.`,
          at,
        );
        continue;
      }
      seenFiles.set(caseFile, index);
      // skill-up's filepath.Join lets `..` reach any file; here, as for AgentV's references, a case file outside the
      // project (by `..` or a link) is an error that --trust lifts, and it is not read without --trust.
      const built = loadCaseFile(caseFile, entry, { defaults, boundary }, sink, at, diagnostics);
      if (!built) continue;
      const otherFile = seenIds.get(built.case.id);
      if (otherFile !== undefined) {
        const other = relative(defaults.skillRoot, otherFile) || otherFile;
        built.sink.error(
          'duplicate-id',
          `Case id ${JSON.stringify(built.case.id)} is already used by ${other}; skill-up keys results by id, so give this case another id.`,
          built.idNode,
        );
        diagnostics.push(built.sink.diagnostics.at(-1)!);
        continue;
      }
      // The file, named relative to the skill root only in the message of a duplicate.
      seenIds.set(built.case.id, caseFile);
      cases.push(built.case);
    }
  }
  return { cases, parts: [...seenFiles.keys()] };
}

/** Reads and builds one listed case file; its diagnostics go to `diagnostics`, pointing into it. */
function loadCaseFile(
  caseFile: string,
  entry: string,
  { defaults, boundary }: { defaults: SuiteDefaults; boundary: string },
  sink: DiagnosticSink,
  at: At,
  diagnostics: Diagnostic[],
) {
  // Read as every side file is (format-kit readSideFile): refused before it is read, never hung on.
  const side = readSideFile(caseFile, boundary, { ref: entry });
  if (!side.ok) {
    if (side.needsTrust) sink.errorNeedingTrust('outside-project', side.message, at);
    else sink.error('missing-case-file', `Case file ${side.message}`, at);
    return undefined;
  }
  if (side.outside) sink.errorNeedingTrust('outside-project', side.outside, at);
  const text = side.text;
  const read = readYamlFile(caseFile, text, SkillUpCaseFileSchema, 'case file (input.prompt, judge …)');
  const built =
    read.value && read.yaml
      ? buildCase(read, { file: caseFile, sink: read.sink, yaml: read.yaml, suite: defaults })
      : undefined;
  diagnostics.push(...read.sink.diagnostics);
  if (!built || !read.yaml) return undefined;
  return { case: built, sink: read.sink, idNode: nodeAt(read.yaml, ['id']) };
}
