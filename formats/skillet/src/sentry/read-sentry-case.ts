import type { Check, SkillRef } from '@skill-eval/core';
import {
  isYamlMap,
  isYamlScalar,
  isYamlSeq,
  type ParsedYaml,
  type YamlNode,
  yamlKeyNode,
} from '@skill-eval/format-kit';
import type { YAMLMap } from 'yaml';
import type { DiagnosticSink } from '../diagnostic-sink.js';
import { readSentryChecks } from './read-sentry-checks.js';
import { sentryJudge } from './sentry-judge.js';
import type { SentryYaml } from './sentry-yaml.js';
import { isText, shown } from './yaml-values.js';

// One case of getsentry/skillet's `.eval.yaml`, read as parseEvalCase (src/eval/parser.ts:224-252 at
// 443bf3dd83af699d4aca02317733710af391b7a4) reads it and runSingleCase (src/eval/runner.ts:112-289) runs it.

/** The keys parseEvalCase reads (parser.ts:229-241); it ignores every other. */
const CASE_KEYS = new Set([
  'name',
  'turns',
  'workspace',
  'checks',
  'criteria',
  'threshold',
  'timeout',
  'requires',
  'tests_behavior',
]);
/** skillet's timeout of a case when it gives none: 120 s for the whole conversation (runner.ts:185, agent/loop.ts:38-50). */
const DEFAULT_TIMEOUT_MS = 120_000;

/** What a case of the file becomes, before core checks it. */
export interface SentryCaseParts {
  name: string;
  turns: string[];
  gates: Check[];
  checks: Check[];
  setup?: string;
  /** Undefined for `.inf`: no limit of skillet's own. */
  timeoutSeconds?: number;
  metadata: Record<string, unknown>;
  /** The node of the case, where its diagnostics and source point. */
  node: YamlNode;
}

const isNumber = (node: YamlNode | undefined): node is YamlNode & { value: number } =>
  isYamlScalar(node) && typeof node.value === 'number';
const absent = (node: YamlNode | undefined) => node === undefined || (isYamlScalar(node) && node.value === null);

/**
 * One `evals` item; undefined when skillet's parser would throw on it (it then stops the whole run: runner.ts:56),
 * after an error saying why. Values of a wrong type that skillet passes over are passed over here, with a warning.
 */
export function readSentryCase(
  item: YamlNode | undefined,
  index: number,
  ctx: { yaml: ParsedYaml; y: SentryYaml; sink: DiagnosticSink; skill?: SkillRef },
): SentryCaseParts | undefined {
  const { sink, y } = ctx;
  const errorsBefore = sink.errorCount;
  if (!isYamlMap(item)) {
    // parser.ts:273-276
    sink.error(
      'invalid-case',
      `Case ${index + 1} of "evals" is ${shown(item)}; skillet stops with "must be an object". Write a map with name and turns.`,
      item,
    );
    return undefined;
  }
  const nameNode = y.get(item, 'name');
  // parser.ts:229-232: a missing, empty or non-text name stops skillet.
  if (!isText(nameNode) || nameNode.value === '') {
    sink.error(
      'missing-name',
      `Case ${index + 1} has ${absent(nameNode) ? 'no "name"' : `the name ${shown(nameNode)}, not text`}; skillet stops with "missing 'name'". Write a name.`,
      nameNode ?? item,
    );
    return undefined;
  }
  const name = nameNode.value;
  const turns = readTurns(item, name, sink, y);
  const metadata = unknownKeys(item, ctx, `Case "${name}"`);
  const testsBehavior = y.get(item, 'tests_behavior');
  // runner.ts:126-128: the behaviour a case tests, else the part of its name before "__".
  if (isText(testsBehavior)) metadata.tests_behavior = testsBehavior.value;
  else {
    if (!absent(testsBehavior))
      sink.warning(
        'ignored-value',
        `"tests_behavior" is ${shown(testsBehavior)}, which skillet ignores; write text.`,
        testsBehavior,
      );
    if (name.includes('__') && name.split('__')[0] !== '') metadata.tests_behavior = name.split('__')[0];
  }
  const requires = readRequires(y.get(item, 'requires'), sink, y);
  if (requires.length > 0) {
    metadata.requires = requires;
    sink.warning(
      'requires-not-checked',
      `skillet skips this case when ${requires.map((r) => ('env' in r ? `$${r.env} is unset or empty` : `"${r.command}" is not a command on PATH`)).join(', or ')} (src/eval/requirements.ts); skill-eval has no such skip and runs it regardless.`,
      yamlKeyNode(item, 'requires'),
    );
  }
  const setup = readWorkspace(y.get(item, 'workspace'), sink, y);
  const timeoutSeconds = readTimeout(y.get(item, 'timeout'), sink);
  const gates = readSentryChecks(y.get(item, 'checks'), turns?.length ?? 1, sink, y);
  const judge = sentryJudge(item, sink, y);
  if (judge.threshold !== undefined) metadata.threshold = judge.threshold;
  if (!turns || setup === false) return undefined;
  if (gates.length === 0 && judge.checks.length === 0 && sink.errorCount === errorsBefore) {
    // runner.ts:209-275: with no check and no criteria nothing can fail the case.
    sink.warning(
      'nothing-to-grade',
      `Case "${name}" has no checks and no criteria: skillet passes it whenever the agent finishes; skill-eval reports it as an error. Add checks or criteria.`,
      item,
    );
  }
  return {
    name,
    turns,
    gates,
    checks: judge.checks,
    ...(setup ? { setup } : {}),
    ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
    metadata,
    node: item,
  };
}

