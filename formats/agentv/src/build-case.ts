import { dirname, join } from 'node:path';
import { type Case, type Check, type FixtureFile, observedLstat, safeParseCase } from '@skill-eval/core';
import { readAssertions } from './assertions.js';
import { at, atKey, describe, isRecord, type ReadContext } from './context.js';
import { gradedByAgentv } from './evaluation-spec.js';
import { graderPayload, withGraderPayload } from './grader-payload.js';
import { type InputParts, readInput, stageFile } from './messages.js';
import { V4_SPELLINGS_TEST, V5_REMOVED_TEST } from './migration.js';
import { findReference, readReferencedFile, type TestEntry } from './references.js';
import { chatMessagesIn, interpolateVars, promptFileId, promptIdSuffix, stablePromptId } from './render-vars.js';
import { readSideChannel } from './side-channel.js';
import type { DocPath } from './source.js';
import { engineHint, type Located, type PromptTemplate, type SuiteDefaults } from './suite-defaults.js';
import { reportTestTargets } from './target-matrix.js';
import { ENV_TEMPLATE, isFancyTemplate, lookupVar, renderTemplate, soleVariable } from './template.js';
import { readWorkspace } from './workspace.js';

/** Test fields skill-eval reads; all others are kept in `metadata.agentv`. */
const READ = new Set([
  'id',
  'description',
  'vars',
  'prompts',
  'input',
  'input_files',
  'expected_output',
  'criteria',
  'assert',
  'assertions',
  'evaluators',
  'threshold',
  'run',
  'execution',
  'environment',
  'workspace',
  'metadata',
  'mode',
  'turns',
  'provider',
  'providers',
  'note',
]);

/** Test fields AgentV knows that skill-eval keeps but cannot honour yet. */
const KEPT = new Set([
  'conversation_id',
  'suite',
  'depends_on',
  'on_dependency_failure',
  'aggregation',
  'on_turn_failure',
  'window_size',
  'options',
  'assert_scoring_function',
  'provider_output',
]);

/** What a test needs besides its own fields: its id and the suite's defaults. */
export interface TestInput {
  entry: TestEntry;
  /** The 1-based position, the id of a test without one. */
  position: number;
  defaults: SuiteDefaults;
  /** Appended to the id (scenario and prompt variants). */
  idSuffix?: string;
}

/** Reads one AgentV test into one case per prompt template. Problems are reported; nothing throws. */
export function buildCases({ entry, position, defaults, idSuffix = '' }: TestInput): Case[] {
  const ctx: ReadContext = {
    ...defaults.ctx,
    source: entry.source,
    skipTest: { skipped: false },
    dropped: { count: 0 },
  };
  const sink = entry.source.sink;
  const test = entry.value;
  const path = entry.path;
  // A JSONL line that did not parse: its syntax error is already reported.
  if (test === undefined) return [];
  if (!isRecord(test)) {
    sink.error(
      'wrong-type',
      `Test ${position} is ${describe(test)}; each test is a map with vars and assert.`,
      at(path),
    );
    return [];
  }
  checkFieldsForDialect(test, entry, ctx);
  if (ctx.dialect === 'agentv-4' && !v4Complete(test, entry, ctx)) return [];
  if (ctx.dialect === 'agentv-4') reportTestTargets(test.execution, [...path, 'execution'], ctx);
  const id = readId(test, entry, position, ctx) + idSuffix;
  const agentv = keptFields(test, path, ctx);
  const errorsBefore = sink.errorCount;
  const vars = readVars(test, path, defaults.defaultTest, ctx);
  const inputs = readTurns(test, path, vars, defaults, ctx);
  if (inputs.length === 0 || !gradedByAgentv(test, path, defaults, ctx)) return [];
  return varCombinations(vars, path, defaults, ctx).flatMap(({ vars: own, suffix }) => {
    const grading = readGrading(test, path, { id: id + suffix, vars: own, inputs, defaults, errorsBefore }, ctx);
    if (!grading) return [];
    return casesOf({ test, entry, path, id: id + suffix, vars: own, inputs, grading, agentv, defaults }, ctx);
  });
}

interface CaseParts {
  test: Record<string, unknown>;
  entry: TestEntry;
  path: DocPath;
  id: string;
  vars: Record<string, Located>;
  inputs: TurnSet[];
  grading: NonNullable<ReturnType<typeof readGrading>>;
  agentv: Record<string, unknown>;
  defaults: SuiteDefaults;
}

/** The cases of one test (one per prompt variant) once its turns and grading are read. */
function casesOf(parts: CaseParts, ctx: ReadContext): Case[] {
  const { test, entry, path, id, vars, inputs, grading, defaults } = parts;
  const agentv = { ...parts.agentv };
  const settings = readTestSettings(test, path, defaults, ctx);
  const side = readSideChannel(settings.userMetadata, [...path, 'metadata'], ctx);
  const { workspace, kept } = readWorkspace(test, path, entry, defaults, ctx);
  Object.assign(agentv, kept);
  const testFiles = readInputFiles(test.input_files, [...path, 'input_files'], ctx);
  const engine = readEngine(test, path, defaults, agentv, ctx);
  const position_ = ctx.source.locate(at(path));
  return inputs.flatMap((input): Case[] => {
    const allChecks = [...grading.checks, ...input.turnChecks];
    const trigger = triggerOf(allChecks);
    const files = mergeFiles(skipsSuiteDefaults(test, ctx) ? [] : defaults.inputFiles, testFiles, input.files);
    const metadata: Record<string, unknown> = { ...settings.userMetadata };
    const caseAgentv = { ...agentv, ...(input.history.length > 0 ? { history: input.history } : {}) };
    if (Object.keys(caseAgentv).length > 0) metadata.agentv = caseAgentv;
    // v5 renders assertion values with the test's vars, as promptfoo does; 4.x has no vars.
    if (ctx.dialect === 'agentv-5' && Object.keys(vars).length > 0) metadata.vars = plainVars(vars);
    const base = {
      id: id + input.idSuffix,
      rawId: test.id,
      name:
        typeof test.description === 'string' && test.description.trim() !== '' ? test.description : id + input.idSuffix,
      kind: trigger ? 'trigger' : 'task',
      turns: input.turns,
      system: input.system,
      reference: joinReference(grading.finalReference, input.turnReferences),
      shouldTrigger: trigger?.shouldTrigger,
      checks: withGraderPayload(allChecks, graderPayload(test, input, grading.reference)),
      threshold: settings.threshold,
      // AgentV passes a test when the weighted mean of its graders' scores reaches the threshold (0.8).
      verdictRule: 'mean-score' as const,
      workspace: { ...workspace, files },
      limits: settings.timeoutSeconds !== undefined ? { timeoutSeconds: settings.timeoutSeconds } : {},
      runs: settings.runs,
      skills: ctx.skill ? [ctx.skill] : [],
      engine,
      tags: [...new Set([...defaults.tags, ...settings.testTags])],
      metadata,
      source: { file: entry.source.file, ...position_, format: 'agentv', dialect: ctx.dialect },
    };
    return parsedCase(side.apply(base), base.id, path, ctx);
  });
}

