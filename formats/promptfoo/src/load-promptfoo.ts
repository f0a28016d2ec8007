import { basename, dirname, relative, resolve } from 'node:path';
import { type Case, type Check, findSkillRoot, type LoadResult, readSkillRef, type Suite } from '@skill-eval/core';
import { projectBoundary } from '@skill-eval/format-kit';
import { readAssertions } from './assertions.js';
import { type FileContext, readReferenced } from './files.js';
import { type Prompt, readPrompts } from './prompts.js';
import { readProviders } from './providers.js';
import { renderAssertionValue, renderPrompt, TemplateEngineNeeded } from './render.js';
import { at, type DocPath, describe, isRecord, type Source, yamlSource } from './source.js';
import { readTest, readTests, type TestEntry } from './tests.js';
import { varCombinations } from './vars.js';

/** Options of {@link loadPromptfoo}. */
export interface LoadPromptfooOptions {
  /** The folder suite ids are relative to (default: the process's). */
  cwd?: string;
}

/** Top-level keys skill-eval reads. */
const READ = new Set([
  'description',
  'prompts',
  'providers',
  'targets',
  'tests',
  'defaultTest',
  'scenarios',
  'env',
  'tags',
  'metadata',
  '$schema',
]);
/** promptfoo keys skill-eval does not apply: each is a warning at its line (extensions and filters are code). */
const UNHONOURED = new Set([
  'nunjucksFilters',
  'extensions',
  'derivedMetrics',
  'evaluateOptions',
  'commandLineOptions',
  'outputPath',
  'sharing',
  'redteam',
  'tracing',
  'writeLatestResults',
]);
/** Test keys skill-eval reads; the others are kept in metadata with a warning. */
const TEST_READ = new Set([
  'description',
  'vars',
  'assert',
  'threshold',
  'options',
  'metadata',
  'prompts',
  'provider',
  'providers',
]);

/**
 * Reads a promptfoo config (`promptfooconfig.yaml`, `.yml`, `.json`) with the prompt, tests and vars files it names,
 * into one suite of cases: each test (with `defaultTest` merged in) × each combination of its vars × each prompt,
 * as promptfoo 0.123.1's evaluator lays them out (`dist/src/index.js` 25546-25716). Every problem is a positioned
 * diagnostic, in whichever file it is.
 */
export function loadPromptfoo(file: string, text: string, options: LoadPromptfooOptions = {}): LoadResult {
  const path = resolve(file);
  const root = yamlSource(path, text);
  const files: Source[] = [root];
  const skillRoot = findSkillRoot(dirname(path));
  const ctx: FileContext = {
    basePath: dirname(path),
    boundary: projectBoundary(dirname(path), skillRoot),
    parts: new Set(),
  };
  const done = (suites: Suite[]): LoadResult => ({
    suites,
    diagnostics: files.flatMap((s) => s.sink.diagnostics),
    parts: [...ctx.parts],
  });
  const doc = root.value ?? (text.trim() === '' ? {} : undefined);
  if (doc === undefined) return done([]);
  if (!isRecord(doc)) {
    root.sink.error(
      'not-a-config',
      `The file holds ${describe(doc)}; a promptfoo config is a map with prompts, providers and tests.`,
      at([]),
    );
    return done([]);
  }
  for (const key of Object.keys(doc)) {
    if (READ.has(key)) continue;
    root.sink.warning(
      UNHONOURED.has(key) ? 'unsupported-field' : 'unknown-field',
      UNHONOURED.has(key)
        ? `"${key}" is a promptfoo setting skill-eval does not apply; it is ignored.`
        : `"${key}" is not a promptfoo config key; promptfoo warns about it and so is it ignored here.`,
      { path: [key], key: true },
    );
  }
  const env = isRecord(doc.env) ? doc.env : {};
  const prompts = readPrompts(doc.prompts, ['prompts'], root, ctx);
  const engine = readProviders(
    doc.providers ?? doc.targets,
    [doc.providers !== undefined ? 'providers' : 'targets'],
    root,
  );
  const defaults = readDefaultTest(doc.defaultTest, root, ctx, files);
  const tests = readTests(doc.tests, ['tests'], root, ctx, files);
  const scenarioTests = readScenarios(doc.scenarios, root, ctx, files, defaults);
  if (doc.tests === undefined && doc.scenarios === undefined && doc.defaultTest === undefined && text.trim() !== '')
    root.sink.warning(
      'missing-tests',
      'This config has no "tests"; promptfoo runs each prompt once, with no vars and no assertions. Add tests: [{vars: …, assert: […]}].',
      at([]),
    );
  // `getInitialTests` (index.js 25492-25495): no tests and no scenarios is one empty test.
  const all: Expanded[] = [
    ...(tests.length > 0 || doc.scenarios
      ? tests
      : doc.tests === undefined
        ? [{ test: {}, source: root, path: [] }]
        : []
    ).map((entry, i) => ({
      entry,
      merged: mergeDefault(entry.test, defaults?.test),
      index: i,
      asserts: [{ list: entry.test.assert, path: [...entry.path, 'assert'], source: entry.source }],
    })),
    ...scenarioTests.map((s, i) => ({ ...s, index: tests.length + i })),
  ];
  const skill = skillRoot ? readSkillRef(skillRoot) : undefined;
  const cases = all.flatMap((t) => buildCases(t, prompts, defaults, env, ctx, engine));
  if (cases.length === 0) return done([]);
  const suite: Suite = {
    id: relative(options.cwd ?? process.cwd(), path) || basename(path),
    name:
      typeof doc.description === 'string' && doc.description.trim() !== ''
        ? doc.description
        : (skill?.name ?? basename(path)),
    file: path,
    format: 'promptfoo',
    ...(skill ? { skill } : {}),
    cases,
    settings: {},
  };
  return done([suite]);
}

