import type { Case, Check, Suite, WriteResult } from '@skill-eval/core';
import { fixturePaths, normalizeCheck, unwrittenSuiteKeys } from '@skill-eval/core';
import { projectCopyLoss, toolRestrictionLoss } from '@skill-eval/format-kit';
import { writeRoutingTable } from './write-routing-table.js';

/** Defaults the written file is read back with (the plugin settings). */
export interface WriteTriggersJsonOptions {
  runs?: number;
  threshold?: number;
}

/** One query as written: `id` only when the position would not give it back. */
type Entry = { id?: string | number; query: string; should_trigger: boolean } & Record<string, unknown>;

const RESERVED = new Set(['id', 'query', 'should_trigger']);

/**
 * Writes a suite as a standard `triggers.json` list `[{query, should_trigger}]`. Task cases, checks
 * other than the skill-used check, and every field a trigger set has no place for go to `lost`;
 * with no trigger case at all, no file is written.
 */
export function writeTriggersJson(suite: Suite, options: WriteTriggersJsonOptions = {}): WriteResult {
  // A routing table is written back as one: a should_trigger list has no place for where a query should go.
  if (suite.cases.some((c) => c.expectedSkill !== undefined)) return writeRoutingTable(suite);
  const lost = unwrittenSuiteKeys(suite, 'a triggers.json list');
  const entries: Entry[] = [];
  const skillName = suite.skill?.name ?? (suite.settings.skillName as string | undefined);
  for (const c of suite.cases) {
    const label = `case ${c.id}`;
    if (c.kind !== 'trigger') {
      lost.push(`${label}: a task case, not a trigger query — left out`);
      continue;
    }
    const shouldTrigger = c.shouldTrigger ?? true;
    const position = entries.length + 1;
    const entry: Entry = { query: c.turns[0]!, should_trigger: shouldTrigger };
    if (c.id !== String(position)) entry.id = writtenId(c);
    for (const [key, value] of Object.entries(c.metadata)) {
      if (RESERVED.has(key)) lost.push(`${label}: metadata "${key}" (the name is taken by the trigger set)`);
      // The case's own name, kept in metadata by its format (evals.json): listed as lost below, not written.
      else if (key !== 'name' || value !== c.name) entry[key] = value;
    }
    entries.push(orderKeys(entry));
    lost.push(...lostFields(c, label, shouldTrigger, skillName, options));
  }
  if (entries.length === 0) {
    // `[]` is no trigger set: the reader rejects it, so nothing is written.
    lost.push('no case is a trigger query, so no triggers.json is written');
    return { files: [], lost };
  }
  return { files: [{ path: 'evals/triggers.json', text: `${JSON.stringify(entries, null, 2)}\n` }], lost };
}

/** The id as it was written, when that reads back to the same string id. */
const writtenId = (c: Case): string | number =>
  (typeof c.rawId === 'number' || typeof c.rawId === 'string') && String(c.rawId).trim() === c.id ? c.rawId : c.id;

const orderKeys = ({ id, query, should_trigger, ...rest }: Entry): Entry =>
  (id === undefined ? { query, should_trigger, ...rest } : { id, query, should_trigger, ...rest }) as Entry;

/** Is this the check the loader adds back: skill-used of the skill, negated for should-not queries? */
function isTheSkillCheck(check: Check, shouldTrigger: boolean, skillName: string | undefined): boolean {
  const { type, value, negate, name, weight, required, ...params } = normalizeCheck(check);
  return (
    type === 'skill-used' &&
    (skillName === undefined || value === skillName) &&
    (negate ?? false) === !shouldTrigger &&
    Object.keys(params).length === 0 &&
    weight === undefined &&
    !required
  );
}

function lostFields(
  c: Case,
  label: string,
  shouldTrigger: boolean,
  skillName: string | undefined,
  options: WriteTriggersJsonOptions,
): string[] {
  const lost: string[] = [];
  const add = (what: string) => lost.push(`${label}: ${what}`);
  const expectedName = typeof c.rawId === 'string' && c.id === c.rawId.trim() ? c.id : c.turns[0];
  if (c.name !== expectedName && c.name !== c.id) add(`name "${c.name}" (a trigger set has no names)`);
  if (c.turns.length > 1) add(`multi-turn prompt (${c.turns.length} turns) — only the first is kept`);
  let kept = false;
  for (const check of c.checks) {
    if (!kept && isTheSkillCheck(check, shouldTrigger, skillName)) kept = true;
    else add(`check ${check.type}${check.value === undefined ? '' : ` ${JSON.stringify(check.value)}`}`);
  }
  if (c.gates.length > 0) add(`${c.gates.length} gate(s)`);
  if (c.failIf.length > 0) add(`${c.failIf.length} fail-if check(s)`);
  if (c.system) add('system prompt');
  if (c.reference) add('reference (expected output)');
  if (c.threshold !== undefined) add(`threshold ${c.threshold}`);
  const runs = options.runs ?? 3;
  if (c.runs !== undefined && c.runs !== runs) add(`runs ${c.runs} (${configHint('runs', c.runs)})`);
  const threshold = options.threshold ?? 0.5;
  if (c.triggerThreshold !== undefined && c.triggerThreshold !== threshold) {
    add(`trigger threshold ${c.triggerThreshold} (${configHint('threshold', c.triggerThreshold)})`);
  }
  const ws = c.workspace;
  const project = projectCopyLoss(ws);
  if (project) add(project);
  const tools = toolRestrictionLoss(c.tools);
  if (tools) add(tools);
  const fixtures = fixturePaths(ws);
  if (fixtures.length + ws.overlays.length + Object.keys(ws.inline).length > 0)
    add(`workspace files${fixtures.length > 0 ? ` ${fixtures.join(', ')}` : ''}`);
  if (ws.setup.length + ws.teardown.length > 0) add('setup/teardown commands');
  if (ws.artifacts.length > 0) add('artifacts');
  if (c.limits.timeoutSeconds !== undefined || c.limits.maxTurns !== undefined) add('limits');
  if (c.tags.length > 0) add(`tags ${c.tags.join(', ')}`);
  if (c.engine) add(`engine hint ${c.engine}`);
  if (c.model) add(`pinned model ${c.model}`);
  if (c.judge) add(`judge hint ${c.judge}`);
  return lost;
}

/** Where a value triggers.json has no field for is set when the converted file runs: the config's format settings. */
const configHint = (key: string, value: number): string =>
  `set "formatSettings": {"triggers-json": {"${key}": ${value}}} in skill-eval.config.json`;