/** The test's fields skill-eval does not read, for `metadata.agentv`; each is warned about. */
function keptFields(test: Record<string, unknown>, path: DocPath, ctx: ReadContext): Record<string, unknown> {
  const agentv: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(test)) {
    if (READ.has(key)) continue;
    agentv[key] = value;
    ctx.source.sink.warning(
      KEPT.has(key) ? 'unsupported-field' : 'unknown-field',
      KEPT.has(key)
        ? `"${key}" is kept in the case's metadata.agentv, but skill-eval's runner does not honour it yet.`
        : `"${key}" is not an AgentV test field; it is kept in the case's metadata.agentv.`,
      atKey(path, key),
    );
  }
  return agentv;
}

/**
 * The test's checks (its assertions, else its criteria as a rubric) and its reference; undefined when an assertion
 * skips the test. A test nothing can grade is warned about, unless an error already said what to fix.
 */
function readGrading(
  test: Record<string, unknown>,
  path: DocPath,
  read: {
    id: string;
    vars: Record<string, Located>;
    inputs: TurnSet[];
    defaults: SuiteDefaults;
    errorsBefore: number;
  },
  ctx: ReadContext,
): { checks: Check[]; reference?: string; finalReference?: string } | undefined {
  const sink = ctx.source.sink;
  const reference = readReference(test, path, read.vars, ctx);
  ctx.graderVars = graderVars(test, reference, read.inputs[0]!);
  const filled = withVarsFilled(test, plainVars(read.vars));
  const checks = readAllChecks(filled, path, read.defaults, ctx);
  if (ctx.skipTest?.skipped) return undefined;
  const criteria = typeof filled.criteria === 'string' && filled.criteria.trim() !== '' ? filled.criteria : undefined;
  let finalReference = reference;
  // AgentV's implicit LLM grader (`agentv: true`): when its judge fails it scores the test 0, a fail, not an error as a
  // written llm-grader's skip does (runEvaluatorsForCase returns no `scores` for it, so no buildSkippedEvaluatorError:
  // @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:23288-23318, 21736; AgentV 5 orchestrator.ts:2818-2856, 768).
  if (criteria && checks.length === 0)
    checks.push({ type: 'llm-rubric', value: criteria, name: 'criteria', agentv: true });
  else if (criteria) finalReference = reference ? `${reference}\n\nCriteria: ${criteria}` : criteria;
  // Assertions refused by an error above are not "no assert entries": that error already says what to fix.
  const refused = sink.errorCount > read.errorsBefore;
  const nothing = checks.length === 0 && read.inputs.every((i) => i.turnChecks.length === 0);
  if (nothing && (ctx.dropped?.count ?? 0) > 0) {
    // With no grader left AgentV 4 grades the test with its default LLM grader (`runEvaluatorsForCase`,
    // @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:23288); skill-eval
    // spends no model on a test whose every assertion is broken. docs/grading.md lists the difference.
    sink.error(
      'every-assertion-dropped',
      `Test "${read.id}": AgentV skips every one of its assertions (see the warnings above) and would grade it with its default LLM grader instead; fix them, or add criteria for a judge.`,
      at(path),
    );
  } else if (nothing && !refused) {
    sink.warning(
      'nothing-to-grade',
      `Test "${read.id}" has no assert entries and no criteria: nothing can grade it; add assert.`,
      at(path),
    );
  }
  return { checks, reference, finalReference };
}

/** The test's threshold, runs and timeout (its own, else the suite's), and its metadata with the tags taken out. */
function readTestSettings(test: Record<string, unknown>, path: DocPath, defaults: SuiteDefaults, ctx: ReadContext) {
  const dt = defaults.defaultTest;
  const run = isRecord(test.run) ? test.run : {};
  const execution = isRecord(test.execution) ? test.execution : {};
  const threshold = pickThreshold(
    [
      [test.threshold, [...path, 'threshold']],
      [run.threshold, [...path, 'run', 'threshold']],
      [execution.threshold, [...path, 'execution', 'threshold']],
      [dt?.value.threshold, [...(dt?.path ?? []), 'threshold']],
      [defaults.threshold, []],
    ],
    ctx,
  );
  const repeat = run.repeat;
  const runs = isRecord(repeat) && typeof repeat.count === 'number' ? repeat.count : defaults.runs;
  const timeoutSeconds = typeof run.timeout_seconds === 'number' ? run.timeout_seconds : defaults.timeoutSeconds;
  const userMetadata = isRecord(test.metadata) ? { ...test.metadata } : {};
  const testTags = Array.isArray(userMetadata.tags) ? userMetadata.tags.filter((t) => typeof t === 'string') : [];
  if (testTags.length > 0) delete userMetadata.tags;
  return { threshold, runs, timeoutSeconds, userMetadata, testTags };
}

/** The engine the test's providers hint at (else the suite's); the providers are kept, with a warning. */
function readEngine(
  test: Record<string, unknown>,
  path: DocPath,
  defaults: SuiteDefaults,
  agentv: Record<string, unknown>,
  ctx: ReadContext,
) {
  const engine = engineHint(test.providers ?? test.provider) ?? defaults.engine;
  if (test.provider !== undefined || test.providers !== undefined) {
    agentv[test.provider !== undefined ? 'provider' : 'providers'] = test.provider ?? test.providers;
    ctx.source.sink.warning(
      'unsupported-field',
      `Test providers are kept in metadata.agentv${engine ? ` (engine hint: ${engine})` : ''}; skill-eval runs every case on the engines chosen with --engine.`,
      atKey(path, test.provider !== undefined ? 'provider' : 'providers'),
    );
  }
  return engine;
}

