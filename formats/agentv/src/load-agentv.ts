import { basename, dirname, extname, relative, resolve } from 'node:path';
import { type Case, type Diagnostic, findSkillRoot, type LoadResult, readSkillRef, type Suite } from '@skill-eval/core';
import { findProjectRoot, foldersUpTo, projectBoundary } from '@skill-eval/format-kit';
import { agentv5SuiteRefusals } from './agentv5-refusals.js';
import { buildCases, readInputFiles, readPromptList } from './build-case.js';
import { at, atKey, describe, isRecord, type ReadContext } from './context.js';
import { agentvDialect } from './dialect.js';
import { V4_SPELLINGS_TOP, V5_REMOVED_TOP } from './migration.js';
import {
  collectTests,
  expandReference,
  readReferencedFile,
  resolveReference,
  SourceSet,
  type TestEntry,
} from './references.js';
import { promptFileId } from './render-vars.js';
import { type Source, yamlSource } from './source.js';
import { engineHint, type Located, type PromptTemplate, type SuiteDefaults } from './suite-defaults.js';
import { reportSuiteTargets } from './target-matrix.js';
import { AGENTV4_ENV_TEMPLATE, ENV_TEMPLATE } from './template.js';
import { readEnvironment, readV4Workspace } from './workspace.js';

/** Options of {@link loadAgentv}; the plugin settings map onto them. */
export interface LoadAgentvOptions {
  /** Severity of a referenced file (content part, input_files, workdir) that does not exist (default `warning`). */
  missingFiles?: 'error' | 'warning';
  /** Directory the suite id is relative to (default the process's working directory). */
  cwd?: string;
  /**
   * The AgentV generation the files are written for — `4` (4.x, read as 4.42.4 reads them) or `5` — where a file's
   * keys do not tell it rightly; without it each file's keys decide (agentvDialect).
   */
  version?: '4' | '5';
}

/** Top-level fields skill-eval reads (4.x and v5). */
const READ = new Set([
  '$schema',
  'name',
  'description',
  'tags',
  'prompts',
  'tests',
  'default_test',
  'assert',
  'threshold',
  'timeout_seconds',
  'input_files',
  'scenarios',
  'environment',
  'input',
  'assertions',
  'evaluators',
  'workspace',
  'eval_cases',
  'evalcases',
  'evaluate_options',
  'execution',
]);
/** Descriptive fields kept in `settings.metadata` without comment. */
const DESCRIPTIVE = new Set(['category', 'version', 'author', 'license']);
/** AgentV fields kept in `settings.agentv` with a warning: the runner cannot honour them. */
const KNOWN_UNHONOURED = new Set([
  'requires',
  'providers',
  'defaults',
  'derived_metrics',
  'env',
  'extensions',
  'nunjucks_filters',
  'output_path',
  'target',
  'targets',
  'graders',
  'experiment',
  'model',
  'repeat',
  'runs',
  'early_exit',
  'budget_usd',
  'policy',
  'imports',
  'on_run_complete',
  'preprocessors',
  'providerPromptMap',
  'provider_prompt_map',
  'expected_output',
]);

/**
 * Reads an AgentV eval file (`EVAL.yaml`, `*.eval.yaml`, 4.x or v5) with the case files it
 * references into one suite. Every problem is a positioned diagnostic, in whichever file it is.
 */