interface Expanded {
  entry: TestEntry;
  /** The test with `defaultTest` merged in. */
  merged: Record<string, unknown>;
  index: number;
  /** The test's own assertion lists (a scenario's config entry's, then its test's), each where it is written. */
  asserts: AssertList[];
}

interface AssertList {
  list: unknown;
  path: DocPath;
  source: Source;
}

/** `defaultTest`: inline, or a `file://` path (`resolveConfigs`, index.js 31596-31614). */
function readDefaultTest(value: unknown, root: Source, ctx: FileContext, files: Source[]): TestEntry | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    if (!value.startsWith('file://')) {
      root.sink.error(
        'wrong-type',
        `"defaultTest" is a string; promptfoo reads it only as a file:// path.`,
        at(['defaultTest']),
      );
      return undefined;
    }
    const [file] = readReferenced(value, ctx, root, at(['defaultTest']), 'The defaultTest file');
    if (!file) return undefined;
    const source = yamlSource(file.path, file.text);
    files.push(source);
    const entry = readTest(source.value, [], source, ctx, files, true)[0];
    if (entry) reportTestSettings(entry.test, entry.path, entry.source);
    return entry;
  }
  const entry = readTest(value, ['defaultTest'], root, ctx, files, true)[0];
  if (entry) reportTestSettings(entry.test, entry.path, entry.source);
  return entry;
}

/**
 * `defaultTest` merged into a test as `prepareTestVariables` and `prepareTestCaseForEval` merge it (index.js
 * 25524-25602): vars, options and metadata key by key (the test's win), its assertions first unless the test sets
 * `options.disableDefaultAsserts`, its threshold and prompts where the test has none.
 */
export function mergeDefault(
  test: Record<string, unknown>,
  defaults: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!defaults) return test;
  const options = {
    ...(isRecord(defaults.options) ? defaults.options : {}),
    ...(isRecord(test.options) ? test.options : {}),
  };
  return {
    ...test,
    vars: { ...(isRecord(defaults.vars) ? defaults.vars : {}), ...(isRecord(test.vars) ? test.vars : {}) },
    options,
    metadata: {
      ...(isRecord(defaults.metadata) ? defaults.metadata : {}),
      ...(isRecord(test.metadata) ? test.metadata : {}),
    },
    threshold: test.threshold ?? defaults.threshold,
    prompts: test.prompts ?? defaults.prompts,
  };
}

/**
 * `scenarios`: each `config` entry × each of the scenario's tests (none: one empty test), merged as
 * `mergeScenarioTest` merges them (index.js 25496-25523): defaultTest, then the config entry, then the test; vars,
 * options and metadata key by key; assertions of the config entry and the test (the defaultTest's added later, as
 * for any test).
 */
