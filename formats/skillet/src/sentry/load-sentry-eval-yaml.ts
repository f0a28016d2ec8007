import { basename, dirname, relative, resolve, sep } from 'node:path';
import { type Case, findSkillRoot, type LoadResult, parseCase, readSkillRef, type Suite } from '@skill-eval/core';
import {
  isYamlMap,
  isYamlScalar,
  isYamlSeq,
  type ParsedYaml,
  parseYaml,
  type YamlNode,
  yamlSpan,
} from '@skill-eval/format-kit';
import type { YAMLMap } from 'yaml';
import { DiagnosticSink } from '../diagnostic-sink.js';
import { reportSyntax } from '../yaml-syntax.js';
import { readSentryCase, type SentryCaseParts } from './read-sentry-case.js';
import { type SentryYaml, sentryYaml } from './sentry-yaml.js';

// getsentry/skillet's `.eval.yaml`, as that tool read it before its evals became `.eval.ts` files: src/eval/parser.ts,
// runner.ts, checks.ts, judge.ts, workspace.ts and requirements.ts at 443bf3dd83af699d4aca02317733710af391b7a4 (the
// parent of 55f96ae, which moved to `.eval.ts`; its parser is c45caade's plus `tests_behavior`).

/** The dialect's name in `source.dialect` and the suite's settings. */
export const SENTRY_DIALECT = 'getsentry';

/** Options of {@link loadSentryEvalYaml}. */
export interface LoadSentryEvalYamlOptions {
  /** Directory the suite id is relative to (default the process's working directory). */
  cwd?: string;
}

/** Whether skillet finds the file: `*.eval.yaml` below the skill's `evals/` folder (parser.ts:95-127). */
export const discoveredBySkillet = (path: string): boolean =>
  basename(path).endsWith('.eval.yaml') && path.split(sep).slice(0, -1).includes('evals');

/**
 * Reads one getsentry/skillet `.eval.yaml` (`evals: [{name, turns, checks, criteria, threshold, workspace, requires,
 * timeout, tests_behavior}]`) into a suite. Where skillet's parser throws (and so stops its whole run) there is an
 * error at the line, and the case is left out; what it passes over without a word is passed over with a warning.
 */
/** Syntax errors; skillet’s `yaml.parse` throws on each (a key written twice, several documents too). */
const SYNTAX_WORDS = {
  duplicateKey: 'A key is written twice in one map; skillet’s YAML parser stops on it. Remove one.',
  multipleDocuments: 'The file holds several YAML documents (---); skillet’s YAML parser stops on it.',
};

export function loadSentryEvalYaml(file: string, text: string, options: LoadSentryEvalYamlOptions = {}): LoadResult {
  const path = resolve(file);
  const yaml = parseYaml(text);
  const sink = new DiagnosticSink(path, (node) => yamlSpan(yaml, node));
  const done = (suites: Suite[]): LoadResult => ({ suites, diagnostics: sink.diagnostics });
  if (!discoveredBySkillet(path)) {
    sink.warning(
      'not-discovered',
      'skillet runs only files named *.eval.yaml inside the skill’s evals/ folder, so it would not run this one; rename or move it so both tools run it.',
      { line: 1, column: 1 },
    );
  }
  if (!reportSyntax(yaml, sink, SYNTAX_WORDS) || !expandsAsSkilletDoes(yaml, sink)) return done([]);
  const root = yaml.doc.contents as YamlNode | null;
  if (!isYamlMap(root)) {
    // parser.ts:261-263
    sink.error(
      'not-a-map',
      `skillet stops on this file: it expects a map with an "evals" list, and the file ${root ? 'holds something else' : 'is empty'}.`,
      root ? (yaml.positionOf(root) ?? { line: 1, column: 1 }) : { line: 1, column: 1 },
    );
    return done([]);
  }
  const y = sentryYaml(yaml.doc);
  const evals = y.get(root, 'evals');
  if (!isYamlSeq(evals)) {
    // parser.ts:265-269
    sink.error(
      'missing-evals',
      `skillet stops on this file: ${evals === undefined ? 'it has no "evals"' : '"evals" is not a list'}. Write "evals:" with a list of cases.`,
      evals ?? yaml.positionOf(root) ?? { line: 1, column: 1 },
    );
    return done([]);
  }
  warnUnknownTopKeys(root, yaml, sink);
  noteOnce(evals, sink, y);
  const skillRoot = findSkillRoot(dirname(path));
  const skill = skillRoot ? readSkillRef(skillRoot) : undefined;
  const parts = y
    .items(evals)
    .map((item, i) => readSentryCase(item, i, { yaml, y, sink, ...(skill ? { skill } : {}) }))
    .filter((p): p is SentryCaseParts => p !== undefined);
  const cases = withIds(parts, yaml, sink, y).map(({ id, part }) => toCase(id, part, path, yaml, skill));
  return done([
    {
      id: relative(options.cwd ?? process.cwd(), path) || basename(path),
      name: basename(path).replace(/\.eval\.ya?ml$|\.ya?ml$/i, ''),
      file: path,
      format: 'skillet',
      skill,
      cases,
      settings: { dialect: SENTRY_DIALECT },
    },
  ]);
}

