import { basename, dirname, relative, resolve } from 'node:path';
import {
  type Case,
  type Check,
  type Diagnostic,
  findSkillRoot,
  type LoadResult,
  readSkillRef,
  type Suite,
} from '@skill-eval/core';
import { projectBoundary, sideFilesTrusted } from '@skill-eval/format-kit';
import { readAssertions } from './assertions.js';
import { type FileContext, readReferenced } from './files.js';
import { type Prompt, readPrompts } from './prompts.js';
import { readProviders } from './providers.js';
import { type RenderOptions, renderAssertionValue, renderPrompt, TemplateEngineNeeded } from './render.js';
import { newTemplateBudget, type TemplateBudget, TemplateRefused, TemplateTooCostly } from './safe-template.js';
import { at, type DocPath, describe, FORMAT_ID, isRecord, type Source, yamlSource } from './source.js';
import { readTest, readTests, type TestEntry } from './tests.js';
import { MAX_CASES_PER_FILE, varCombinations } from './vars.js';

/** Options of {@link loadPromptfoo}. */
export interface LoadPromptfooOptions {
  /** The folder suite ids are relative to (default: the process's). */
  cwd?: string;
  /**
   * The user passed --trust: templates are rendered by nunjucks as promptfoo renders them, whatever they call.
   * Without it they are rendered in the subset that runs no code (safe-template.ts), and a template beyond it is an
   * error at its line that --trust lifts. Default: the trust the command line set around the load (format-kit
   * `withSideFileTrust`), asked only when a template is more than plain text with holes; none: untrusted.
   */
  trust?: boolean;
}

