import { dirname, isAbsolute, relative } from 'node:path';
import { AGENTV_TRIMMED } from '@skill-eval/checks';
import type { Case, Check, Suite, WriteResult } from '@skill-eval/core';
import { projectCopyLoss, toolRestrictionLoss, toYaml } from '@skill-eval/format-kit';
import { isRecord } from './context.js';
import { V5_REMOVED_TOP } from './migration.js';
import { SIDE_CHANNEL_KEY, type SideChannel } from './side-channel.js';

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'suite';

/**
 * Writes a suite as one AgentV 5 `<name>.eval.yaml` (promptfoo style: `prompts: ["{{ input }}"]`,
 * `vars`, `assert`). Case fields AgentV has no field for go under each test's
 * `metadata.skill_eval` (AgentV ignores them; skill-eval reads them back), and are listed in `lost`.
 */
export function writeAgentv(suite: Suite): WriteResult {
  const lost: string[] = [];
  const base = dirname(suite.file);
  const doc: Record<string, unknown> = { name: slug(suite.name) };
  if (typeof suite.settings.description === 'string') doc.description = suite.settings.description;
  const metadata = suite.settings.metadata;
  if (metadata && typeof metadata === 'object') Object.assign(doc, metadata);
  const agentv = suite.settings.agentv;
  if (agentv && typeof agentv === 'object') {
    for (const [key, value] of Object.entries(agentv)) {
      if (V5_REMOVED_TOP[key]) lost.push(`suite: "${key}" is not part of AgentV 5 and is left out`);
      else doc[key] = value;
    }
  }
  doc.prompts = ['{{ input }}'];
  doc.tests = suite.cases.map((c, i) => writeTest(c, i + 1, base, lost));
  const text = toYaml(doc, { lineWidth: 0, aliasDuplicateObjects: false });
  return { files: [{ path: `evals/${slug(suite.name)}.eval.yaml`, text }], lost };
}