/** parser.ts:168-180: a non-empty list of strings, else skillet stops. */
function readTurns(item: YamlNode, name: string, sink: DiagnosticSink, y: SentryYaml): string[] | undefined {
  const node = y.get(item, 'turns');
  if (!isYamlSeq(node) || y.items(node).length === 0) {
    sink.error(
      'missing-turns',
      `Case "${name}" has ${absent(node) ? 'no "turns"' : `"turns" ${shown(node)}`}; skillet stops with "missing 'turns'". Write a list of user messages.`,
      node ?? item,
    );
    return undefined;
  }
  const turns: string[] = [];
  y.items(node).forEach((turn, i) => {
    if (isText(turn)) turns.push(turn.value);
    else
      sink.error(
        'wrong-type',
        `Turn ${i + 1} of case "${name}" is ${shown(turn)}; skillet stops with "each turn must be a string". Quote it.`,
        turn ?? node,
      );
  });
  return turns.length === y.items(node).length ? turns : undefined;
}

/**
 * `workspace` (parser.ts:158-166, workspace.ts:51-96): `setup` runs in a fresh folder before the agent; `cwd` runs the
 * agent in a folder of the machine instead, which skill-eval never does. False when the case cannot run here.
 */
function readWorkspace(node: YamlNode | undefined, sink: DiagnosticSink, y: SentryYaml): string | undefined | false {
  if (absent(node)) return undefined;
  if (!isYamlMap(node)) {
    sink.warning(
      'ignored-value',
      `"workspace" is ${shown(node)}, which skillet ignores (the case runs in an empty folder); write a map with setup.`,
      node,
    );
    return undefined;
  }
  for (const pair of (node as YAMLMap<YamlNode, YamlNode>).items) {
    const key = isYamlScalar(pair.key) ? String(pair.key.value) : '';
    if (key !== 'setup' && key !== 'cwd')
      sink.warning(
        'unknown-key',
        `"workspace" has the key "${key}", which skillet ignores, and so does skill-eval; remove it.`,
        pair.key ?? node,
      );
  }
  const cwd = y.get(node, 'cwd');
  if (isText(cwd) && cwd.value !== '') {
    // workspace.ts:52-63: the folder is used as it is, and `setup` is not run.
    sink.error(
      'cwd-unsupported',
      `"workspace.cwd" runs the agent in ${JSON.stringify(cwd.value)} on this machine, in place; skill-eval runs every case in a fresh workspace and cannot run it there. Copy what the case needs with "setup" instead.`,
      cwd,
    );
    return false;
  }
  if (!absent(cwd) && !isText(cwd))
    sink.warning('ignored-value', `"workspace.cwd" is ${shown(cwd)}, which skillet ignores; write a path.`, cwd);
  const setup = y.get(node, 'setup');
  if (absent(setup)) return undefined;
  if (!isText(setup)) {
    sink.warning(
      'ignored-value',
      `"workspace.setup" is ${shown(setup)}, which skillet ignores; write the shell script as text.`,
      setup,
    );
    return undefined;
  }
  // workspace.ts:68: an empty script is not run.
  return setup.value === '' ? undefined : setup.value;
}