export function loadAgentv(file: string, text: string, options: LoadAgentvOptions = {}): LoadResult {
  const path = resolve(file);
  const root = yamlSource(path, text);
  const skillRoot = findSkillRoot(dirname(path));
  const projectRoot = projectBoundary(dirname(path), skillRoot);
  const sources = new SourceSet(root, projectRoot);
  const done = (suites: Suite[]): LoadResult => ({ suites, diagnostics: collect(sources.sources) });
  if (text.trim() === '') {
    root.sink.error(
      'syntax',
      'The file is empty; an AgentV eval file is a map like {prompts: ["{{ input }}"], tests: [{id: …, vars: {input: …}, assert: […]}]}.',
      at([]),
    );
    return done([]);
  }
  const doc = root.value;
  if (doc === undefined) return done([]);
  if (!isRecord(doc)) {
    const hint = Array.isArray(doc)
      ? 'a list, like a raw case file; reference it from an eval file with tests: file://<this file>'
      : describe(doc);
    root.sink.error(
      'not-an-eval-file',
      `The file holds ${hint}. An AgentV eval file is a map with "tests" (or "scenarios").`,
      at([]),
    );
    return done([]);
  }
  const dialect = options.version ? (`agentv-${options.version}` as const) : agentvDialect(doc);
  const envTemplates = dialect === 'agentv-4' ? [AGENTV4_ENV_TEMPLATE] : [ENV_TEMPLATE];
  warnEnvTemplates(doc, [], root, envTemplates);
  const skill = skillRoot ? readSkillRef(skillRoot) : undefined;
  const ctx: ReadContext = {
    source: root,
    dialect,
    // AgentV's search roots: the eval file's folder and each one above it up to the repository root.
    fileBases: foldersUpTo(dirname(path), findProjectRoot(dirname(path)) ?? skillRoot),
    projectRoot,
    missingFiles: options.missingFiles ?? 'warning',
    skill,
  };
  const settings = readTopLevel(doc, ctx);
  agentv5SuiteRefusals(doc, ctx);
  const { defaults, kept } = readDefaults(doc, ctx, sources);
  if (kept) settings.agentv = { ...(settings.agentv as object), ...kept };
  const testsKey =
    doc.tests !== undefined
      ? 'tests'
      : doc.eval_cases !== undefined
        ? 'eval_cases'
        : doc.evalcases !== undefined
          ? 'evalcases'
          : undefined;
  const entries: { entry: TestEntry; suffix: string }[] = [];
  if (testsKey)
    for (const entry of collectTests(doc[testsKey], [testsKey], root, sources, dialect))
      entries.push({ entry, suffix: '' });
  entries.push(...readScenarios(doc.scenarios, root, sources));
  // And in the files it references: AgentV fills those it parses from YAML, JSON or JSONL the same way
  // (`interpolateEnv` after parsing, case-file-loader.ts and its other loaders); CSV rows it does not fill.
  for (const source of sources.sources)
    if (source !== root && !source.file.toLowerCase().endsWith('.csv'))
      warnEnvTemplates(source.value, [], source, envTemplates);
  if (testsKey === undefined && doc.scenarios === undefined) {
    root.sink.error(
      'missing-tests',
      'The file has no "tests" (or "scenarios"); add tests: [{id: …, vars: {input: …}, assert: […]}].',
      at([]),
    );
  }
  const cases = uniqueCases(entries, defaults);
  if (cases.length === 0) return done([]);
  const name = typeof doc.name === 'string' && doc.name.trim() !== '' ? doc.name : (skill?.name ?? basename(path));
  const suite: Suite = {
    id: relative(options.cwd ?? process.cwd(), path) || basename(path),
    name,
    file: path,
    format: 'agentv',
    skill,
    cases,
    settings,
  };
  return done([suite]);
}

/**
 * AgentV renders every `{{ env.X }}` of an eval file (and of its case files) from the environment of the machine loading it, filters and all
 * (5.x yaml-parser.ts at 58f316ca2, line 1429, interpolateEnv of interpolation.ts), and AgentV 4 every `${{ X }}`
 * (4.42.4 dist/chunk-FRDEARJA.js line 20698; the pattern, chunk-Z5WVZ5VI.js:1858). skill-eval does not put the
 * loading machine's environment into a case, which must mean the same wherever it runs (and would carry secrets into
 * prompts): each such template is left as written, with a warning here (none for a description, which nothing
 * sends).
 */
function warnEnvTemplates(value: unknown, path: (string | number)[], source: Source, patterns: RegExp[]): void {
  // One path, grown and shrunk on the way down, copied only for a warning: the walk visits every value of the file.
  if (typeof value === 'string') {
    for (const pattern of patterns) {
      const template = value.match(pattern)?.[0];
      if (!template) continue;
      source.sink.warning(
        'env-template',
        `AgentV fills ${template} from the environment of the machine that loads the file; skill-eval sends it as written. Put the value in the file, or in the test's vars.`,
        at([...path]),
      );
      return;
    }
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      warnEnvTemplates(value[i], path, source, patterns);
      path.pop();
    }
  } else if (isRecord(value))
    for (const k of Object.keys(value)) {
      if (k === 'description') continue;
      path.push(k);
      warnEnvTemplates(value[k], path, source, patterns);
      path.pop();
    }
}

