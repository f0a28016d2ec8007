import {
  type Case,
  type Check,
  fixturePaths,
  type Suite,
  unwrittenSuiteKeys,
  type WriteResult,
} from '@skill-eval/core';
import { toolRestrictionLoss } from '@skill-eval/format-kit';

const DEFAULT_TRIGGER_RUNS = 3;

/**
 * The id as skill-creator writes it: a number when it is one, else the string. "007" or a number too large to be
 * exact stays a string: as a number it would read back as another id.
 */
const rawId = (c: Case): number | string =>
  typeof c.rawId === 'number'
    ? c.rawId
    : /^\d+$/.test(c.id) && String(Number(c.id)) === c.id && Number.isSafeInteger(Number(c.id))
      ? Number(c.id)
      : c.id;

/**
 * A rubric whose name is not its own text: an object assertion (`{name, type, description, expected}`) or another
 * format's named criterion. evals.json assertions are plain strings, so the name has no place; `expected_output`
 * names the stand-in criterion the reader made of the reference.
 */
const hasOwnName = (check: Check): boolean =>
  check.type === 'llm-rubric' &&
  check.name !== undefined &&
  check.name !== check.value &&
  check.name !== 'expected_output';

const isTriggerCheck = (c: Case, check: Check): boolean =>
  c.kind === 'trigger' && check.type === 'skill-used' && Boolean(check.negate) === (c.shouldTrigger === false);

/**
 * Whether the suite is BMAD's generation-1 evals.json, whose cases start from a copy of the project. Only such a suite
 * is written with what marks that dialect (`timeout`, string ids without `assertions`): written from another, the file
 * would read as BMAD's and copy the whole project into every workspace.
 */
const isBmadOne = (suite: Suite): boolean => suite.settings.dialect === 'bmad-1';

/** What of one case an evals.json item cannot hold, one line each. */
function lostOf(c: Case, label: string, bmadOne: boolean): string[] {
  const lost: string[] = [];
  const note = (what: string) => lost.push(`${label}: ${what}`);
  if (c.workspace.project && !bmadOne) {
    note(
      `its workspace starts from a copy of the project ${c.workspace.project.root}, which evals.json says only in BMAD's generation-1 dialect`,
    );
  }
  if (c.limits.timeoutSeconds !== undefined && !bmadOne) {
    note(
      `timeout ${c.limits.timeoutSeconds}s (evals.json holds one only in BMAD's dialect, whose cases start from a copy of the project)`,
    );
  }
  const tools = toolRestrictionLoss(c.tools);
  if (tools) note(tools);
  if (c.turns.length > 1) note(`multi-turn prompt (${c.turns.length} turns); only the first is kept`);
  const unsupported = c.checks.filter((k) => k.type !== 'llm-rubric' && !isTriggerCheck(c, k));
  if (unsupported.length) note(`checks ${unsupported.map((k) => (k.negate ? `not-${k.type}` : k.type)).join(', ')}`);
  if (c.checks.some((k) => k.type === 'llm-rubric' && (k.negate || k.weight !== undefined || k.required))) {
    note('rubric weights, negation or required flags');
  }
  for (const k of c.checks.filter(hasOwnName)) {
    note(
      `assertion "${k.name}" is written as its text only: its name, and the type and other fields of an object assertion, are not kept`,
    );
  }
  if (c.gates.length) note(`gates (${c.gates.map((k) => k.type).join(', ')})`);
  if (c.failIf.length) note(`fail-if checks (${c.failIf.map((k) => k.type).join(', ')})`);
  if (c.threshold !== undefined) note(`threshold ${c.threshold}`);
  if (c.system) note('system prompt');
  if (c.limits.maxTurns !== undefined) note(`max turns ${c.limits.maxTurns}`);
  const defaultRuns = c.kind === 'trigger' ? DEFAULT_TRIGGER_RUNS : 1;
  if (c.runs !== undefined && c.runs !== defaultRuns) note(`runs ${c.runs}`);
  if (c.triggerThreshold !== undefined && c.triggerThreshold !== 0.5) note(`trigger threshold ${c.triggerThreshold}`);
  const ws = c.workspace;
  if (Object.keys(ws.inline).length) note(`inline files ${Object.keys(ws.inline).join(', ')}`);
  if (ws.overlays.length) note('setup overlays');
  if (ws.setup.length || ws.teardown.length) note('setup/teardown commands');
  if (ws.artifacts.length) note(`artifacts to collect (${ws.artifacts.join(', ')})`);
  if (c.tags.length) note(`tags ${c.tags.join(', ')}`);
  if (c.engine || c.judge) note('engine/judge hints');
  if (c.model) note(`pinned model ${c.model}`);
  if (c.kind === 'trigger' && c.checks.every((k) => !isTriggerCheck(c, k)))
    note('trigger case without a skill-used check');
  return lost;
}