/** `timeout`, in milliseconds for the whole case (runner.ts:185): skill-eval's limit in seconds. */
function readTimeout(node: YamlNode | undefined, sink: DiagnosticSink): number | undefined {
  if (absent(node)) return DEFAULT_TIMEOUT_MS / 1000;
  if (!isNumber(node)) {
    sink.warning(
      'ignored-value',
      `"timeout" is ${shown(node)}, which skillet ignores (it gives the case ${DEFAULT_TIMEOUT_MS} ms); write milliseconds as a number.`,
      node,
    );
    return DEFAULT_TIMEOUT_MS / 1000;
  }
  if (!(node.value > 0)) {
    // agent/loop.ts:76-81: the deadline has passed before the first step, so the case ends as an error.
    sink.error(
      'invalid-timeout',
      `"timeout" is ${node.value}: skillet's deadline passes before the agent starts and the case ends as an error. Write milliseconds above 0.`,
      node,
    );
    return DEFAULT_TIMEOUT_MS / 1000;
  }
  // `.inf`: skillet's deadline never comes (loop.ts:50); only its 4-minute cap per model call remains.
  return Number.isFinite(node.value) ? node.value / 1000 : undefined;
}

/** `requires` (parser.ts:208-222): `{env}` or `{command}` entries; skillet skips the others without a word. */
function readRequires(
  node: YamlNode | undefined,
  sink: DiagnosticSink,
  y: SentryYaml,
): ({ env: string } | { command: string })[] {
  if (absent(node)) return [];
  if (!isYamlSeq(node)) {
    sink.warning(
      'ignored-value',
      `"requires" is ${shown(node)}, which skillet ignores; write a list of {env: NAME} or {command: NAME}.`,
      node,
    );
    return [];
  }
  const out: ({ env: string } | { command: string })[] = [];
  for (const entry of y.items(node)) {
    const env = isYamlMap(entry) ? y.get(entry, 'env') : undefined;
    const command = isYamlMap(entry) ? y.get(entry, 'command') : undefined;
    if (isText(env)) out.push({ env: env.value });
    else if (isText(command)) out.push({ command: command.value });
    else
      sink.warning(
        'ignored-value',
        `This requirement is ${shown(entry)}, which skillet skips; write {env: NAME} or {command: NAME}.`,
        entry ?? node,
      );
  }
  return out;
}

/** Keys parseEvalCase does not read: kept as metadata, with a warning that skillet ignores them. */
function unknownKeys(
  item: YamlNode,
  ctx: { yaml: ParsedYaml; sink: DiagnosticSink },
  label: string,
): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const pair of (item as YAMLMap<YamlNode, YamlNode>).items) {
    const key = isYamlScalar(pair.key) ? String(pair.key.value) : String(pair.key?.toJS(ctx.yaml.doc));
    if (CASE_KEYS.has(key)) continue;
    metadata[key] = pair.value?.toJS(ctx.yaml.doc) ?? null;
    ctx.sink.warning(
      'unknown-key',
      `${label} has the key "${key}", which skillet ignores, and so does skill-eval (it is kept as metadata); remove it or check its spelling.`,
      pair.key ?? item,
    );
  }
  return metadata;
}