/** The case, or none with an error when it does not hold together. */
function parsedCase(candidate: unknown, id: string, path: DocPath, ctx: ReadContext): Case[] {
  const parsed = safeParseCase(candidate);
  if (parsed.success) return [parsed.data];
  const issue = parsed.error.issues[0]!;
  ctx.source.sink.error(
    'invalid-case',
    `Test "${id}" cannot be read: ${issue.path.join('.')}: ${issue.message}.`,
    at(path),
  );
  return [];
}

/** What AgentV fills a grader template's `{{ variables }}` with, as far as they are known before the run. */
function graderVars(test: Record<string, unknown>, reference: string | undefined, input: InputParts) {
  const metadata = isRecord(test.metadata) ? test.metadata : {};
  return {
    criteria: typeof test.criteria === 'string' ? test.criteria : '',
    expected_output: reference ?? '',
    input: input.turns.join('\n\n'),
    metadata: JSON.stringify(metadata, null, 2),
    metadata_json: JSON.stringify(metadata),
  };
}

/** The most tests the list vars of one eval file may make (AgentV 5's `expandArrayVarCases`, their product). */
export const MAX_EXPANDED_CASES = 10_000;

/** How many tests list vars have made so far in each file (its suite defaults stand for it). */
const expandedSoFar = new WeakMap<SuiteDefaults, number>();

/**
 * AgentV 5's `expandArrayVarCases` (EntityProcess/agentv 58f316ca2, yaml-parser.ts:524-553): a var whose value is a
 * list of strings (or an empty list) makes one test per value, over every such var (their product), each with the
 * test's id and its assertions rendered with its own values. The prompts are rendered before that
 * (`expandPromptMatrix`, yaml-parser.ts:1523), with the whole list ("a,b"): every copy sends the same prompt. An
 * empty list makes no test. Checked by running its `loadTests` from source. skill-eval's ids must differ, so each
 * copy's id names its values.
 */
function varCombinations(
  vars: Record<string, Located>,
  path: DocPath,
  defaults: SuiteDefaults,
  ctx: ReadContext,
): { vars: Record<string, Located>; suffix: string }[] {
  if (ctx.dialect !== 'agentv-5') return [{ vars, suffix: '' }];
  const expands = (v: unknown): v is unknown[] => Array.isArray(v) && (v.length === 0 || typeof v[0] === 'string');
  // The product is counted before any copy is made: a few short lists (eight of ten values) would make 10^8.
  const lists = Object.values(vars).filter((v) => expands(v.value));
  const product = lists.reduce((n, v) => n * (v.value as unknown[]).length, 1);
  const before = expandedSoFar.get(defaults) ?? 0;
  if (lists.length > 0 && before + product > MAX_EXPANDED_CASES) {
    ctx.source.sink.error(
      'too-many-cases',
      `The list vars of this test (${lists.length} lists) would make ${product.toLocaleString('en-US')} tests${before > 0 ? ` besides the ${before.toLocaleString('en-US')} its earlier tests made` : ''}, over skill-eval's limit of ${MAX_EXPANDED_CASES.toLocaleString('en-US')} tests per eval file; none of them is made. Split the lists over several tests or files, or shorten them.`,
      at(path, 'vars'),
    );
    return [];
  }
  if (lists.length > 0) expandedSoFar.set(defaults, before + product);
  let combos: { vars: Record<string, Located>; parts: string[] }[] = [{ vars: {}, parts: [] }];
  for (const [name, located] of Object.entries(vars)) {
    const list = expands(located.value) ? located.value : undefined;
    if (list) {
      located.source.sink.info(
        'list-vars',
        list.length === 0
          ? `"${name}" is an empty list: AgentV makes one test per value of a list var, so this test makes none, and skill-eval runs none either.`
          : `"${name}" is a list: AgentV makes one test per value, each graded with its own value, but renders the prompt before that, with the whole list ("${list.join(',')}"), so every copy sends the same prompt; skill-eval does the same.`,
        at(located.path),
      );
    }
    const values = list ?? [located.value];
    combos = combos.flatMap((combo) =>
      values.map((value) => ({
        vars: { ...combo.vars, [name]: { ...located, value } },
        parts: list ? [...combo.parts, `${name}=${String(value)}`] : combo.parts,
      })),
    );
  }
  const expanded = Object.values(vars).some((v) => expands(v.value));
  if (!expanded) return [{ vars, suffix: '' }];
  return combos.map((combo) => ({ vars: combo.vars, suffix: `@${combo.parts.join(',')}` }));
}

/**
 * The input of an AgentV 5 test that has neither `input` nor prompts: `loadPromptMdFallback` (EntityProcess/agentv
 * 58f316ca2, loaders/prompt-md-fallback.ts:73-111) takes the text of a `PROMPT.md` beside the eval file; without one,
 * the loader skips the test ("Skipping incomplete test … Missing required fields: id, input or PROMPT.md …",
 * yaml-parser.ts:1660-1675) — `vars.input` alone is no input there. Checked by running its `loadTests` from source.
 */
function promptMdInput(path: DocPath, defaults: SuiteDefaults, ctx: ReadContext): string[] {
  const file = join(dirname(defaults.ctx.source.file), 'PROMPT.md');
  if (observedLstat(file, { throwIfNoEntry: false })) {
    // Read as every side file is (format-kit readSideFile): a link out of the project, a FIFO or a huge file is an
    // error here, never the test's input.
    const text = readReferencedFile('PROMPT.md', file, path, ctx);
    if (text === undefined) return [];
    ctx.source.sink.info(
      'prompt-md',
      'This test has no input and the file no prompts: AgentV sends the PROMPT.md beside the eval file as its input, and so does skill-eval.',
      at(path),
    );
    return [text.replace(/\r\n/g, '\n')];
  }
  ctx.source.sink.warning(
    'dropped-by-agentv',
    'AgentV 5 skips this test: it has no input, the file no prompts and no PROMPT.md beside it ("Skipping incomplete test … Missing required fields: id, input or PROMPT.md …"); vars.input alone is not sent. skill-eval skips it too. Add top-level prompts: ["{{ input }}"].',
    at(path),
  );
  return [];
}