function readScenarios(
  value: unknown,
  root: Source,
  ctx: FileContext,
  files: Source[],
  defaults: TestEntry | undefined,
): Expanded[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    root.sink.error(
      'wrong-type',
      `"scenarios" is ${describe(value)}; write a list of {config, tests}.`,
      at(['scenarios']),
    );
    return [];
  }
  const out: Expanded[] = [];
  value.forEach((scenario, s) => {
    const path: DocPath = ['scenarios', s];
    if (!isRecord(scenario) || !Array.isArray(scenario.config)) {
      root.sink.error('wrong-type', 'A scenario needs "config", a list of vars maps, and "tests".', at(path));
      return;
    }
    if (typeof scenario.tests === 'string' && /\.csv$/i.test(scenario.tests)) {
      // A scenario's `tests: file://x.csv` is loaded as raw rows (`maybeLoadFromExternalFile`, promptfoo 0.123.1
      // dist/src/util-BE6VXITn.js 329-333, called at index.js 31673), not as CSV tests, and `readTest` refuses a row
      // without vars or assert; in a list (`tests: [file://x.csv]`) the file is read as CSV tests.
      root.sink.error(
        'unsupported-tests',
        `promptfoo reads "${scenario.tests}" here as raw rows, not as CSV tests, and refuses rows without vars or assert; name it in a list (tests: [${scenario.tests}]) to read its rows as tests.`,
        at(path, 'tests'),
      );
      return;
    }
    const tests =
      scenario.tests === undefined
        ? [{ test: {}, source: root, path }]
        : readTests(scenario.tests, [...path, 'tests'], root, ctx, files);
    scenario.config.forEach((data, c) => {
      if (!isRecord(data)) {
        root.sink.error(
          'wrong-type',
          `A scenario config entry is ${describe(data)}; write a map with vars.`,
          at(path, 'config', c),
        );
        return;
      }
      for (const entry of tests) {
        const d = defaults?.test ?? {};
        const test = entry.test;
        const pick = (k: string, o: Record<string, unknown>) =>
          isRecord(o[k]) ? (o[k] as Record<string, unknown>) : {};
        const merged: Record<string, unknown> = {
          ...d,
          ...data,
          ...test,
          vars: { ...pick('vars', d), ...pick('vars', data), ...pick('vars', test) },
          options: { ...pick('options', d), ...pick('options', data), ...pick('options', test) },
          metadata: { ...pick('metadata', d), ...pick('metadata', data), ...pick('metadata', test) },
          assert: [
            ...(Array.isArray(data.assert) ? data.assert : []),
            ...(Array.isArray(test.assert) ? test.assert : []),
          ],
        };
        out.push({
          entry,
          merged: mergeDefault(merged, defaults?.test),
          index: 0,
          asserts: [
            { list: data.assert, path: [...path, 'config', c, 'assert'], source: root },
            { list: test.assert, path: [...entry.path, 'assert'], source: entry.source },
          ],
        });
      }
    });
  });
  return out;
}

/** `doesPromptRefMatch` (index.js 24246-24257): a test's `prompts` entry names a prompt by label or id, or a prefix. */
function promptAllowed(prompt: Prompt, refs: unknown): boolean {
  if (!Array.isArray(refs)) return true;
  return refs.some((ref) => {
    if (typeof ref !== 'string') return false;
    if (prompt.label === ref || prompt.id === ref) return true;
    if (ref.endsWith('*') && (prompt.label.startsWith(ref.slice(0, -1)) || prompt.id?.startsWith(ref.slice(0, -1))))
      return true;
    return prompt.label.startsWith(`${ref}:`) || Boolean(prompt.id?.startsWith(`${ref}:`));
  });
}

