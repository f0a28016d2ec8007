import {
  type Case,
  type Check,
  fixturePaths,
  type Suite,
  unwrittenSuiteKeys,
  type WriteResult,
} from '@skill-eval/core';
import { projectCopyLoss, toolRestrictionLoss, toYaml } from '@skill-eval/format-kit';
import { CURRENT_KEYS } from './frontmatter-schema.js';
import { bodyLines, readSkillKitLine, unclosedFence } from './skillkit-lines.js';

/** One case as it will be written. */
interface Written {
  source: Case;
  name: string;
  notes: string | undefined;
  prompt: string;
  expect: string;
}

/** Case metadata keys the reader sets, and the frontmatter key each one is written back to. */
const FRONTMATTER_OF: Record<string, string> = {
  allowedTools: 'tools',
  model: 'model',
  module: 'module',
  metadata: 'metadata',
  skills: 'skills',
};
const HANDLED = new Set([...Object.keys(FRONTMATTER_OF), 'notes', 'frontmatter', 'agent']);
const RUBRIC_KEYS = new Set(['type', 'value', 'verdict']);
/** Frontmatter keys a foreign `metadata.frontmatter` may not write, since they mean something else here. */
const RESERVED = new Set<string>(CURRENT_KEYS);

/**
 * Writes a suite as a SkillKit EVAL.md: frontmatter only for what every case shares, then
 * `## <name>` with `### Prompt` and `### Expect` per case. Everything EVAL.md cannot say is in `lost`.
 */
export function writeEvalMd(suite: Suite): WriteResult {
  const lost = unwrittenSuiteKeys(suite, 'EVAL.md');
  const written: Written[] = [];
  const names = new Set<string>();
  for (const c of suite.cases) {
    const w = writeCase(c, lost);
    if (!w) continue;
    let name = w.name;
    for (let n = 2; names.has(name); n++) name = `${w.name} (${n})`;
    if (name !== w.name) lost.push(`case "${c.id}": its name repeats another case's; written as "${name}"`);
    names.add(name);
    if (name !== c.id) lost.push(`case "${c.id}": the id is not kept — EVAL.md names a case by its heading, "${name}"`);
    written.push({ ...w, name });
  }
  if (written.length === 0) {
    lost.push('no case could be written, so no EVAL.md is written');
    return { files: [], lost };
  }
  const parts: string[] = [];
  const front = sharedFrontmatter(written, lost);
  if (Object.keys(front).length > 0) parts.push(`---\n${toYaml(front, { lineWidth: 0 })}---\n`);
  const preamble = suite.settings.preamble;
  if (typeof preamble === 'string' && preamble.trim() !== '') parts.push(`${preamble.trim()}\n`);
  for (const w of written) {
    const notes = w.notes ? `${w.notes}\n\n` : '';
    parts.push(`## ${w.name}\n${notes}### Prompt\n${w.prompt}\n\n### Expect\n${w.expect}\n`);
  }
  return { files: [{ path: 'EVAL.md', text: parts.join('\n') }], lost };
}

