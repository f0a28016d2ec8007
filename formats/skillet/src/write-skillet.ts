import {
  type Case,
  type Check,
  fixturePaths,
  normalizeCheck,
  type Suite,
  unwrittenSuiteKeys,
  type WriteResult,
} from '@skill-eval/core';
import { projectCopyLoss, toolRestrictionLoss, toYaml } from '@skill-eval/format-kit';
import { jsToPythonRegex } from './python-regex.js';
import type { AssertionType } from './skillet-file-schema.js';

/** Defaults the written files are read back with (the plugin settings). */
export interface WriteSkilletOptions {
  samples?: number;
}

/** Keys the writer sets itself; metadata under these names cannot be written back. */
const OWN = new Set(['timestamp', 'name', 'prompt', 'expected', 'assertions', 'setup', 'teardown']);

/**
 * Writes each case as one Skillet eval file `evals/<name>/<id>.yaml` (paths relative to the skill root;
 * ids with `/` become subfolders). Deterministic checks Skillet knows become `assertions`, a lone
 * rubric becomes `expected`; everything Skillet cannot express goes to `lost`.
 */
export function writeSkillet(suite: Suite, options: WriteSkilletOptions = {}): WriteResult {
  const lost = unwrittenSuiteKeys(suite, 'Skillet (one file per eval)');
  const used = new Set<string>();
  const evalSet = suite.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'evals';
  const files = suite.cases.map((c) => {
    const label = `case ${c.id}`;
    const path = `${uniquePath(c.id, used)}.yaml`;
    if (path !== `${c.id}.yaml`) lost.push(`${label}: id written as the file name ${path}`);
    const { doc, lost: caseLost } = caseDocument(c, options);
    lost.push(...caseLost.map((what) => `${label}: ${what}`));
    return { path: `evals/${evalSet}/${path}`, text: toYaml(doc, { lineWidth: 0 }) };
  });
  return { files, lost };
}

function caseDocument(c: Case, options: WriteSkilletOptions) {
  const lost: string[] = [];
  const { assertions, rubrics } = splitChecks(c.checks, lost);
  const timestamp =
    typeof c.metadata.timestamp === 'string' ? c.metadata.timestamp : new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const doc: Record<string, unknown> = { timestamp, name: c.name, prompt: c.turns.length === 1 ? c.turns[0] : c.turns };
  if (assertions.length > 0) {
    // Skillet requires `expected` even beside assertions; it is then reference only.
    doc.expected = c.reference ?? (rubrics.length > 0 ? rubrics.join('\n\n') : 'All assertions pass.');
    if (rubrics.length > 0)
      lost.push(
        `${rubrics.length} rubric(s) — assertions replace Skillet's judge, so they are only written into "expected"`,
      );
    doc.assertions = assertions;
  } else {
    doc.expected = rubrics.length > 0 ? rubrics.join('\n\n') : (c.reference ?? 'The response completes the task.');
    if (rubrics.length > 1)
      lost.push(`${rubrics.length} rubrics merged into one "expected" (Skillet judges one criterion)`);
    if (rubrics.length > 0 && c.reference !== undefined)
      lost.push('reference (expected output) — "expected" holds the rubric');
    if (rubrics.length === 0 && c.reference === undefined) lost.push('nothing to grade — "expected" is a placeholder');
  }
  if (c.workspace.setup.length > 0) doc.setup = joinScript(c.workspace.setup, 'setup', lost);
  if (c.workspace.teardown.length > 0) doc.teardown = joinScript(c.workspace.teardown, 'teardown', lost);
  for (const [key, value] of Object.entries(c.metadata)) {
    if (key === 'timestamp') continue;
    if (OWN.has(key)) lost.push(`metadata "${key}" (the key is Skillet's own)`);
    else doc[key] = value;
  }
  lost.push(...otherFields(c, options));
  return { doc, lost };
}

const SKILLET_TYPE: Record<string, AssertionType | undefined> = {
  contains: 'contains',
  icontains: 'contains',
  'starts-with': 'starts_with',
  'ends-with': 'ends_with',
  regex: 'regex',
  'tool-called': 'tool_called',
  'tool-not-called': 'tool_not_called',
};