/**
 * AgentV 4.42.4 skips a test whose `id` is not a non-empty string (`asString5`, dist/chunk-FRDEARJA.js:20752 and
 * 20774-20780: "Skipping incomplete test: … Missing required fields: id, input, …"); so does skill-eval, saying so.
 */
function v4Complete(test: Record<string, unknown>, entry: TestEntry, ctx: ReadContext): boolean {
  const path = entry.path;
  if (typeof test.id === 'string' && test.id !== '') return true;
  // A case folder's test without an id takes the folder's name (loadCasesFromDirectory, dist/index.cjs:3738-3740).
  if (test.id === undefined && entry.defaultId !== undefined) return true;
  const found = test.id === undefined ? 'no id' : `the id ${JSON.stringify(test.id)}, which is not a string`;
  ctx.source.sink.warning(
    'dropped-by-agentv',
    `AgentV 4 skips this test: it has ${found} ("Skipping incomplete test … Missing required fields: id, …"), and so does skill-eval. Give it id: "<name>".`,
    test.id === undefined ? at(path) : at(path, 'id'),
  );
  return false;
}

/** In a v5 suite, the 4.x test fields AgentV rejects are errors (raw case files may still use them). */
function checkFieldsForDialect(test: Record<string, unknown>, entry: TestEntry, ctx: ReadContext) {
  if (ctx.dialect !== 'agentv-5') return;
  for (const key of Object.keys(test)) {
    const removed = entry.raw ? undefined : V5_REMOVED_TEST[key];
    if (removed) ctx.source.sink.error('removed-field', removed, atKey(entry.path, key));
    const spelling = V4_SPELLINGS_TEST[key];
    if (spelling) ctx.source.sink.warning('v4-field', spelling, atKey(entry.path, key));
  }
}

function readId(test: Record<string, unknown>, entry: TestEntry, position: number, ctx: ReadContext): string {
  const raw = test.id;
  const fallback = entry.defaultId ?? String(position);
  if (raw === undefined || raw === null) return fallback;
  if (typeof raw === 'string' && raw.trim() !== '') return raw.trim();
  if (typeof raw === 'number') {
    ctx.source.sink.warning(
      'id-not-string',
      `The id ${raw} is a number; AgentV requires a string, so write id: "${raw}".`,
      at(entry.path, 'id'),
    );
    return String(raw);
  }
  ctx.source.sink.error(
    'wrong-type',
    `The id of test ${position} is ${describe(raw)}; write a non-empty string. The test is read as "${fallback}".`,
    at(entry.path, 'id'),
  );
  return fallback;
}

/** `default_test.vars` overlaid with the test's own `vars`, each remembering where it was written. */
function readVars(
  test: Record<string, unknown>,
  path: DocPath,
  dt: Located<Record<string, unknown>> | undefined,
  ctx: ReadContext,
) {
  const vars: Record<string, Located> = {};
  const add = (value: unknown, source: Located['source'], varsPath: DocPath) => {
    if (value === undefined) return;
    if (!isRecord(value)) {
      source.sink.error('wrong-type', `"vars" is ${describe(value)}; write a map of names to values.`, at(varsPath));
      return;
    }
    for (const [k, v] of Object.entries(value)) vars[k] = { value: v, source, path: [...varsPath, k] };
  };
  if (dt) add(dt.value.vars, dt.source, [...dt.path, 'vars']);
  add(test.vars, ctx.source, [...path, 'vars']);
  return vars;
}

const plainVars = (vars: Record<string, Located>) =>
  Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, v.value]));

/** One prompt variant of a test: its turns and what its conversation turns add. */
interface TurnSet extends InputParts {
  idSuffix: string;
  turnChecks: Check[];
  turnReferences: string[];
}

/**
 * An AgentV 4 test with `execution.skip_defaults: true` takes neither the suite's `input` nor its `input_files`
 * (@agentv/core 4.42.4 dist/chunk-FRDEARJA.js:20769-20781), nor its assertions (:17925-17926; readAllChecks below).
 */
function skipsSuiteDefaults(test: Record<string, unknown>, ctx: ReadContext): boolean {
  return ctx.dialect === 'agentv-4' && isRecord(test.execution) && test.execution.skip_defaults === true;
}

/**
 * Where the user turns come from: `mode: conversation` turns; else a 4.x/raw-case `input`; else
 * each prompt template rendered with the vars (one variant per template).
 */