/** What the cases of one file share while they are built. */
interface Building {
  env: Record<string, unknown>;
  ctx: FileContext;
  engine: ReturnType<typeof readProviders>;
  render: RenderOptions & { budget: TemplateBudget };
  /** Cases built so far (the file may make at most MAX_CASES_PER_FILE). */
  cases: number;
  /** A template has cost the file's whole budget (said once): the other cases are not rendered. */
  spent: boolean;
  /** Diagnostics in files that are no YAML source of the load (prompt files). */
  other: Diagnostic[];
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
  const other: Diagnostic[] = [];
  const done = (suites: Suite[]): LoadResult => ({
    suites,
    diagnostics: [...files.flatMap((s) => s.sink.diagnostics), ...other],
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
  const render = { trust: options.trust ?? sideFilesTrusted, budget: newTemplateBudget() };
  const building: Building = { env, ctx, engine, render, cases: 0, spent: false, other };
  const cases = all.flatMap((t) => buildCases(t, prompts, defaults, building));
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

function buildCases(t: Expanded, prompts: Prompt[], defaults: TestEntry | undefined, building: Building): Case[] {
  const { engine } = building;
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
  const prefix = typeof options.prefix === 'string' ? options.prefix : '';
  const suffix = typeof options.suffix === 'string' ? options.suffix : '';
  const allowed = prompts.filter((p) => promptAllowed(p, merged.prompts));
  const combos = combinations(vars, options.disableVarExpansion === true, allowed.length, entry, building);
  if (!combos) return [];
  const position = source.locate({ path });
  const cases: Case[] = [];
  const testId = `test-${t.index + 1}`;
  combos.forEach((combo, v) => {
    allowed.forEach((prompt) => {
      if (building.spent) return;
      const done = renderCase({ t, prompt, prefix, suffix, defaults, building }, combo, checks);
      if (!done) return;
      const { turn, rendered } = done;
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

/**
 * A test's var combinations, unless they would take the file past MAX_CASES_PER_FILE cases (each combination is a
 * case per prompt): then an error at the vars, and none.
 */
function combinations(
  vars: Record<string, unknown>,
  noExpansion: boolean,
  prompts: number,
  entry: TestEntry,
  building: Building,
): Record<string, unknown>[] | undefined {
  const { source, path } = entry;
  const room = Math.floor((MAX_CASES_PER_FILE - building.cases) / Math.max(1, prompts));
  const combos = noExpansion
    ? room >= 1
      ? [vars]
      : tooManyCases(1, [1], prompts, building.cases, at(path), source)
    : varCombinations(vars, [...path, 'vars'], source, building.ctx, room, (count, counts) =>
        tooManyMessage(count, counts, prompts, building.cases),
      );
  if (combos) building.cases += combos.length * prompts;
  return combos;
}

interface CaseTemplates {
  t: Expanded;
  prompt: Prompt;
  prefix: string;
  suffix: string;
  defaults: TestEntry | undefined;
  building: Building;
}

/**
 * The case's prompt and checks rendered with its vars; undefined when a template is refused (an error --trust lifts)
 * or cannot be rendered (an error at the test).
 */
function renderCase(
  where: CaseTemplates,
  combo: Record<string, unknown>,
  checks: Check[],
): { turn: string; rendered: Check[] } | undefined {
  const { prompt, prefix, suffix, building } = where;
  const { source, path } = where.t.entry;
  try {
    const turn = renderPrompt(prefix + prompt.raw + suffix, combo, building.env, building.render);
    const rendered = checks.map((c) => withRenderedValues(c, combo, building.env, building.render));
    return { turn, rendered };
  } catch (error) {
    if (error instanceof TemplateEngineNeeded) throw error;
    if (error instanceof TemplateRefused) {
      reportRefused(error, where);
      return undefined;
    }
    if (error instanceof TemplateTooCostly)
      building.spent = building.render.budget.steps < 0 || building.render.budget.chars < 0;
    source.sink.error(
      'template',
      `The prompt or an assertion value could not be rendered with this test's vars: ${(error as Error).message.split('\n').join(' ')}`,
      at(path),
    );
    return undefined;
  }
}

/** A check with its value (and an assert-set's children's) rendered with the case's vars, as promptfoo renders them. */
function withRenderedValues(
  check: Check,
  vars: Record<string, unknown>,
  env: Record<string, unknown>,
  options: RenderOptions,
): Check {
  const out: Check =
    check.value === undefined
      ? { ...check }
      : { ...check, value: renderAssertionValue(check.value, vars, env, options) };
  if (Array.isArray(check.checks))
    out.checks = (check.checks as Check[]).map((c) => withRenderedValues(c, vars, env, options));
  return out;
}

function tooManyMessage(count: number, counts: number[], prompts: number, earlier: number): string {
  const product = counts.length > 1 ? ` (${counts.join(' × ')})` : '';
  const cases = prompts > 1 ? `, ${count * prompts} cases with its ${prompts} prompts` : '';
  const before = earlier > 0 ? ` and its earlier tests make ${earlier}` : '';
  return `These vars make ${count} combinations${product}${cases}: skill-eval reads at most ${MAX_CASES_PER_FILE.toLocaleString('en-US')} cases from one file${before}, so this test is left out (promptfoo would build every one). Split the lists over tests or files.`;
}

function tooManyCases(
  count: number,
  counts: number[],
  prompts: number,
  earlier: number,
  where: ReturnType<typeof at>,
  source: Source,
): undefined {
  source.sink.error('unsupported-tests', tooManyMessage(count, counts, prompts, earlier), where);
  return undefined;
}

const REFUSED_BECAUSE =
  "without --trust skill-eval renders promptfoo's templates only in a subset that runs no code (output of vars and their fields, literals, operators, if, for, set, pure built-in filters and tests); --trust renders it with nunjucks, as promptfoo does";

/**
 * A template construct the subset refuses, said where it is written: a prompt file's line, a prompt, var or
 * assertion value of the config (or of the tests file it is in), else the test.
 */
function reportRefused(error: TemplateRefused, where: CaseTemplates): void {
  const { t, prompt, prefix, defaults, building } = where;
  const { source, path } = t.entry;
  const part = error.part ?? { kind: 'prompt' };
  if (part.kind === 'prompt') {
    const line = error.line - (prefix.match(/\n/g)?.length ?? 0);
    if (prompt.file && line >= 1) {
      const shown = relative(building.ctx.basePath, prompt.file.path) || basename(prompt.file.path);
      const message = `The prompt file ${shown} holds ${error.construct}: ${REFUSED_BECAUSE}.`;
      const fileLine = prompt.file.line + line - 1;
      if (!building.other.some((d) => d.file === prompt.file!.path && d.line === fileLine && d.message === message))
        building.other.push({
          severity: 'error',
          ruleId: `${FORMAT_ID}/template`,
          message,
          file: prompt.file.path,
          line: fileLine,
          needsTrust: true,
        });
      return;
    }
    const lineText = line >= 1 ? ` on its line ${line}` : '';
    source.sink.errorNeedingTrust(
      'template',
      `This prompt holds ${error.construct}${lineText}: ${REFUSED_BECAUSE}.`,
      at(prompt.file ? path : prompt.path),
    );
    return;
  }
  if (part.kind === 'var') {
    source.sink.errorNeedingTrust(
      'template',
      `The var "${part.name}" holds ${error.construct}, and promptfoo renders a var as a template: ${REFUSED_BECAUSE}.`,
      at(path, 'vars', part.name),
    );
    return;
  }
  const lists = [
    ...t.asserts,
    ...(defaults ? [{ list: defaults.test.assert, path: [...defaults.path, 'assert'], source: defaults.source }] : []),
  ];
  const found = findAssertion(lists, part.text);
  const message = `This assertion's value holds ${error.construct}, and promptfoo renders it as a template: ${REFUSED_BECAUSE}.`;
  if (found) found.source.sink.errorNeedingTrust('template', message, at(found.path));
  else source.sink.errorNeedingTrust('template', message, at(path));
}

/** Where an assertion (or an assert-set's child) whose value is or holds `text` is written. */
function findAssertion(lists: AssertList[], text: string): { source: Source; path: DocPath } | undefined {
  for (const { list, path, source } of lists) {
    if (!Array.isArray(list)) continue;
    for (const [i, item] of list.entries()) {
      if (!isRecord(item)) continue;
      if (item.value === text) return { source, path: [...path, i, 'value'] };
      if (Array.isArray(item.value) && item.value.includes(text))
        return { source, path: [...path, i, 'value', item.value.indexOf(text)] };
      const inner = findAssertion([{ list: item.assert, path: [...path, i, 'assert'], source }], text);
      if (inner) return inner;
    }
  }
  return undefined;
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