function writeTest(c: Case, position: number, base: string, lost: string[]): Record<string, unknown> {
  // An id-less test keeps its position as id, so the id is left out again.
  const test: Record<string, unknown> = c.rawId === undefined && c.id === String(position) ? {} : { id: c.id };
  if (c.rawId !== undefined && typeof c.rawId !== 'string')
    lost.push(`case ${c.id}: the id ${JSON.stringify(c.rawId)} is written as a string`);
  if (c.turns.some((t) => t.includes('{{')))
    lost.push(`case ${c.id}: a turn contains "{{", which AgentV renders as a template`);
  const side: SideChannel = {};
  const note = (what: string) =>
    lost.push(`case ${c.id}: ${what} (kept under metadata.${SIDE_CHANNEL_KEY}; AgentV ignores it)`);
  if (c.name !== c.id) test.description = c.name;
  const { agentv, ...userMetadata } = c.metadata as Record<string, unknown> & { agentv?: Record<string, unknown> };
  for (const [key, value] of Object.entries(agentv ?? {})) {
    if (key === 'history')
      lost.push(`case ${c.id}: ${(value as unknown[]).length} assistant/tool message(s) of the input are left out`);
    else test[key] = value;
  }
  const vars: Record<string, unknown> = {};
  if (c.turns.length === 1) {
    vars.input = c.system
      ? [
          { role: 'system', content: c.system },
          { role: 'user', content: c.turns[0] },
        ]
      : c.turns[0];
  } else {
    test.mode = 'conversation';
    test.turns = c.turns.map((input) => ({ input }));
    if (c.system) {
      side.system = c.system;
      note('system prompt of a conversation');
    }
  }
  if (c.reference !== undefined) vars.expected_output = c.reference;
  test.vars = vars;
  if (c.checks.length > 0) test.assert = c.checks.map(writeCheck);
  for (const what of checksLost(c)) lost.push(`case ${c.id}: ${what}`);
  if (c.threshold !== undefined) test.threshold = c.threshold;
  const run: Record<string, unknown> = {};
  if (c.runs !== undefined) run.repeat = { count: c.runs };
  if (c.limits.timeoutSeconds !== undefined) run.timeout_seconds = c.limits.timeoutSeconds;
  if (Object.keys(run).length > 0) test.run = run;
  const inputFiles: string[] = [];
  for (const f of c.workspace.files) {
    const rel = relative(base, f.from);
    if (rel === f.to) inputFiles.push(rel);
    else
      lost.push(`case ${c.id}: workspace file ${f.from} → ${f.to} (input_files are paths relative to the eval file)`);
  }
  for (const path of c.workspace.missingFiles ?? [])
    lost.push(`case ${c.id}: workspace file ${path}, missing when the eval was read (not written to input_files)`);
  if (inputFiles.length > 0) test.input_files = inputFiles;
  const workspace: NonNullable<SideChannel['workspace']> = {};
  const ws = c.workspace;
  for (const loss of [projectCopyLoss(ws), toolRestrictionLoss(c.tools)]) if (loss) lost.push(`case ${c.id}: ${loss}`);
  if (ws.overlays.length > 0) workspace.overlays = ws.overlays.map((o) => (isAbsolute(o) ? relative(base, o) : o));
  if (Object.keys(ws.inline).length > 0) workspace.inline = ws.inline;
  if (ws.setup.length > 0) workspace.setup = ws.setup;
  if (ws.teardown.length > 0) workspace.teardown = ws.teardown;
  if (ws.artifacts.length > 0) workspace.artifacts = ws.artifacts;
  if (Object.keys(workspace).length > 0) {
    side.workspace = workspace;
    note(`workspace ${Object.keys(workspace).join(', ')}`);
  }
  const inferred = inferTrigger(c.checks);
  if ((c.kind === 'trigger') !== Boolean(inferred) || (inferred && inferred.shouldTrigger !== c.shouldTrigger)) {
    side.kind = c.kind;
    if (c.shouldTrigger !== undefined) side.shouldTrigger = c.shouldTrigger;
    note(
      `kind ${c.kind}${c.shouldTrigger === undefined ? '' : ` (should trigger: ${c.shouldTrigger})`} not expressed by skill-used assertions alone`,
    );
  }
  const extras: [keyof SideChannel, unknown, string][] = [
    ['triggerThreshold', c.triggerThreshold, 'trigger threshold'],
    ['gates', c.gates.length > 0 ? c.gates : undefined, `${c.gates.length} gate check(s)`],
    ['failIf', c.failIf.length > 0 ? c.failIf : undefined, `${c.failIf.length} fail-if check(s)`],
    ['maxTurns', c.limits.maxTurns, 'max turns'],
    ['engine', c.engine, `engine hint ${c.engine}`],
    ['model', c.model, `pinned model ${c.model}`],
    ['judge', c.judge, `judge hint ${c.judge}`],
  ];
  for (const [key, value, what] of extras) {
    if (value === undefined) continue;
    (side as Record<string, unknown>)[key] = value;
    note(what);
  }
  const meta: Record<string, unknown> = { ...userMetadata };
  if (c.tags.length > 0) meta.tags = c.tags;
  if (Object.keys(side).length > 0) meta[SIDE_CHANNEL_KEY] = side;
  if (Object.keys(meta).length > 0) test.metadata = meta;
  return test;
}

/** The loader's rule: only `skill-used` checks of one skill with one polarity make a trigger case. */
function inferTrigger(checks: Check[]): { shouldTrigger: boolean } | undefined {
  if (checks.length === 0 || !checks.every((c) => c.type === 'skill-used' && typeof c.value === 'string'))
    return undefined;
  if (new Set(checks.map((c) => c.negate === true)).size !== 1 || new Set(checks.map((c) => c.value)).size !== 1)
    return undefined;
  return { shouldTrigger: !checks[0]!.negate };
}

const underscore = (mode: unknown) => (typeof mode === 'string' ? mode.replaceAll('-', '_') : mode);

