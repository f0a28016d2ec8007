import { basename, dirname, extname, relative, resolve } from 'node:path';
import {
  type Case,
  type Check,
  findSkillRoot,
  type LoadResult,
  parseCase,
  readSkillRef,
  type Suite,
} from '@skill-eval/core';
import {
  isYamlMap,
  isYamlScalar,
  isYamlSeq,
  type ParsedYaml,
  parseYaml,
  type YamlNode,
  yamlGet,
  yamlItems,
  yamlKeyNode,
  yamlSpan,
} from '@skill-eval/format-kit';
import { DiagnosticSink } from './diagnostic-sink.js';
import { evalLocation } from './eval-location.js';
import { withMergeKeys } from './merge-keys.js';
import { readAssertions } from './read-assertions.js';
import { readMetadata, readName, readPrompt, readScript, readText } from './read-fields.js';
import { reportSyntax, unconstructable, undefinedAlias } from './yaml-syntax.js';

/** Options of {@link loadSkillet}; the plugin settings map onto them. */
export interface LoadSkilletOptions {
  /** Runs of each eval: Skillet's `--samples` (default 3). */
  samples?: number;
  /** Directory the suite id is relative to (default the process's working directory). */
  cwd?: string;
}

const REQUIRED = ['timestamp', 'prompt', 'expected', 'name'] as const;

/**
 * Reads one Skillet eval file into a suite of one case. Every problem is a positioned diagnostic;
 * the case is built from whatever could be read, so listing still works on a faulty file.
 */
const SYNTAX_WORDS = {
  duplicateKey: 'A key is written twice in one map; remove one (PyYAML would silently keep the last).',
  multipleDocuments: 'The file holds several YAML documents (---); a Skillet eval is one document per file.',
};

export function loadSkillet(file: string, text: string, options: LoadSkilletOptions = {}): LoadResult {
  const path = resolve(file);
  const yaml = parseYaml(text);
  const sink = new DiagnosticSink(path, (node) => yamlSpan(yaml, node));
  const done = (suites: Suite[]): LoadResult => ({ suites, diagnostics: sink.diagnostics });
  if (extname(path).toLowerCase() === '.yml') {
    sink.warning(
      'yml-ignored',
      'Skillet only reads .yaml files and ignores .yml in folders; rename it to .yaml so both tools run it.',
      { line: 1, column: 1 },
    );
  }
  if (!reportSyntax(yaml, sink, SYNTAX_WORDS)) return done([]);
  const alias = undefinedAlias(yaml);
  if (alias) {
    sink.error(
      'syntax',
      `The alias *${alias.source} names no anchor set before it, and Skillet's YAML reader (PyYAML) stops on it: set &${alias.source} on a value earlier in the file, or write the value here.`,
      alias,
    );
    return done([]);
  }
  const refused = unconstructable(yaml);
  if (refused) {
    sink.error(
      'syntax',
      `Skillet's YAML reader (PyYAML) stops on a plain ${String(refused.value)}, a YAML 1.1 tag it cannot build: quote it ("${String(refused.value)}").`,
      refused,
    );
    return done([]);
  }
  const root = readRoot(yaml, sink);
  if (!root) return done([]);
  const start = yaml.positionOf(root) ?? { line: 1, column: 1 };
  const missing = REQUIRED.filter((key) => yamlKeyNode(root, key) === undefined);
  if (missing.length > 0) {
    sink.error(
      'missing-field',
      `Missing required field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. Skillet requires timestamp, name, prompt and expected in every eval (expected too when there are assertions).`,
      start,
    );
  }
  const turns = readPrompt(yamlGet(root, 'prompt'), yamlKeyNode(root, 'prompt'), sink);
  const { judged, expected, checks } = readGrading(root, sink);
  const location = evalLocation(path);
  const name = readName(root, location.id, sink);
  const setup = readScript(root, 'setup', sink);
  const teardown = readScript(root, 'teardown', sink);
  if (setup || teardown) {
    sink.info(
      'needs-trust',
      'This eval runs shell scripts (setup/teardown); skill-eval runs them only with --trust, as Skillet asks for --trust or a confirmation.',
      yamlKeyNode(root, setup ? 'setup' : 'teardown'),
    );
  }
  const metadata = readMetadata(root, yaml, sink, start);
  if (turns === undefined) return done([]);
  const skillRoot = findSkillRoot(dirname(path));
  const skill = skillRoot ? readSkillRef(skillRoot) : undefined;
  const evalCase: Case = parseCase({
    id: location.id,
    name,
    kind: 'task',
    turns,
    reference: judged ? undefined : expected,
    checks,
    workspace: { setup: setup ? [setup] : [], teardown: teardown ? [teardown] : [] },
    runs: options.samples ?? 3,
    skills: skill ? [skill] : [],
    metadata,
    source: { file: path, ...start, format: 'skillet' },
  });
  return done([
    {
      id: relative(options.cwd ?? process.cwd(), path) || basename(path),
      name: location.evalSet,
      file: path,
      format: 'skillet',
      skill,
      cases: [evalCase],
      settings: { evalSet: location.evalSet },
    },
  ]);
}

/**
 * The eval's map, its merge keys merged as PyYAML merges them (merge-keys.ts); undefined, with the error, when the
 * file holds no map or a merge key names none.
 */
function readRoot(yaml: ParsedYaml, sink: DiagnosticSink): YamlNode | undefined {
  const contents = yaml.doc.contents as YamlNode | null;
  if (!isYamlMap(contents)) {
    const at = contents ? (yaml.positionOf(contents) ?? { line: 1, column: 1 }) : { line: 1, column: 1 };
    sink.error(
      'not-a-map',
      `A Skillet eval is a YAML map with ${REQUIRED.join(', ')}; this file ${contents ? 'holds something else' : 'is empty'}.`,
      at,
    );
    return undefined;
  }
  const merged = withMergeKeys(yaml.doc, contents);
  for (const problem of merged.problems)
    sink.error(
      'syntax',
      "A merge key (<<) names no map, and Skillet's YAML reader (PyYAML) stops on it: write <<: *anchor of a map.",
      problem,
    );
  return merged.problems.length > 0 ? undefined : merged.map;
}

/**
 * What grades the eval: its assertions, or — with none — a judge holding the response against `expected`, which must
 * then say something.
 */
function readGrading(root: YamlNode, sink: DiagnosticSink): { judged: boolean; expected?: string; checks: Check[] } {
  const assertionsKey = yamlKeyNode(root, 'assertions');
  const assertions = assertionsKey ? readAssertions(yamlGet(root, 'assertions'), assertionsKey, sink) : [];
  const judged =
    !assertionsKey || (isYamlSeq(yamlGet(root, 'assertions')) && yamlItems(yamlGet(root, 'assertions')).length === 0);
  const expected = readText(root, 'expected', sink);
  const expectedNode = yamlGet(root, 'expected');
  const blank = isYamlScalar(expectedNode) && (expectedNode.value === null || String(expectedNode.value).trim() === '');
  if (judged && blank) {
    sink.error(
      'blank-expected',
      '"expected" is empty, so the judge has nothing to grade against; write what the response should do.',
      expectedNode,
    );
  }
  const checks: Check[] = judged
    ? expected === undefined
      ? []
      : [{ type: 'llm-rubric', value: expected, name: 'expected', verdict: 'pass-fail' }]
    : assertions;
  return { judged, expected, checks };
}