/** Deterministic checks Skillet can run, and rubric texts; what fits neither is lost. */
function splitChecks(checks: readonly Check[], lost: string[]) {
  const assertions: { type: AssertionType; value: string }[] = [];
  const rubrics: string[] = [];
  for (const raw of checks) {
    const check = normalizeCheck(raw);
    const what = `check ${check.type}${check.value === undefined ? '' : ` ${JSON.stringify(check.value)}`}`;
    if (check.type === 'llm-rubric' && typeof check.value === 'string') {
      rubrics.push(check.value);
      continue;
    }
    let type = SKILLET_TYPE[check.type];
    if (check.negate)
      type = type === 'contains' ? 'not_contains' : type === 'tool_called' ? 'tool_not_called' : undefined;
    if (!type || typeof check.value !== 'string') {
      lost.push(what);
      continue;
    }
    // AgentV's affixes trim the answer and the value: the value is written trimmed, the answer Skillet trims only at
    // its end (ends_with).
    const trims = check.trim === true && (type === 'starts_with' || type === 'ends_with');
    const value = trims ? check.value.trim() : check.value;
    const pattern = type === 'regex' ? jsToPythonRegex(value, String(check.flags ?? '')) : value;
    assertions.push({ type, value: pattern ?? value });
    const folds = type !== 'regex' && !type.startsWith('tool');
    if (folds && check.caseSensitive !== false && check.type !== 'icontains')
      lost.push(`${what}: case-sensitive, Skillet compares case-insensitively`);
    if (type === 'ends_with' && check.trimEnd !== true && !trims)
      lost.push(`${what}: Skillet ignores trailing whitespace`);
    if (type === 'starts_with' && trims) lost.push(`${what}: Skillet does not trim the start of the answer`);
    if (pattern === undefined) lost.push(`${what}: flags "${check.flags}"`);
    if (check.args !== undefined) lost.push(`${what}: args`);
    if (check.weight !== undefined || check.required)
      lost.push(`${what}: weight/required (Skillet's assertions all must pass)`);
  }
  return { assertions, rubrics };
}

function joinScript(commands: string[], key: string, lost: string[]): string {
  if (commands.length > 1) lost.push(`${commands.length} ${key} commands joined into one script`);
  return commands.join('\n');
}

function otherFields(c: Case, options: WriteSkilletOptions): string[] {
  const lost: string[] = [];
  if (c.kind === 'trigger')
    lost.push(`trigger case (should${c.shouldTrigger === false ? ' not' : ''} trigger) — written as a task`);
  if (c.gates.length > 0) lost.push(`${c.gates.length} gate(s)`);
  if (c.failIf.length > 0) lost.push(`${c.failIf.length} fail-if check(s)`);
  if (c.system) lost.push('system prompt');
  if (c.threshold !== undefined) lost.push(`threshold ${c.threshold}`);
  const ws = c.workspace;
  const project = projectCopyLoss(ws);
  if (project) lost.push(project);
  const tools = toolRestrictionLoss(c.tools);
  if (tools) lost.push(tools);
  const fixtures = fixturePaths(ws);
  if (fixtures.length + ws.overlays.length + Object.keys(ws.inline).length > 0)
    lost.push(`workspace files${fixtures.length > 0 ? ` ${fixtures.join(', ')}` : ''}`);
  if (ws.artifacts.length > 0) lost.push('artifacts');
  if (c.limits.timeoutSeconds !== undefined || c.limits.maxTurns !== undefined) lost.push('limits');
  const samples = options.samples ?? 3;
  if (c.runs !== undefined && c.runs !== samples)
    lost.push(`runs ${c.runs} (Skillet's --samples is a command-line option)`);
  if (c.tags.length > 0) lost.push(`tags ${c.tags.join(', ')}`);
  if (c.engine) lost.push(`engine hint ${c.engine}`);
  if (c.model) lost.push(`pinned model ${c.model}`);
  if (c.judge) lost.push(`judge hint ${c.judge}`);
  return lost;
}

/** A relative file path for an id: safe characters, no `..`, unique within the suite. */
function uniquePath(id: string, used: Set<string>): string {
  const segments = id
    .split('/')
    .map((segment) => segment.replace(/[^\w.-]+/g, '-').replace(/^\.+/, ''))
    .filter((segment) => segment !== '');
  const base = segments.join('/') || 'eval';
  let path = base;
  for (let n = 2; used.has(path.toLowerCase()); n++) path = `${base}-${n}`;
  used.add(path.toLowerCase());
  return path;
}