function writeCase(c: Case, lost: string[]): Written | undefined {
  const label = `case "${c.id}"`;
  const miss = (what: string) => lost.push(`${label}: ${what}`);
  if (c.kind === 'trigger') {
    miss(
      `trigger case (should_trigger: ${c.shouldTrigger ?? true}) — EVAL.md has no trigger cases; written as a task case`,
    );
  }
  if (c.turns.length > 1) miss(`multi-turn prompt (${c.turns.length} turns) — only the first is kept`);
  const rubrics = c.checks.filter(
    (check) => check.type === 'llm-rubric' && !check.negate && !gradesReference(check, c),
  );
  for (const check of c.checks.filter((x) => !rubrics.includes(x) && !gradesReference(x, c)))
    miss(`check ${describeCheck(check)} — EVAL.md grades only with its Expect rubric`);
  for (const check of c.gates) miss(`gate ${describeCheck(check)}`);
  for (const check of c.failIf) miss(`fail-if check ${describeCheck(check)}`);
  for (const check of rubrics) {
    for (const [key, value] of Object.entries(check)) {
      if (key === 'name' && value === check.value) continue;
      if (!RUBRIC_KEYS.has(key) && value !== undefined) miss(`rubric ${key} ${JSON.stringify(value)}`);
    }
  }
  if (rubrics.length > 1) miss(`${rubrics.length} rubric checks merged into one Expect section (graded as one)`);
  let expect = rubrics
    .map((check) => (typeof check.value === 'string' ? check.value : JSON.stringify(check.value)).trim())
    .filter(Boolean)
    .join('\n\n');
  if (c.reference?.trim()) {
    if (expect) miss('reference (expected output) — EVAL.md has no place for it');
    else {
      expect = c.reference.trim();
      miss('no rubric: its reference (expected output) is written as the Expect criterion');
    }
  }
  const prompt = c.turns[0]!.trim();
  if (!expect || !prompt) {
    miss(
      `not written — ${prompt ? 'nothing grades it in EVAL.md (no llm-rubric check or reference)' : 'its prompt is empty'}`,
    );
    return undefined;
  }
  if (prompt !== c.turns[0]) miss('surrounding whitespace of the prompt is not kept');
  lostFields(c, miss);
  let name = (c.name.trim() || c.id).replace(/\s*[\r\n]+\s*/g, ' ');
  if (/\s#+$/.test(name)) name = name.replace(/\s+#+$/, '');
  if (/^(prompt|expect)$/i.test(name)) name = `case: ${name}`;
  if (name !== c.name) miss(`its name is written as "${name}" (an EVAL.md heading cannot hold "${c.name}")`);
  const notes = typeof c.metadata.notes === 'string' && c.metadata.notes.trim() ? c.metadata.notes.trim() : undefined;
  return {
    source: c,
    name,
    notes: notes && safeSection(notes, 'notes', miss),
    prompt: safeSection(prompt, 'prompt', miss),
    expect: safeSection(expect, 'Expect text', miss),
  };
}

/**
 * The text made safe to write as a section: a code fence it leaves open is closed (it would swallow the rest of the
 * file), and a line either reader would take for structure is rewritten so both read it as text: a `Prompt`/`Expect`
 * heading gets a backslash before it, another heading of level 1 to 3 becomes level 4, and a code block's line that
 * SkillKit still reads as a heading (it knows no fences) gets one leading space. Each rewrite is said.
 */
function safeSection(text: string, what: string, miss: (what: string) => void): string {
  const lines = bodyLines(text).map(({ text: line, inFence }) => {
    const safe = inFence ? safeCodeLine(line) : safeTextLine(line);
    if (safe !== line) miss(`its ${what} line "${line.trim()}" is written as "${safe}", so EVAL.md reads it as text`);
    return safe;
  });
  const safe = lines.join('\n');
  const fence = unclosedFence(safe);
  if (!fence) return safe;
  miss(`its ${what} leaves a code fence open; a closing ${fence} is added`);
  return `${safe}\n${fence}`;
}

/** A Markdown heading line (up to 3 spaces of indent): its `#`s and its words. */
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;

function safeTextLine(line: string): string {
  const heading = HEADING.exec(line);
  const words = (heading?.[2] ?? '').trim();
  if (readSkillKitLine(line).kind === 'section' || /^(prompt|expect)$/i.test(words)) return `\\${line.trimStart()}`;
  return heading && heading[1]!.length <= 3 ? `#### ${words}`.trimEnd() : line;
}

/** A line of a code block: Markdown keeps it as code, but SkillKit reads `## x`, `# Prompt` … as structure anywhere. */
const safeCodeLine = (line: string): string => (readSkillKitLine(line).kind === 'content' ? line : ` ${line}`);

function lostFields(c: Case, miss: (what: string) => void): void {
  if (c.threshold !== undefined) miss(`threshold ${c.threshold}`);
  if (c.triggerThreshold !== undefined) miss(`trigger threshold ${c.triggerThreshold}`);
  if (c.runs !== undefined) miss(`runs ${c.runs}`);
  if (c.limits.timeoutSeconds !== undefined)
    miss(`timeout ${c.limits.timeoutSeconds} s (SkillKit's timeout is a runner option)`);
  if (c.limits.maxTurns !== undefined) miss(`max turns ${c.limits.maxTurns}`);
  if (c.engine) miss(`engine hint "${c.engine}"`);
  // The frontmatter \`model\` (written from metadata.model) is what SkillKit runs and judges every case with.
  const frontModel = typeof c.metadata.model === 'string' ? c.metadata.model : undefined;
  if (c.model && c.model !== frontModel) miss(`pinned model "${c.model}"`);
  if (c.judge && c.judge !== frontModel) miss(`judge hint "${c.judge}"`);
  if (c.tags.length > 0) miss(`tags ${c.tags.join(', ')}`);
  const ws = c.workspace;
  const project = projectCopyLoss(ws);
  if (project) miss(project);
  const tools = toolRestrictionLoss(c.tools);
  if (tools) miss(tools);
  const files = fixturePaths(ws);
  if (files.length > 0) miss(`workspace files ${files.join(', ')}`);
  if (ws.overlays.length > 0) miss(`workspace overlays ${ws.overlays.join(', ')}`);
  if (Object.keys(ws.inline).length > 0) miss(`inline files ${Object.keys(ws.inline).join(', ')}`);
  if (ws.setup.length > 0) miss(`setup commands (${ws.setup.length})`);
  if (ws.teardown.length > 0) miss(`teardown commands (${ws.teardown.length})`);
  if (ws.artifacts.length > 0) miss(`artifacts ${ws.artifacts.join(', ')}`);
  if (c.skills.length > 0) {
    miss(
      `skills ${c.skills.map((s) => s.name).join(', ')} — not written; SkillKit tests the SKILL.md beside the EVAL.md, so place the file there`,
    );
  }
  if (c.metadata.agent !== undefined) miss(`agent ${String(c.metadata.agent)} — written as its system prompt only`);
  for (const key of Object.keys(c.metadata)) if (!HANDLED.has(key)) miss(`metadata.${key}`);
}

/** Frontmatter for the values every written case shares; a value that differs between cases is lost. */
function sharedFrontmatter(written: Written[], lost: string[]): Record<string, unknown> {
  const fields = new Map<string, (c: Case) => unknown>([['system', (c) => c.system]]);
  for (const [key, frontKey] of Object.entries(FRONTMATTER_OF)) fields.set(frontKey, (c) => c.metadata[key]);
  for (const w of written) {
    const extra = w.source.metadata.frontmatter;
    if (!extra || typeof extra !== 'object') continue;
    for (const key of Object.keys(extra)) {
      if (RESERVED.has(key)) {
        lost.push(`case "${w.source.id}": metadata.frontmatter.${key} — \`${key}\` means something else in EVAL.md`);
        continue;
      }
      if (!fields.has(key))
        fields.set(key, (c) => (c.metadata.frontmatter as Record<string, unknown> | undefined)?.[key]);
    }
  }
  const front: Record<string, unknown> = {};
  for (const [key, read] of fields) {
    const values = written.map((w) => read(w.source));
    const first = JSON.stringify(values[0]);
    if (values.every((v) => JSON.stringify(v) === first)) {
      if (values[0] !== undefined) front[key] = values[0];
    } else {
      lost.push(
        `frontmatter \`${key}\` differs between cases (EVAL.md frontmatter applies to every case) — not written`,
      );
    }
  }
  return front;
}

/** The criterion the evals.json reader makes of a reference when nothing else grades the case: written from the reference. */
const gradesReference = (check: Check, c: Case): boolean =>
  check.type === 'llm-rubric' && check.name === 'expected_output' && check.value === c.reference;

function describeCheck(check: Check): string {
  const value = check.value === undefined ? '' : ` ${JSON.stringify(check.value)}`;
  return `${check.negate ? 'not ' : ''}${check.type}${value}`;
}