function readTurns(
  test: Record<string, unknown>,
  path: DocPath,
  vars: Record<string, Located>,
  defaults: SuiteDefaults,
  ctx: ReadContext,
): TurnSet[] {
  const sink = ctx.source.sink;
  // AgentV renders only a test that has vars (its own map, or default_test's merged in): interpolateCaseField returns
  // the value as written otherwise (yaml-parser.ts at f0c5db805c20, lines 453-455 and 693-718).
  const plain = isRecord(test.vars) || Object.keys(vars).length > 0 ? plainVars(vars) : undefined;
  // The suite's input is rendered with each test's vars too (4.42.4 yaml-parser.ts line 533; 5.x at f0c5db805c20,
  // lines 1626-1630).
  const suiteInput = skipsSuiteDefaults(test, ctx) ? undefined : defaults.suiteInput;
  const prefix = suiteInput
    ? readInput(asMessages(withVars(suiteInput.value, plain, ctx.dialect), ctx), suiteInput.path, {
        ...ctx,
        source: suiteInput.source,
      })
    : undefined;
  const withPrefix = (parts: InputParts, oneRequest: boolean): InputParts => {
    if (!prefix) return parts;
    const system = [prefix.system, parts.system].filter(Boolean).join('\n\n') || undefined;
    const turns = [...prefix.turns, ...parts.turns];
    const visible = turns.filter((t) => t.trim() !== '');
    // The suite's input messages go before the test's in one message list (4.42.4 dist/chunk-FRDEARJA.js:20801; 5.x
    // yaml-parser.ts:1703 at 58f316ca2), which AgentV sends as one role-marked request when it holds several
    // messages (prompt-builder.ts buildPromptInputs, needsRoleMarkers): not one turn per message.
    const merged =
      oneRequest && prefix.history.length === 0 && parts.history.length === 0 && visible.length > 1
        ? [visible.map((t) => `@[User]:\n${t}`).join('\n\n')]
        : turns;
    return {
      turns: merged,
      system,
      files: [...prefix.files, ...parts.files],
      history: [...prefix.history, ...parts.history],
    };
  };
  const single = (parts: InputParts | undefined, oneRequest = true): TurnSet[] => {
    if (!parts) return [];
    const full = withPrefix(parts, oneRequest);
    if (full.turns.length === 0) {
      sink.error('missing-input', 'The input has no user message; add one ({role: user, content: …}).', at(path));
      return [];
    }
    if (full.turns.every((t) => t.trim() === '')) {
      sink.error(
        'missing-input',
        'The prompt of this test renders to nothing; set vars.input (or the variables its prompt uses).',
        at(path),
      );
      return [];
    }
    return [{ ...full, idSuffix: '', turnChecks: [], turnReferences: [] }];
  };
  if (test.turns !== undefined || test.mode === 'conversation') {
    const lead = conversationLead(test, path, vars, plain, defaults, ctx);
    return single(readConversation(test, path, plain, ctx), false).map((t) => ({
      ...t,
      system: [lead?.system, t.system].filter(Boolean).join('\n\n') || undefined,
      ...conversationExtras(test, path, ctx),
    }));
  }
  if (test.input !== undefined)
    return single(readInput(asMessages(withVars(test.input, plain, ctx.dialect), ctx), [...path, 'input'], ctx));
  const prompts = promptsFor(test, path, defaults, ctx);
  if (prompts === undefined) {
    if (vars.input === undefined && ctx.dialect === 'agentv-4') {
      // 4.42.4 (dist/chunk-FRDEARJA.js:20774-20780) skips a test without input messages; prompts are AgentV 5's.
      sink.warning(
        'dropped-by-agentv',
        'AgentV 4 skips this test: it has no input ("Skipping incomplete test … Missing required fields: id, input, …"), and so does skill-eval. Add input: with the user message.',
        at(path),
      );
      return [];
    }
    return promptMdInput(path, defaults, ctx).flatMap((text) => single(readInput(text, path, ctx)));
  }
  return prompts.flatMap((prompt): TurnSet[] => {
    const parts = renderPrompt(prompt, vars, plain, ctx);
    // AgentV 5 names a test expanded over several prompts `<id>__prompt_<prompt id>` (render-vars.ts).
    const suffix = prompts.length > 1 ? promptIdSuffix(prompt.id) : '';
    return single(parts).map((t) => ({ ...t, idSuffix: suffix }));
  });
}

function promptsFor(
  test: Record<string, unknown>,
  path: DocPath,
  defaults: SuiteDefaults,
  ctx: ReadContext,
): PromptTemplate[] | undefined {
  if (test.prompts !== undefined) return readPromptList(test.prompts, [...path, 'prompts'], ctx);
  const dt = defaults.defaultTest;
  if (dt?.value.prompts !== undefined)
    return readPromptList(dt.value.prompts, [...dt.path, 'prompts'], { ...ctx, source: dt.source });
  return defaults.prompts;
}

const isMessage = (v: unknown) => isRecord(v) && typeof v.role === 'string';

/**
 * `prompts`: a string, a prompt object (`raw`, `label`, `id`), a message, or a list of these (a list of messages is one
 * chat prompt). Each gets the id AgentV 5's `parsePromptDefinition` gives it (yaml-parser.ts at f0c5db805c20,
 * lines 934-1103): a file its path, a string `prompt-<hash>`, a chat list `chat-<hash>`.
 */
export function readPromptList(value: unknown, path: DocPath, ctx: ReadContext): PromptTemplate[] | undefined {
  const located = (p: DocPath) => ({ value, source: ctx.source, path: p });
  if (Array.isArray(value) && value.length > 0 && value.every(isMessage)) {
    return [
      {
        template: value as { role: string; content: unknown }[],
        id: `chat-${stablePromptId(value)}`,
        at: located(path),
      },
    ];
  }
  const list = Array.isArray(value) ? value : [value];
  const out: PromptTemplate[] = [];
  list.forEach((item, i) => {
    const p = Array.isArray(value) ? [...path, i] : path;
    if (typeof item === 'string' && item.startsWith('file://')) {
      const text = readPromptFile(item.slice('file://'.length), p, ctx);
      if (text !== undefined) out.push({ template: text, id: promptFileId(item), at: located(p) });
    } else if (typeof item === 'string')
      out.push({ template: item, id: `prompt-${stablePromptId(item)}`, at: located(p) });
    else if (isRecord(item) && item.label === undefined && item.id === undefined && isMessage(item))
      out.push({
        template: [item as { role: string; content: unknown }],
        id: `chat-${stablePromptId(item)}`,
        at: located(p),
      });
    else if (isRecord(item)) {
      const entry = promptEntry(item, p, ctx);
      if (entry) out.push({ ...entry, at: located(p) });
    } else {
      ctx.source.sink.error(
        'unsupported-prompt',
        `This prompt is ${describe(item)}; AgentV reads a string, a chat message list, or a map with prompt, messages, file or raw.`,
        at(p),
      );
    }
  });
  return out.length > 0 ? out : undefined;
}

/**
 * A prompt object, as AgentV's `parsePromptDefinition` reads it: `{file}` (text of a file found from the search
 * roots), `{messages}` or `{prompt}` (a string or a chat list), `{raw}`; `label` or `id` names it. Prompt functions
 * and commands, which AgentV runs to make the prompt, are not run.
 */