/** Text checks AgentV has a case-folding `i…` spelling for (promptfoo's `icontains`, `icontains-any`, `icontains-all`). */
const FOLDABLE = new Set(['contains', 'contains-any', 'contains-all']);

/** A case-folding contains check (Skillet's `contains`) in AgentV's own spelling, which AgentV grades ignoring case. */
function foldedType(check: Check): Check {
  if (check.caseSensitive !== false || !FOLDABLE.has(check.type)) return check;
  const { caseSensitive: _folded, ...rest } = check;
  return { ...rest, type: `i${check.type}` };
}

/** What a written check asks that AgentV's own runner does not do (skill-eval reads the keys back and does it). */
/** What of the case's checks AgentV does not read; a case with none is a test AgentV skips. */
function checksLost(c: Case): string[] {
  if (c.checks.length === 0)
    return [
      'no check to grade it by, so AgentV skips the test ("Skipping incomplete test"), and so does skill-eval reading the file',
    ];
  return c.checks.flatMap(unreadByAgentv);
}

function unreadByAgentv(raw: Check): string[] {
  const check = foldedType(raw);
  const nested = Array.isArray(check.checks) ? (check.checks as Check[]).flatMap(unreadByAgentv) : [];
  const what = `check ${check.type}${check.value === undefined ? '' : ` ${JSON.stringify(check.value)}`}`;
  const own = [
    ...(check.caseSensitive === false
      ? [`${what} ignores case; AgentV compares case (caseSensitive: false is kept)`]
      : []),
    ...(check.trimEnd === true && !AGENTV_TRIMMED.has(check.type)
      ? [`${what} ignores trailing whitespace; AgentV does not (trimEnd: true is kept)`]
      : []),
    ...(check.type === 'cost' && check.failUnreported !== true
      ? [`${what}: an engine that reports no cost makes it an error here; AgentV fails it instead`]
      : []),
    ...(check.type === 'script'
      ? [
          `${what} is a skill-up script (run in the workspace, exit 0 passes); AgentV runs a script from the eval file's folder with its JSON payload and reads a printed score`,
        ]
      : []),
  ];
  return [...own, ...nested];
}

/**
 * One check as an AgentV 5 assertion; the inverse of the loader's mapping. AgentV 5 reads a `not-` prefix only before
 * trajectory kinds and skill-used (loaders/grader-parser.ts:648-654, registry/builtin-graders.ts:456); any other
 * negated check is written with `negate: true`, which its orchestrator applies (orchestrator.ts:3115).
 */
export function writeCheck(check: Check): unknown {
  const written = writePrefixed(check);
  if (!isRecord(written) || typeof written.type !== 'string' || !written.type.startsWith('not-')) return written;
  const type = written.type.slice(4);
  return /^(trajectory:|skill-used$)/.test(type) ? written : { ...written, type, negate: true };
}

/** The keys every AgentV grader takes, as AgentV spells them; those the check does not set are left out. */
function commonKeys(keys: { name: unknown; weight: unknown; required: unknown; minScore: unknown }) {
  const common: Record<string, unknown> = {};
  if (keys.name !== undefined) common.name = keys.name;
  if (keys.weight !== undefined) common.weight = keys.weight;
  if (keys.required !== undefined) common.required = keys.required;
  if (keys.minScore !== undefined) common.min_score = keys.minScore;
  return common;
}