function buildCases(
  t: Expanded,
  prompts: Prompt[],
  defaults: TestEntry | undefined,
  env: Record<string, unknown>,
  ctx: FileContext,
  engine: ReturnType<typeof readProviders>,
): Case[] {
  const { entry, merged } = t;
  const { source, path } = entry;
  const test = entry.test;
  for (const key of Object.keys(test)) {
    if (TEST_READ.has(key)) continue;
    source.sink.warning(
      'unsupported-field',
      `"${key}" of a test is a promptfoo setting skill-eval does not apply; it is ignored.`,
      { path: [...path, key], key: true },
    );
  }
  reportTestSettings(test, path, source);
  const options = isRecord(merged.options) ? merged.options : {};
  // Assertions: the defaultTest's first (unless disabled), then the test's (`prepareTestCaseForEval`, index.js 25581).
  const checks: Check[] = [
    ...(options.disableDefaultAsserts === true || !defaults
      ? []
      : readAssertions(defaults.test.assert, [...defaults.path, 'assert'], defaults.source)),
    ...t.asserts.flatMap((a) => readAssertions(a.list, a.path, a.source)),
  ];
  const threshold = readThreshold(merged.threshold, test.threshold !== undefined ? entry : defaults);
  const vars = isRecord(merged.vars) ? merged.vars : {};
  const combos = options.disableVarExpansion === true ? [vars] : varCombinations(vars, [...path, 'vars'], source, ctx);
  const prefix = typeof options.prefix === 'string' ? options.prefix : '';
  const suffix = typeof options.suffix === 'string' ? options.suffix : '';
  const allowed = prompts.filter((p) => promptAllowed(p, merged.prompts));
  const position = source.locate({ path });
  const cases: Case[] = [];
  const testId = `test-${t.index + 1}`;
  combos.forEach((combo, v) => {
    allowed.forEach((prompt) => {
      let turn: string;
      let rendered: Check[];
      try {
        turn = renderPrompt(prefix + prompt.raw + suffix, combo, env);
        rendered = checks.map((c) => withRenderedValues(c, combo, env));
      } catch (error) {
        if (error instanceof TemplateEngineNeeded) throw error;
        source.sink.error(
          'template',
          `The prompt or an assertion value could not be rendered with this test's vars: ${(error as Error).message.split('\n').join(' ')}`,
          at(path),
        );
        return;
      }
      const p = prompts.indexOf(prompt);
      const id = [testId, combos.length > 1 ? `vars-${v + 1}` : '', prompts.length > 1 ? `prompt-${p + 1}` : '']
        .filter(Boolean)
        .join('/');
      const description =
        typeof merged.description === 'string' && merged.description !== '' ? merged.description : undefined;
      const nameParts = [
        description ?? testId,
        combos.length > 1 ? varsLabel(combo) : '',
        prompts.length > 1 ? `[${shortLabel(prompt.label)}]` : '',
      ];
      cases.push({
        id,
        name: nameParts.filter(Boolean).join(' '),
        kind: 'task',
        turns: [turn],
        gates: [],
        checks: rendered,
        failIf: [],
        verdictRule: 'every-check',
        ...(threshold !== undefined ? { threshold } : {}),
        workspace: { files: [], overlays: [], inline: {}, setup: [], teardown: [], artifacts: [] },
        limits: {},
        skills: [],
        mcpServers: [],
        ...(engine ? { engine: engine.engine, model: engine.model } : {}),
        tags: [],
        metadata: {
          vars: combo,
          prompt: prompt.label,
          ...(isRecord(merged.metadata) && Object.keys(merged.metadata).length > 0
            ? { promptfoo: merged.metadata }
            : {}),
        },
        source: {
          file: source.file,
          format: 'promptfoo',
          ...(position ? { line: position.line, column: position.column } : {}),
        },
      });
    });
  });
  return cases;
}

/** A check with its value (and an assert-set's children's) rendered with the case's vars, as promptfoo renders them. */
function withRenderedValues(check: Check, vars: Record<string, unknown>, env: Record<string, unknown>): Check {
  const out: Check =
    check.value === undefined ? { ...check } : { ...check, value: renderAssertionValue(check.value, vars, env) };
  if (Array.isArray(check.checks)) out.checks = (check.checks as Check[]).map((c) => withRenderedValues(c, vars, env));
  return out;
}

/** Options skill-eval applies; the others are warned about where they are written. */
const OPTIONS_READ = new Set(['prefix', 'suffix', 'disableDefaultAsserts', 'disableVarExpansion']);

/**
 * What a test (or defaultTest) sets that skill-eval does not apply, said at its line: a per-test provider (the run's
 * engine replaces it), code hooks (`transformVars`, never run), and other options.
 */
function reportTestSettings(test: Record<string, unknown>, path: DocPath, source: Source): void {
  for (const key of ['provider', 'providers'])
    if (test[key] !== undefined)
      source.sink.info(
        'providers-replaced',
        `This test's "${key}" is promptfoo's; skill-eval runs the test on the run's engine (--engine) instead.`,
        { path: [...path, key], key: true },
      );
  if (!isRecord(test.options)) return;
  for (const key of Object.keys(test.options)) {
    if (OPTIONS_READ.has(key)) continue;
    const message =
      key === 'transformVars'
        ? '"transformVars" is code promptfoo runs on the vars; skill-eval never runs it, so the vars stay as written.'
        : key === 'provider'
          ? `"options.provider" picks promptfoo's grading model; skill-eval's judge (--judge) grades instead.`
          : `"options.${key}" is a promptfoo test option skill-eval does not apply; it is ignored.`;
    if (key === 'provider')
      source.sink.info('providers-replaced', message, { path: [...path, 'options', key], key: true });
    else source.sink.warning('unsupported-field', message, { path: [...path, 'options', key], key: true });
  }
}

/** A test's `threshold`: the weighted score its assertions must reach (`AssertionsResult`, index.js 22779). */
function readThreshold(value: unknown, from: TestEntry | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || value < 0 || value > 1) {
    from?.source.sink.error(
      'wrong-type',
      `"threshold" is ${typeof value === 'number' ? value : describe(value)}; write the share of the weighted score the test must reach, 0 to 1.`,
      at(from.path, 'threshold'),
    );
    return undefined;
  }
  return value;
}

const shortLabel = (label: string) => (label.length > 40 ? `${label.slice(0, 39)}…` : label);

function varsLabel(vars: Record<string, unknown>): string {
  const text = Object.entries(vars)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
  return `(${text.length > 60 ? `${text.slice(0, 59)}…` : text})`;
}