function promptEntry(
  item: Record<string, unknown>,
  path: DocPath,
  ctx: ReadContext,
): Omit<PromptTemplate, 'at'> | undefined {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const name = text(item.label) ?? text(item.id);
  const explicitId = text(item.id);
  const labelled = (template: PromptTemplate['template'], id: string, fallback?: string) => {
    const label = name ?? fallback;
    return { template, id: explicitId ?? id, ...(label ? { label } : {}) };
  };
  const isChat = (v: unknown): v is { role: string; content: unknown }[] =>
    Array.isArray(v) && v.length > 0 && v.every((m) => isRecord(m) && typeof m.role === 'string');
  const sink = ctx.source.sink;
  if (item.function_file !== undefined || item.function !== undefined || item.command !== undefined) {
    sink.error(
      'unsupported-prompt',
      'This prompt is made by a function or command that AgentV runs; skill-eval does not run prompt code. Write the prompt it makes as text, or as prompt: / file:.',
      at(path),
    );
    return undefined;
  }
  if (item.file !== undefined) {
    if (typeof item.file !== 'string' || item.file.trim() === '') {
      sink.error(
        'wrong-type',
        `"file" is ${describe(item.file)}; write the path of the prompt file.`,
        at(path, 'file'),
      );
      return undefined;
    }
    const body = readPromptFile(item.file.replace(/^file:\/\//, ''), [...path, 'file'], ctx);
    const fileId = promptFileId(item.file);
    return body === undefined ? undefined : labelled(body, fileId, fileId);
  }
  for (const key of ['messages', 'prompt'] as const) {
    const value = item[key];
    if (value === undefined) continue;
    if (isChat(value) || (key === 'prompt' && typeof value === 'string'))
      return labelled(value, `${isChat(value) ? 'chat' : 'string'}-${stablePromptId(value)}`);
    sink.error(
      'wrong-type',
      `"${key}" is ${describe(value)}; write ${key === 'prompt' ? 'a string or ' : ''}a list of chat messages ({role, content}).`,
      at(path, key),
    );
    return undefined;
  }
  if (typeof item.raw === 'string' && item.raw !== '') return labelled(item.raw, `string-${stablePromptId(item.raw)}`);
  if (isMessage(item)) return labelled([item as { role: string; content: unknown }], `chat-${stablePromptId(item)}`);
  sink.error(
    'unsupported-prompt',
    'This prompt map has none of prompt, messages, file or raw, which AgentV reads; add one.',
    at(path),
  );
  return undefined;
}

/** The text of a prompt file, found as AgentV finds it (search roots); an error when it is not there. */
function readPromptFile(ref: string, path: DocPath, ctx: ReadContext): string | undefined {
  const found = findReference(ref, ctx);
  if (found.kind === 'missing') {
    ctx.source.sink.error(
      'missing-reference',
      `The prompt file "${ref}" does not exist (looked for ${found.lookedAt.join(', ')}); AgentV refuses it too. Fix the path.`,
      at(path),
    );
    return undefined;
  }
  return readReferencedFile(ref, found.file, path, ctx)?.replace(/\r\n/g, '\n');
}

/**
 * Renders one prompt for a test as AgentV 5 does (prompts exist only there): `expandPromptMatrix` renders the prompt
 * with the vars (yaml-parser.ts at f0c5db805c20, lines 1122-1124 and 1177), `interpolateRawEvalCase` renders that
 * input once more (lines 482-519, called at 1536), and a text that is a JSON chat list becomes its messages
 * (`expandInputShorthand`). `"{{ var }}"` alone stands for the var's own value, a message list included.
 */
function renderPrompt(
  prompt: PromptTemplate,
  vars: Record<string, Located>,
  plain: Record<string, unknown> | undefined,
  ctx: ReadContext,
): InputParts | undefined {
  const sink = prompt.at.source.sink;
  const promptCtx = { ...ctx, source: prompt.at.source };
  if (plain === undefined) {
    const used = typeof prompt.template === 'string' ? renderTemplate(prompt.template, {}).missing : [];
    if (used.length > 0)
      sink.warning(
        'missing-var',
        `The prompt uses {{ ${used[0]} }} but this test has no vars; AgentV sends the prompt as written, braces and all. Add vars to the test.`,
        at(prompt.at.path),
      );
    return readInput(asMessages(prompt.template, { ...ctx, dialect: 'agentv-5' }), prompt.at.path, promptCtx);
  }
  if (typeof prompt.template === 'string') {
    const sole = soleVariable(prompt.template);
    const v = sole ? vars[sole] : undefined;
    // A message list given whole: interpolateRawEvalCase still renders the templates in its messages
    // (yaml-parser.ts at 58f316ca2, line 510, called at 1553): `{{ vars.product }}` in a message is sent filled.
    if (v && typeof v.value !== 'string') {
      const filled = withVars(v.value, plain, 'agentv-5');
      warnNunjucksLeft(filled, v.path, v.source.sink);
      return readInput(filled, v.path, { ...ctx, source: v.source });
    }
    const rendered = renderTemplate(prompt.template, { ...plain, vars: plain });
    // `{{ env.X }}` alone has its own warning (env-template, load-agentv.ts).
    if (rendered.fancy && isFancyTemplate(prompt.template.replace(ENV_TEMPLATE, ''))) {
      sink.warning(
        'template-unsupported',
        `The prompt template "${prompt.template}" uses nunjucks features beyond {{ name }} (filters, tags, expressions, {{ env.X }}); skill-eval only substitutes plain {{ name }} and leaves the rest as written.`,
        at(prompt.at.path),
      );
    }
    for (const name of rendered.missing) {
      sink.warning(
        'missing-var',
        `The prompt uses {{ ${name} }} but this test sets no vars.${name.replace(/^vars\./, '')}; it is rendered empty.`,
        at(prompt.at.path),
      );
    }
  }
  const twice = withVars(withVars(prompt.template, plain, 'agentv-5'), plain, 'agentv-5');
  if (!(typeof prompt.template === 'string' && isFancyTemplate(prompt.template.replace(ENV_TEMPLATE, ''))))
    warnNunjucksLeft(twice, prompt.at.path, sink);
  return readInput(asMessages(twice, { ...ctx, dialect: 'agentv-5' }), prompt.at.path, promptCtx);
}

/**
 * interpolateRawEvalCase renders the filled input once more with nunjucks (yaml-parser.ts:510 at 58f316ca2), so an
 * expression that came in with a var (`{{ 7 * 7 }}`) is evaluated there; skill-eval sends it as written, and says so.
 */
function warnNunjucksLeft(value: unknown, path: DocPath, sink: ReadContext['source']['sink']): void {
  const left = fancyIn(value);
  if (left)
    sink.warning(
      'template-unsupported',
      `Filled with this test's vars, the prompt holds "${left}", which AgentV evaluates as nunjucks; skill-eval only substitutes plain {{ name }} and sends it as written.`,
      at(path),
    );
}

/** The first nunjucks construct beyond plain `{{ name }}` (and `{{ env.X }}`, warned of apart) in a value's strings. */
function fancyIn(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = value.replace(ENV_TEMPLATE, '');
    return isFancyTemplate(text) ? (/\{[{%#][\s\S]*?[}%#]\}/.exec(text)?.[0] ?? text) : undefined;
  }
  if (Array.isArray(value)) return value.map(fancyIn).find((v) => v !== undefined);
  if (isRecord(value))
    return Object.values(value)
      .map(fancyIn)
      .find((v) => v !== undefined);
  return undefined;
}

/** A test's vars rendered into an input as AgentV renders them at the file's version; no vars, no rendering. */
function withVars(value: unknown, vars: Record<string, unknown> | undefined, dialect: ReadContext['dialect']): unknown {
  return vars === undefined ? value : interpolateVars(value, vars, dialect);
}

/** AgentV 5 reads an input text that is a JSON list of chat messages as those messages (render-vars.ts). */
function asMessages(value: unknown, ctx: ReadContext): unknown {
  if (ctx.dialect !== 'agentv-5' || typeof value !== 'string') return value;
  return chatMessagesIn(value) ?? value;
}

/**
 * The test with its own `assert` entries and `criteria` rendered with its vars, as AgentV's interpolateRawEvalCase
 * does before reading them: a value that is one `{{ name }}` alone takes the var's own value (a list stays a list).
 * Grader `prompt` templates are left for the run's variables ({{ output }}…), which skill-eval fills when it grades.
 */
function withVarsFilled(test: Record<string, unknown>, vars: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(vars).length === 0) return test;
  // AgentV's context: the vars by name, and all of them as `vars` ({{ vars.city }}).
  const context = { ...vars, vars };
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const sole = soleVariable(value);
      const whole = sole === undefined ? undefined : lookupVar(context, sole);
      if (whole !== undefined && whole !== null) return whole;
      return value.includes('{{') ? renderTemplate(value, context).text : value;
    }
    if (Array.isArray(value)) return value.map(fill);
    if (isRecord(value))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'prompt' ? v : fill(v)]));
    return value;
  };
  return {
    ...test,
    ...(test.assert !== undefined ? { assert: fill(test.assert) } : {}),
    ...(typeof test.criteria === 'string' ? { criteria: fill(test.criteria) } : {}),
  };
}