/**
 * One evals.json item: prompt, expected_output, files, assertions, and should_trigger for trigger cases. `marked`
 * writes `assertions` even when empty: string ids alone would read as BMAD's dialect.
 */
function itemOf(c: Case, keepMetadata: boolean, bmadOne: boolean, marked: boolean): Record<string, unknown> {
  const criteria = c.checks.filter((k) => k.type === 'llm-rubric').map((k) => String(k.value ?? k.name ?? ''));
  // expected_output alone is read back as the single criterion, so it need not be repeated as an assertion.
  const onlyReference = criteria.length === 1 && criteria[0] === c.reference;
  // A fixture missing when the file was read is still named: the reference is the author's, the file may come later.
  const files = fixturePaths(c.workspace);
  return {
    // Extra keys this format read (`category`, `_pattern`) go back where they came from; standard keys win.
    ...(keepMetadata ? c.metadata : {}),
    id: rawId(c),
    ...(c.name && c.name !== c.id ? { name: c.name } : {}),
    prompt: c.turns[0],
    ...(c.reference ? { expected_output: c.reference } : {}),
    ...(files.length ? { files } : {}),
    ...(c.limits.timeoutSeconds !== undefined && bmadOne ? { timeout: c.limits.timeoutSeconds } : {}),
    ...(c.kind === 'trigger' ? { should_trigger: c.shouldTrigger ?? true } : {}),
    ...(criteria.length && !onlyReference ? { assertions: criteria } : marked ? { assertions: [] } : {}),
  };
}

/** Writes a suite as an Agent Skills evals.json (skill-creator shape, `should_trigger` per item as AgentV does). */
export function writeEvalsJson(suite: Suite): WriteResult {
  const bmadOne = isBmadOne(suite);
  const lost = suite.cases.flatMap((c) => lostOf(c, `case ${c.id}`, bmadOne));
  const marked = !bmadOne && suite.cases.some((c) => typeof rawId(c) === 'string');
  const keepMetadata = suite.format === 'evals-json';
  const metadataKeys = [...new Set(suite.cases.flatMap((c) => Object.keys(c.metadata)))];
  if (!keepMetadata && metadataKeys.length) lost.push(`metadata keys ${metadataKeys.join(', ')}`);
  // Top-level extras (`_design_notes`) go back into an evals.json; another format's mean nothing here.
  const topLevel = keepMetadata ? (suite.settings.metadata as Record<string, unknown> | undefined) : undefined;
  if (!keepMetadata) lost.push(...unwrittenSuiteKeys(suite, 'evals.json'));
  // Without a skill of its own, a suite's trigger checks still name the skill (AgentV suites do).
  const skillUsed = suite.cases.flatMap((c) => c.checks).find((k) => k.type === 'skill-used')?.value;
  const skillName = suite.skill?.name ?? suite.settings.skillName ?? skillUsed;
  const body = {
    ...(typeof skillName === 'string' ? { skill_name: skillName } : {}),
    ...topLevel,
    evals: suite.cases.map((c) => itemOf(c, keepMetadata, bmadOne, marked)),
  };
  return { files: [{ path: 'evals/evals.json', text: `${JSON.stringify(body, null, 2)}\n` }], lost };
}