function collect(sources: Source[]): Diagnostic[] {
  return sources.flatMap((s) => s.sink.diagnostics);
}

/** Checks every top-level key against the dialect and sorts what is kept into settings. */
function readTopLevel(doc: Record<string, unknown>, ctx: ReadContext): Record<string, unknown> {
  const sink = ctx.source.sink;
  const metadata: Record<string, unknown> = {};
  const agentv: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    const removed = ctx.dialect === 'agentv-5' ? V5_REMOVED_TOP[key] : undefined;
    if (removed) sink.error('removed-field', removed, atKey([], key));
    else if (ctx.dialect === 'agentv-5' && V4_SPELLINGS_TOP[key])
      sink.warning('v4-field', V4_SPELLINGS_TOP[key], atKey([], key));
    if (DESCRIPTIVE.has(key)) metadata[key] = value;
    else if (READ.has(key)) continue;
    else {
      agentv[key] = value;
      if (removed) continue;
      const hint = key === 'providers' || key === 'target' || key === 'targets' ? engineHint(value) : undefined;
      if (ctx.dialect === 'agentv-4' && key === 'defaults') {
        // @agentv/core 4.42.4 reads no `defaults` (none in its dist): a 4.x file may keep YAML anchors there.
        sink.warning(
          'unsupported-field',
          'AgentV 4 does not read "defaults" (AgentV 5 names a provider or grader there); skill-eval keeps it in the suite settings and does not run it either.',
          atKey([], key),
        );
        continue;
      }
      sink.warning(
        KNOWN_UNHONOURED.has(key) ? 'unsupported-field' : 'unknown-field',
        KNOWN_UNHONOURED.has(key)
          ? `"${key}" is kept in the suite settings, but skill-eval's runner does not honour it${hint ? ` (engine hint: ${hint}; --engine decides)` : ''}.`
          : `"${key}" is not an AgentV eval field; it is kept in the suite settings.`,
        atKey([], key),
      );
    }
  }
  if (typeof doc.name === 'string' && !/^[a-z0-9-]+$/.test(doc.name)) {
    sink.warning(
      'invalid-name',
      `AgentV requires "name" to be lower-case letters, digits and dashes; "${doc.name}" is not.`,
      at(['name']),
    );
  }
  const settings: Record<string, unknown> = { dialect: ctx.dialect };
  if (typeof doc.description === 'string') settings.description = doc.description;
  if (Object.keys(metadata).length > 0) settings.metadata = metadata;
  if (Object.keys(agentv).length > 0) settings.agentv = agentv;
  return settings;
}