function writePrefixed(check: Check): unknown {
  // `agentv` marks a check the reader gave AgentV's own meaning; the file's type says as much.
  const {
    type,
    value,
    name,
    weight,
    required,
    negate,
    threshold,
    minScore,
    agentv: _agentv,
    ...params
  } = foldedType(check) as Check & {
    threshold?: unknown;
  };
  // A bare string is trimmed when AgentV 5 reads it (grader-parser.ts:603-608 at 58f316ca2): one with spaces or
  // newlines at its ends is written as {type: llm-rubric, value}.
  if (type === 'llm-rubric' && typeof value === 'string' && Object.keys(check).length === 2 && value.trim() === value)
    return value;
  const common = commonKeys({ name, weight, required, minScore });
  const t = (agentvType: string) => (negate ? `not-${agentvType}` : agentvType);
  const scored = threshold !== undefined ? { threshold } : {};
  switch (type) {
    case 'llm-rubric': {
      const { operator, outcome, ...rest } = params;
      if (operator !== undefined && typeof outcome === 'string') {
        return { type: t('llm-rubric'), ...common, ...scored, ...rest, value: [{ outcome, operator }] };
      }
      return { type: t('llm-rubric'), value, ...common, ...scored, ...params };
    }
    case 'latency':
      return { type: t('latency'), ...common, ...withoutKey(params, 'max'), threshold: params.max };
    case 'cost':
      // AgentV fails a run without cost data, so the loader's `failUnreported: true` goes without saying.
      return {
        type: t('cost'),
        ...common,
        ...scored,
        ...withoutKey(withoutKey(params, 'max'), 'failUnreported'),
        budget: params.max,
      };
    case 'token-usage':
      return { type: t('token-usage'), ...common, ...scored, ...withoutKey(params, 'max'), max_total: params.max };
    case 'tool-called': {
      const { args, argsMode, ...rest } = params;
      if (args !== undefined) {
        return {
          type: t('trajectory:tool-args-match'),
          ...common,
          ...scored,
          ...rest,
          value: { name: value, args, ...(argsMode ? { mode: argsMode } : {}) },
        };
      }
      return { type: t('trajectory:tool-used'), ...common, ...scored, ...rest, value };
    }
    case 'tool-trajectory': {
      const { tools: listed, expected, mode, ...rest } = params;
      const tools = listed ?? (Array.isArray(expected) ? expected.map((e) => (isRecord(e) ? e.tool : e)) : undefined);
      return {
        type: t('trajectory:tool-sequence'),
        ...common,
        ...scored,
        ...rest,
        value: { mode: underscore(mode), steps: tools },
      };
    }
    case 'script': {
      const { argv, ...rest } = params;
      return { type: t('script'), ...common, ...scored, ...rest, command: argv ?? value };
    }
    case 'code-grader': {
      // AgentV 5 calls its code grader `script`; what the reader recorded of the test is the test's again.
      const { payload: _payload, ...rest } = params;
      return { type: t('script'), ...common, ...scored, ...rest };
    }
    case 'assert-set': {
      const { checks, ...rest } = params;
      const none = negate || threshold !== undefined || Object.keys(rest).length ? undefined : noneOfSkills(checks);
      if (none) return { type: 'not-skill-used', value: none, ...common };
      return {
        type: t('assert-set'),
        ...common,
        ...scored,
        ...rest,
        assert: ((checks as Check[]) ?? []).map(writeCheck),
      };
    }
    default: {
      // AgentV always trims affix comparisons, so the loader's `trim: true` goes without saying.
      const rest = AGENTV_TRIMMED.has(type) && params.trim === true ? withoutKey(params, 'trim') : params;
      return { type: t(type), ...(value !== undefined ? { value } : {}), ...common, ...scored, ...rest };
    }
  }
}

/** The loader's reading of `not-skill-used: [a, b]` (a group of required, weightless negated skill-used checks): the names. */
function noneOfSkills(checks: unknown): string[] | undefined {
  if (!Array.isArray(checks) || checks.length === 0) return undefined;
  const names = (checks as Check[]).map((c) => {
    const { type, value, negate, weight, required, ...rest } = c;
    const plain =
      type === 'skill-used' && negate === true && weight === 0 && required === true && Object.keys(rest).length === 0;
    return plain && typeof value === 'string' ? value : undefined;
  });
  return names.every((n) => n !== undefined) ? names : undefined;
}

function withoutKey(params: Record<string, unknown>, key: string) {
  const { [key]: _drop, ...rest } = params;
  return rest;
}