function toCase(id: string, part: SentryCaseParts, file: string, yaml: ParsedYaml, skill?: Suite['skill']): Case {
  return parseCase({
    id,
    ...(id !== part.name ? { rawId: part.name } : {}),
    name: part.name,
    kind: 'task',
    turns: part.turns,
    // runner.ts:209-239: any failed check fails the case before the judge runs.
    gates: part.gates,
    checks: part.checks,
    workspace: { setup: part.setup ? [part.setup] : [] },
    limits: part.timeoutSeconds === undefined ? {} : { timeoutSeconds: part.timeoutSeconds },
    skills: skill ? [skill] : [],
    metadata: part.metadata,
    source: {
      file,
      ...(yaml.positionOf(part.node) ?? { line: 1, column: 1 }),
      format: 'skillet',
      dialect: SENTRY_DIALECT,
    },
  });
}

/**
 * Case ids: the names. skillet runs two cases of one name both, under that name (runner.ts:60-66); skill-eval needs
 * one id each, so a repeated name gets `#2`, `#3`, with a warning.
 */
function withIds(
  parts: SentryCaseParts[],
  yaml: ParsedYaml,
  sink: DiagnosticSink,
  y: SentryYaml,
): { id: string; part: SentryCaseParts }[] {
  const seen = new Map<string, { count: number; line?: number }>();
  return parts.map((part) => {
    const first = seen.get(part.name);
    if (!first) {
      seen.set(part.name, { count: 1, line: yaml.positionOf(part.node)?.line });
      return { id: part.name, part };
    }
    first.count += 1;
    const id = `${part.name}#${first.count}`;
    sink.warning(
      'duplicate-name',
      `A case named "${part.name}" is already at line ${first.line}; skillet runs both under that name, skill-eval runs this one as "${id}". Give each case its own name.`,
      y.get(part.node, 'name'),
    );
    return { id, part };
  });
}

/** Once per file: what skill-eval needs to run shell commands, and how the output checks read the agent's text. */
function noteOnce(evals: YamlNode, sink: DiagnosticSink, y: SentryYaml): void {
  const items = y.items(evals).filter(isYamlMap);
  const checks = items.flatMap((item) => {
    const list = y.get(item, 'checks');
    return isYamlSeq(list) ? y.items(list).filter(isYamlMap) : [];
  });
  const setup = items.map((item) => y.get(item, 'workspace')).find((ws) => isYamlMap(ws) && y.get(ws, 'setup'));
  const run = checks.find((check) => y.get(check, 'run') !== undefined);
  const shell = setup ?? run;
  if (shell) {
    sink.info(
      'needs-trust',
      'This file runs shell commands (workspace.setup, run: checks); skill-eval runs them only with --trust (skillet runs them unasked).',
      shell,
    );
  }
  const output = checks.find((check) =>
    ['output_contains', 'output_not_contains', 'output_matches'].some((k) => y.get(check, k) !== undefined),
  );
  if (output) {
    sink.info(
      'output-final-answers',
      'skillet matches output_* checks against all the agent’s text of the conversation, joined (src/agent/loop.ts); skill-eval matches each turn’s final answer, so text written only before a tool call is not seen.',
      output,
    );
  }
}

/** parseEvalFile reads `evals` alone (parser.ts:257-280). */
function warnUnknownTopKeys(root: YamlNode, yaml: ParsedYaml, sink: DiagnosticSink): void {
  for (const pair of (root as YAMLMap<YamlNode, YamlNode>).items) {
    const key = isYamlScalar(pair.key) ? String(pair.key.value) : String(pair.key?.toJS(yaml.doc));
    if (key === 'evals') continue;
    sink.warning(
      'unknown-key',
      `Unknown key "${key}": skillet reads only "evals", and so does skill-eval; remove it or check its spelling.`,
      pair.key ?? root,
    );
  }
}

/**
 * skillet's `yaml.parse` makes plain data of the document, allowing 100 aliases (the library's default): a file past
 * that, or with an alias to no anchor, stops it. Checked once here, before the nodes are read with aliases resolved.
 */
function expandsAsSkilletDoes(yaml: ParsedYaml, sink: DiagnosticSink): boolean {
  try {
    yaml.toJS({ maxAliasCount: 100 });
    return true;
  } catch (error) {
    const { line, column } = (error ?? {}) as { line?: unknown; column?: unknown };
    const at = typeof line === 'number' && typeof column === 'number' ? { line, column } : { line: 1, column: 1 };
    sink.error('syntax', `skillet’s YAML parser stops on this file: ${(error as Error).message}`, at);
    return false;
  }
}