function readDefaults(doc: Record<string, unknown>, ctx: ReadContext, sources: SourceSet) {
  const root = ctx.source;
  const sink = root.sink;
  const execution = isRecord(doc.execution) ? doc.execution : {};
  // AgentV 5 refuses a top-level execution (removed-field); in 4.x its targets matrix is reported here.
  if (ctx.dialect === 'agentv-4') reportSuiteTargets(execution, ctx);
  const suiteAssert: Located[] = [];
  for (const key of ['assert', 'assertions', 'evaluators']) {
    if (doc[key] !== undefined) suiteAssert.push({ value: doc[key], source: root, path: [key] });
    if (execution[key] !== undefined)
      suiteAssert.push({ value: execution[key], source: root, path: ['execution', key] });
  }
  const options = isRecord(doc.evaluate_options) ? doc.evaluate_options : {};
  const kept = Object.keys(options).filter((k) => k !== 'repeat' && k !== 'timeout_ms');
  for (const key of kept) {
    sink.warning(
      'unsupported-field',
      `evaluate_options.${key} is kept in the suite settings, but skill-eval's runner does not honour it (use its command-line options).`,
      atKey(['evaluate_options'], key),
    );
  }
  if (ctx.dialect === 'agentv-5' && isRecord(options.repeat))
    // experiment.ts at 58f316ca2, readRepeat (lines 189-202): loadTests throws, refusing the whole file.
    sink.error(
      'removed-field',
      'AgentV 5 refuses this file: "Experiment repeat must be a positive integer. The repeat object shape has been removed; use evaluate_options.repeat: 2." Write evaluate_options.repeat: <count>.',
      at(['evaluate_options', 'repeat']),
    );
  const repeat = options.repeat ?? (isRecord(execution.trials) ? execution.trials : undefined);
  const runs =
    typeof repeat === 'number'
      ? repeat
      : isRecord(repeat) && typeof repeat.count === 'number'
        ? repeat.count
        : undefined;
  const timeoutSeconds =
    typeof doc.timeout_seconds === 'number'
      ? doc.timeout_seconds
      : typeof options.timeout_ms === 'number'
        ? options.timeout_ms / 1000
        : undefined;
  for (const [value, p] of [
    [runs, repeat === options.repeat ? ['evaluate_options', 'repeat'] : ['execution', 'trials']],
    [timeoutSeconds, doc.timeout_seconds !== undefined ? ['timeout_seconds'] : ['evaluate_options', 'timeout_ms']],
  ] as const) {
    if (value !== undefined && !(value > 0))
      sink.error('wrong-type', `${p.join('.')} is ${value}; write a positive number.`, at(p));
  }
  const threshold = doc.threshold ?? execution.threshold;
  if (threshold !== undefined && !(typeof threshold === 'number' && threshold >= 0 && threshold <= 1)) {
    sink.error(
      'wrong-type',
      `"threshold" is ${String(threshold)}; write a number between 0 and 1.`,
      at(doc.threshold !== undefined ? ['threshold'] : ['execution', 'threshold']),
    );
  }
  const environment =
    doc.environment !== undefined
      ? readEnvironment(doc.environment, ['environment'], ctx)
      : readV4Workspace(doc.workspace, ['workspace'], ctx);
  const engine = engineHint(
    doc.providers ??
      doc.target ??
      doc.targets ??
      execution.target ??
      execution.targets ??
      (isRecord(doc.defaults) ? doc.defaults.target : undefined),
  );
  const keptOptions =
    kept.length > 0 ? { evaluate_options: Object.fromEntries(kept.map((k) => [k, options[k]])) } : undefined;
  const defaults: SuiteDefaults = {
    ctx,
    prompts: readPrompts(doc.prompts, ctx, sources),
    defaultTest: readDefaultTest(doc.default_test, ctx, sources),
    suiteAssert,
    suiteInput: doc.input !== undefined ? { value: doc.input, source: root, path: ['input'] } : undefined,
    inputFiles: readInputFiles(doc.input_files, ['input_files'], ctx),
    threshold: typeof threshold === 'number' && threshold >= 0 && threshold <= 1 ? threshold : undefined,
    timeoutSeconds: timeoutSeconds !== undefined && timeoutSeconds > 0 ? timeoutSeconds : undefined,
    runs: runs !== undefined && Number.isInteger(runs) && runs > 0 ? runs : undefined,
    tags: readTags(doc.tags, ctx),
    engine,
    workspace: { overlays: environment.overlays, setup: environment.setup, teardown: environment.teardown },
  };
  const all = { ...environment.kept, ...keptOptions };
  return { defaults, kept: Object.keys(all).length > 0 ? all : undefined };
}

/** `tags`: a list of strings, or (v5) a map whose entries become `key:value` tags. */
function readTags(value: unknown, ctx: ReadContext): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((t) => typeof t === 'string')) return value;
  if (isRecord(value)) return Object.entries(value).map(([k, v]) => `${k}:${String(v)}`);
  ctx.source.sink.error('wrong-type', `"tags" is ${describe(value)}; write a list of strings.`, at(['tags']));
  return [];
}