/**
 * What a conversation starts from: AgentV opens its history with the test's input (orchestrator.ts at 58f316ca2,
 * runConversationMode, lines 3262-3267) — its `input`, or its one prompt given as a message-list var (`prompts:
 * ["{{ input }}"]`, `vars.input: [{role: system, …}]`). Its system messages are the conversation's system prompt;
 * other messages there would be history before turn 1, which a fresh agent session cannot replay: a warning.
 */
function conversationLead(
  test: Record<string, unknown>,
  path: DocPath,
  vars: Record<string, Located>,
  plain: Record<string, unknown> | undefined,
  defaults: SuiteDefaults,
  ctx: ReadContext,
): InputParts | undefined {
  let lead: InputParts | undefined;
  if (test.input !== undefined)
    lead = readInput(asMessages(withVars(test.input, plain, ctx.dialect), ctx), [...path, 'input'], ctx);
  else {
    const prompts = promptsFor(test, path, defaults, ctx);
    const sole =
      prompts?.length === 1 && typeof prompts[0]!.template === 'string'
        ? soleVariable(prompts[0]!.template)
        : undefined;
    const v = sole ? vars[sole] : undefined;
    if (!v || !Array.isArray(v.value)) return undefined;
    lead = readInput(withVars(v.value, plain, 'agentv-5'), v.path, { ...ctx, source: v.source });
  }
  if (lead && (lead.turns.some((t) => t.trim() !== '') || lead.history.length > 0))
    ctx.source.sink.warning(
      'conversation-history',
      'AgentV starts this conversation with these messages as history before turn 1; skill-eval sends only their system prompt, since a fresh agent session cannot replay a history. Move a user message into turns.',
      at(test.input !== undefined ? [...path, 'input'] : path),
    );
  return lead;
}

/** `mode: conversation` + `turns[{input, expected_output, assert}]`: one user turn each. */
function readConversation(
  test: Record<string, unknown>,
  path: DocPath,
  vars: Record<string, unknown> | undefined,
  ctx: ReadContext,
): InputParts | undefined {
  if (!Array.isArray(test.turns) || test.turns.length === 0) {
    ctx.source.sink.error(
      'missing-input',
      '"mode: conversation" needs a non-empty "turns" list of {input, assert}.',
      at(path, test.turns === undefined ? 'mode' : 'turns'),
    );
    return undefined;
  }
  const parts: InputParts = { turns: [], files: [], history: [] };
  test.turns.forEach((turn, i) => {
    const turnPath = [...path, 'turns', i];
    if (!isRecord(turn) || turn.input === undefined) {
      ctx.source.sink.error('missing-input', `Turn ${i + 1} has no "input"; write {input: …}.`, at(turnPath));
      return;
    }
    const one = readInput(withVars(turn.input, vars, ctx.dialect), [...turnPath, 'input'], ctx);
    if (!one) return;
    parts.turns.push(one.turns.join('\n\n'));
    parts.files.push(...one.files);
    if (one.system) parts.system = [parts.system, one.system].filter(Boolean).join('\n\n');
  });
  return parts;
}

/** Per-turn assertions (tagged with `turn`) and per-turn expected outputs of a conversation. */
function conversationExtras(test: Record<string, unknown>, path: DocPath, ctx: ReadContext) {
  const turnChecks: Check[] = [];
  const turnReferences: string[] = [];
  if (!Array.isArray(test.turns)) return { turnChecks, turnReferences };
  test.turns.forEach((turn, i) => {
    if (!isRecord(turn)) return;
    const key = turn.assert !== undefined ? 'assert' : 'assertions';
    turnChecks.push(...readAssertions(turn[key], [...path, 'turns', i, key], ctx, { turn: i + 1 }));
    const expected = textOf(turn.expected_output);
    if (expected) turnReferences.push(`Turn ${i + 1}: ${expected}`);
  });
  // Deterministic per-turn checks are graded on their turn; the judge still reads the whole conversation.
  if (turnChecks.some(hasRubric)) {
    ctx.source.sink.warning(
      'per-turn-assert',
      'Per-turn rubric criteria carry "turn: N", but the judge reads the whole conversation; other per-turn assertions are graded on their own turn.',
      at(path, 'turns'),
    );
  }
  return { turnChecks, turnReferences };
}