/** `prompts`, inline or `file://` (a text template, or a YAML/JSON chat prompt). */
function readPrompts(value: unknown, ctx: ReadContext, sources: SourceSet): PromptTemplate[] | undefined {
  if (value === undefined) return undefined;
  const refs = (Array.isArray(value) ? value : [value]).map((item, i) => ({
    item,
    path: Array.isArray(value) ? ['prompts', i] : ['prompts'],
  }));
  const out: PromptTemplate[] = [];
  for (const { item, path } of refs) {
    if (typeof item === 'string' && item.startsWith('file://')) {
      const file = resolveReference(item, ctx.source);
      // AgentV 5 reads a prompt file as text whose id is its path (parsePromptDefinition, yaml-parser.ts at
      // f0c5db805c20, lines 938-945); a JSON chat list in it becomes its messages once rendered (render-vars.ts).
      if (['.yaml', '.yml'].includes(extname(file).toLowerCase())) {
        const source = sources.open(file, ctx.source, path);
        const read = source?.value !== undefined ? (readPromptList(source.value, [], { ...ctx, source }) ?? []) : [];
        out.push(...(read.length === 1 ? [{ ...read[0]!, id: promptFileId(item) }] : read));
      } else {
        const template = readReferencedFile(item, file, path, ctx)?.replace(/\r\n/g, '\n');
        if (template !== undefined)
          out.push({ template, id: promptFileId(item), at: { value: item, source: ctx.source, path } });
      }
      continue;
    }
    if (Array.isArray(value) && value.every((v) => isRecord(v) && typeof v.role === 'string'))
      return readPromptList(value, ['prompts'], ctx);
    out.push(...(readPromptList(item, path, ctx) ?? []));
  }
  return out.length > 0 ? out : undefined;
}

/** `default_test`: a map, or a `file://` reference to one. */
function readDefaultTest(
  value: unknown,
  ctx: ReadContext,
  sources: SourceSet,
): Located<Record<string, unknown>> | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    const source = sources.open(resolveReference(value, ctx.source), ctx.source, ['default_test']);
    if (!source || source.value === undefined) return undefined;
    if (isRecord(source.value)) return { value: source.value, source, path: [] };
    source.sink.error(
      'wrong-type',
      `A default_test file holds a map; this one holds ${describe(source.value)}.`,
      at([]),
    );
    return undefined;
  }
  if (isRecord(value)) {
    if (value.expected_output !== undefined) {
      ctx.source.sink.error(
        'removed-field',
        "default_test.expected_output is not accepted by AgentV 5; put reference answers in each test's vars.expected_output.",
        atKey(['default_test'], 'expected_output'),
      );
    }
    return { value, source: ctx.source, path: ['default_test'] };
  }
  ctx.source.sink.error(
    'wrong-type',
    `"default_test" is ${describe(value)}; write a map (vars, assert, threshold…) or a file:// reference.`,
    at(['default_test']),
  );
  return undefined;
}

/** `scenarios`: each `config` entry is merged into each of the scenario's tests (promptfoo's cross product). */
function readScenarios(value: unknown, root: Source, sources: SourceSet): { entry: TestEntry; suffix: string }[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    root.sink.error(
      'wrong-type',
      `"scenarios" is ${describe(value)}; write a list of {config: […], tests: […]}.`,
      at(['scenarios']),
    );
    return [];
  }
  const out: { entry: TestEntry; suffix: string }[] = [];
  // Each scenario as written, or each one a referenced file holds (a file may hold one scenario or a list of them).
  const bodies: { source: Source; path: (string | number)[]; body: unknown }[] = [];
  value.forEach((scenario, s) => {
    if (typeof scenario !== 'string') {
      bodies.push({ source: root, path: ['scenarios', s], body: scenario });
      return;
    }
    for (const file of expandReference(scenario, root, ['scenarios', s], sources.projectRoot)) {
      const opened = sources.open(file, root, ['scenarios', s]);
      if (!opened || opened.value === undefined) continue;
      const held = Array.isArray(opened.value) ? opened.value : [opened.value];
      held.forEach((body, i) => {
        bodies.push({ source: opened, path: Array.isArray(opened.value) ? [i] : [], body });
      });
    }
  });
  bodies.forEach(({ source, path, body }, s) => {
    if (!isRecord(body) || !Array.isArray(body.tests)) {
      source.sink.error(
        'wrong-type',
        'A scenario is a map with "config" (a list of partial tests) and "tests".',
        at(path),
      );
      return;
    }
    // lowerScenariosIntoTests (EntityProcess/agentv 58f316ca2, yaml-parser.ts:411-447) refuses a scenario whose
    // config is not a list and pairs each test with each config row: an empty config makes no test.
    if (!Array.isArray(body.config)) {
      source.sink.error(
        'wrong-type',
        `This scenario's "config" is ${body.config === undefined ? 'missing' : describe(body.config)}; AgentV refuses the file ("scenarios[${s}].config must be an array"). Write config: a list of partial tests ([{}] for none).`,
        body.config === undefined ? at(path) : at([...path, 'config']),
      );
      return;
    }
    if (body.config.length === 0) {
      source.sink.warning(
        'empty-scenario',
        'This scenario\'s "config" is empty, so AgentV pairs its tests with no config row and runs none of them; skill-eval runs none either. Write config: [{}] to run the tests as they are.',
        at([...path, 'config']),
      );
      return;
    }
    const configs = body.config;
    const tests = body.tests as unknown[];
    configs.forEach((config, c) => {
      tests.forEach((test, t) => {
        const merged =
          isRecord(test) && isRecord(config)
            ? { ...mergeTest(config, test), id: scenarioTestId(config, test, [s, c, t], tests.length) }
            : test;
        out.push({
          entry: { value: merged, path: [...path, 'tests', t], source, raw: false },
          suffix: `@s${s + 1}c${c + 1}`,
        });
      });
    });
  });
  // AgentV lets a test's own id repeat across config rows; ids are unique here, so only a repeated one says which.
  const idOf = (e: TestEntry) => (isRecord(e.value) ? String(e.value.id) : '');
  const counts = new Map<string, number>();
  for (const { entry } of out) counts.set(idOf(entry), (counts.get(idOf(entry)) ?? 0) + 1);
  for (const item of out) if (counts.get(idOf(item.entry)) === 1) item.suffix = '';
  return out;
}

/** AgentV's id of a scenario test (mergeScenarioTestRows): its own, else the config row's, else its position. */
function scenarioTestId(
  config: Record<string, unknown>,
  test: Record<string, unknown>,
  [s, c, t]: number[],
  testCount: number,
): unknown {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  const own = text(test.id) ?? (test.id !== undefined && typeof test.id !== 'string' ? test.id : undefined);
  if (own !== undefined) return own;
  const row = text(config.id);
  if (row) return testCount > 1 ? `${row}__scenario_test_${t! + 1}` : row;
  return `scenario-${s! + 1}-${c! + 1}-${t! + 1}`;
}

function mergeTest(config: Record<string, unknown>, test: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...config, ...test };
  for (const key of ['vars', 'metadata', 'options', 'run'])
    if (isRecord(config[key]) || isRecord(test[key]))
      merged[key] = { ...(config[key] as object), ...(test[key] as object) };
  if (Array.isArray(config.assert) || Array.isArray(test.assert)) {
    merged.assert = [...((config.assert as unknown[]) ?? []), ...((test.assert as unknown[]) ?? [])];
  }
  return merged;
}

/** Builds every case, refusing a repeated id (the later test is left out). */
function uniqueCases(entries: { entry: TestEntry; suffix: string }[], defaults: SuiteDefaults): Case[] {
  const cases: Case[] = [];
  const seen = new Map<string, Case>();
  entries.forEach(({ entry, suffix }, i) => {
    for (const c of buildCases({ entry, position: i + 1, defaults, idSuffix: suffix })) {
      const first = seen.get(c.id);
      if (first) {
        const idPath = isRecord(entry.value) && entry.value.id !== undefined ? [...entry.path, 'id'] : entry.path;
        entry.source.sink.error(
          'duplicate-id',
          `Test id "${c.id}" is used again (first at ${relative(dirname(entry.source.file), first.source.file) || basename(first.source.file)}:${first.source.line}); give each test a unique id.`,
          at(idPath),
        );
        continue;
      }
      seen.set(c.id, c);
      cases.push(c);
    }
  });
  return cases;
}