/** The check is, or (as an assert-set) holds, an llm-rubric criterion. */
function hasRubric(check: Check): boolean {
  return check.type === 'llm-rubric' || (Array.isArray(check.checks) && (check.checks as Check[]).some(hasRubric));
}

/** `expected_output` (4.x, raw cases) or `vars.expected_output` (v5): the reference answer. */
function readReference(
  test: Record<string, unknown>,
  path: DocPath,
  vars: Record<string, Located>,
  ctx: ReadContext,
): string | undefined {
  const raw = test.expected_output !== undefined ? test.expected_output : vars.expected_output?.value;
  if (raw === undefined || raw === null) return undefined;
  const text = textOf(raw);
  if (text === undefined) {
    ctx.source.sink.error(
      'wrong-type',
      `The expected output is ${describe(raw)}; write a string or a list of messages.`,
      at(path, 'expected_output'),
    );
  }
  return text;
}

/** The text of an expected output: a string, message contents, or JSON for structured answers. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((m) => isRecord(m) && 'content' in m)) {
    return value.map((m) => contentText((m as Record<string, unknown>).content)).join('\n\n');
  }
  if (isRecord(value) && 'content' in value && typeof value.role === 'string') return contentText(value.content);
  if (isRecord(value) || Array.isArray(value)) return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

const contentText = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => (isRecord(p) && typeof p.value === 'string' ? p.value : '')).join('\n\n')
      : JSON.stringify(content);

const joinReference = (reference: string | undefined, perTurn: string[]) =>
  [reference, ...perTurn].filter((r): r is string => Boolean(r && r.trim() !== '')).join('\n\n') || undefined;

/**
 * default_test.assert, then the test's own, then the suite's (unless execution.skip_defaults); AgentV 5 reads them in
 * its own order ({@link readAgentv5Checks}).
 */
function readAllChecks(
  test: Record<string, unknown>,
  path: DocPath,
  defaults: SuiteDefaults,
  ctx: ReadContext,
): Check[] {
  if (ctx.dialect === 'agentv-5') return readAgentv5Checks(test, path, defaults, ctx);
  const checks: Check[] = [];
  const dt = defaults.defaultTest;
  if (dt?.value.assert !== undefined)
    checks.push(...readAssertions(dt.value.assert, [...dt.path, 'assert'], { ...ctx, source: dt.source }));
  for (const key of ['assert', 'assertions', 'evaluators'])
    checks.push(...readAssertions(test[key], [...path, key], ctx));
  const execution = isRecord(test.execution) ? test.execution : {};
  for (const key of ['assert', 'assertions', 'evaluators'])
    checks.push(...readAssertions(execution[key], [...path, 'execution', key], ctx));
  if (execution.skip_defaults !== true) {
    for (const a of defaults.suiteAssert) checks.push(...readAssertions(a.value, a.path, { ...ctx, source: a.source }));
  }
  return checks;
}

/**
 * AgentV 5's graders of a test (parseGraders, grader-parser.ts:234-285 at 58f316ca2): the test's `assert` (else its
 * `execution.assert`), then the inherited ones — default_test.assert and the suite's `assert`, in that order
 * (combineInheritedAssertions, yaml-parser.ts:672-691 and 1534-1536) — which `execution.skip_defaults` leaves out.
 */
function readAgentv5Checks(
  test: Record<string, unknown>,
  path: DocPath,
  defaults: SuiteDefaults,
  ctx: ReadContext,
): Check[] {
  const checks: Check[] = [];
  for (const key of ['assert', 'assertions', 'evaluators'])
    checks.push(...readAssertions(test[key], [...path, key], ctx));
  const execution = isRecord(test.execution) ? test.execution : {};
  for (const key of ['assert', 'assertions', 'evaluators'])
    checks.push(...readAssertions(execution[key], [...path, 'execution', key], ctx));
  if (execution.skip_defaults === true) return checks;
  const dt = defaults.defaultTest;
  if (dt?.value.assert !== undefined)
    checks.push(...readAssertions(dt.value.assert, [...dt.path, 'assert'], { ...ctx, source: dt.source }));
  for (const a of defaults.suiteAssert) checks.push(...readAssertions(a.value, a.path, { ...ctx, source: a.source }));
  return checks;
}

function pickThreshold(candidates: [unknown, DocPath][], ctx: ReadContext): number | undefined {
  for (const [value, path] of candidates) {
    if (value === undefined) continue;
    if (typeof value === 'number' && value >= 0 && value <= 1) return value;
    ctx.source.sink.error('wrong-type', `"threshold" is ${String(value)}; write a number between 0 and 1.`, at(path));
  }
  return undefined;
}

/** A case whose every check is `skill-used` of one skill with one polarity is a trigger case. */
function triggerOf(checks: Check[]): { shouldTrigger: boolean } | undefined {
  if (checks.length === 0 || !checks.every((c) => c.type === 'skill-used' && typeof c.value === 'string'))
    return undefined;
  const negates = new Set(checks.map((c) => c.negate === true));
  const names = new Set(checks.map((c) => c.value));
  if (negates.size !== 1 || names.size !== 1) return undefined;
  return { shouldTrigger: !checks[0]!.negate };
}

function mergeFiles(...lists: FixtureFile[][]): FixtureFile[] {
  const out: FixtureFile[] = [];
  for (const f of lists.flat()) if (!out.some((o) => o.to === f.to)) out.push(f);
  return out;
}

/** `input_files`: paths staged into the workspace (no text is added to the prompt). */
export function readInputFiles(value: unknown, path: DocPath, ctx: ReadContext): FixtureFile[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    ctx.source.sink.error('wrong-type', `"input_files" is ${describe(value)}; write a list of paths.`, at(path));
    return [];
  }
  const files: FixtureFile[] = [];
  value.forEach((entry, i) => {
    if (typeof entry !== 'string')
      ctx.source.sink.error('wrong-type', `Input file ${i + 1} is ${describe(entry)}; write a path.`, at(path, i));
    else stageFile(entry, [...path, i], files, ctx);
  });
  return files;
}
