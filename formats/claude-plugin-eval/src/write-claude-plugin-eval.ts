import { dirname, isAbsolute, resolve } from 'node:path';
import {
  type Case,
  type Check,
  findSkillRoot,
  type Suite,
  unwrittenSuiteKeys,
  type WriteResult,
} from '@skill-eval/core';
import {
  caseLabel,
  isInsideBoundary,
  projectBoundary,
  projectCopyLoss,
  readSideFile,
  toYaml as yamlText,
} from '@skill-eval/format-kit';
import { globOfCreatedPathPattern } from './created-path-pattern.js';
import { isMockGuardGate } from './mock-guards.js';
import { READ_ONLY_TOOLS } from './tool-grants.js';

/** Metadata the reader keeps under `claudePluginEval`, written back into case.yaml. */
interface ReadMetadata {
  description?: string;
  expectedOutcome?: string;
  allowedTools?: string[];
  disallowedTools?: string[];
  withOnlyGraders?: string[];
}

type Grader = Record<string, unknown> & { name: string; type: string };

const toYaml = (value: unknown) => yamlText(value, { lineWidth: 0, aliasDuplicateObjects: false });
/** Claude Code's Skill tool, whose input names the skill (`{"skill":"<name>"}`). */
const SKILL_TOOL = 'Skill';
/** Claude Code's defaults when a case leaves them out (binary: `max_turns` 10, `timeout_seconds` 300, `runs` 3). */
const DEFAULT_MAX_TURNS = 10;
const DEFAULT_TIMEOUT_SECONDS = 300;

/**
 * Writes a suite as `claude plugin eval` cases: one `evals/<case>/case.yaml` per case (relative to the skill root,
 * which Claude Code resolves as the plugin under test from its SKILL.md), a `scaffold.sh` beside it for setup
 * commands, and `mocks/<server>/<tool>.md` (with `_tools.json`) for mocked MCP servers. Checks become graders as the
 * reader maps graders to checks; what Claude Code cannot express is listed in `lost`.
 */
export function writeClaudePluginEval(suite: Suite): WriteResult {
  const lost = unwrittenSuiteKeys(suite, 'claude-plugin-eval');
  const files: WriteResult['files'] = [];
  const names = new Set<string>();
  for (const [index, testCase] of suite.cases.entries()) {
    const dir = `evals/${uniqueSlug(testCase.id, names)}`;
    const label = caseLabel(index, testCase.id);
    const written = writeCase(testCase, label, dir, (what) => lost.push(`${label}: ${what}`), suite.file);
    if (!written) continue;
    files.push(...written);
  }
  return { files, lost };
}

function writeCase(
  testCase: Case,
  _label: string,
  dir: string,
  lose: (what: string) => void,
  sourceFile: string | undefined,
) {
  const files: WriteResult['files'] = [];
  const meta = (testCase.metadata.claudePluginEval ?? {}) as ReadMetadata;
  const graders = writeGraders(testCase, lose);
  if (graders.length === 0) {
    lose('no check Claude Code can grade, so no case is written (Claude Code requires at least one grader)');
    return undefined;
  }
  const withOnly = new Set(meta.withOnlyGraders ?? []);
  for (const grader of graders) {
    if (withOnly.has(grader.name)) {
      // Read from a with-only grader: weight 0 under the ablation, its own weight without a plugin.
      if (grader.weight === 0) delete grader.weight;
      grader.arm = 'with-only';
    } else if (grader.weight === 0) {
      // skill-eval reports a weight-0 check without scoring it; Claude Code's only such grader is a with-only one,
      // which it scores when no plugin resolves.
      delete grader.weight;
      grader.arm = 'with-only';
      lose(
        `check "${grader.name}" has weight 0: written as a with-only grader, which Claude Code scores when it runs without a plugin`,
      );
    }
  }
  if (testCase.kind === 'trigger') lose('a trigger case: written as a task whose graders check the Skill tool');
  if (testCase.turns.length > 1)
    lose(`${testCase.turns.length} turns: Claude Code sends one prompt, the first is written`);
  if (testCase.threshold !== undefined)
    lose(
      `threshold ${testCase.threshold}: Claude Code's threshold is its --threshold flag (default 1.0), not a case field`,
    );
  if (testCase.verdictRule !== undefined && testCase.verdictRule !== 'every-check' && testCase.threshold === undefined)
    lose(`verdict rule ${testCase.verdictRule}: a Claude Code run passes when every grader passes`);
  const inline = Object.entries(testCase.workspace.inline ?? {});
  if (testCase.workspace.files.length)
    lose('workspace files (Claude Code starts a case in an empty run directory; a scaffold script could make them)');
  if (testCase.workspace.teardown.length) lose('teardown commands');
  if (testCase.workspace.overlays.length) lose('workspace overlays');
  if (testCase.workspace.project) lose(projectCopyLoss(testCase.workspace) ?? 'the project copy');
  if (testCase.reference !== undefined) lose('reference (no Claude Code grader reads it; kept as expected_outcome)');
  if (testCase.limits.maxTurns === undefined)
    lose(`no turn limit: Claude Code stops a case at ${DEFAULT_MAX_TURNS} turns when max_turns is left out`);
  if (testCase.limits.timeoutSeconds === undefined)
    lose(
      `no time limit: Claude Code stops a case after ${DEFAULT_TIMEOUT_SECONDS} seconds when timeout_seconds is left out`,
    );
  const extraMeta = Object.keys(testCase.metadata).filter((key) => key !== 'claudePluginEval' && key !== 'description');
  if (extraMeta.length) lose(`metadata ${extraMeta.join(', ')}`);

  const setup = scaffoldScript(
    [...inline.map(([path, text]) => writeFileCommand(path, text)), ...testCase.workspace.setup],
    sourceFile,
  );
  if (setup !== undefined) files.push({ path: `${dir}/scaffold.sh`, text: setup.text });
  if (setup && !setup.own) lose('setup commands: written as scaffold.sh, which Claude Code runs only with --scaffold');
  files.push(...writeMocks(testCase, dir, lose));

  const tools = agentTools(testCase, meta, lose);
  const description =
    meta.description ?? (typeof testCase.metadata.description === 'string' ? testCase.metadata.description : undefined);
  const expectedOutcome = meta.expectedOutcome ?? testCase.reference;
  const { maxTurns, timeoutSeconds } = testCase.limits;
  const caseYaml = {
    schema_version: '1.1',
    name: testCase.id,
    ...(description !== undefined ? { description } : {}),
    ...(testCase.tags.length ? { tags: testCase.tags } : {}),
    runs: testCase.runs ?? 1,
    ...(setup !== undefined ? { context: { scaffold_script: 'scaffold.sh' } } : {}),
    execution: {
      prompt: testCase.turns[0] ?? '',
      ...(testCase.model ? { model: testCase.model } : {}),
      ...(maxTurns !== undefined ? { max_turns: maxTurns } : {}),
      ...(timeoutSeconds !== undefined ? { timeout_seconds: timeoutSeconds } : {}),
      ...(tools.allowed.length ? { allowed_tools: tools.allowed } : {}),
      ...(tools.disallowed.length ? { disallowed_tools: tools.disallowed } : {}),
      ...(testCase.system ? { append_system_prompt: testCase.system } : {}),
    },
    graders,
    ...(expectedOutcome !== undefined ? { expected_outcome: expectedOutcome } : {}),
  };
  files.unshift({ path: `${dir}/case.yaml`, text: toYaml(caseYaml) });
  return files;
}

/** The tools a case's agent may use in every format but Claude Code's, when the case does not restrict them. */
const EVERY_TOOL_WRITTEN = ['Bash', 'Edit', 'Write'];

/**
 * The case's `allowed_tools` and `disallowed_tools`. A case read from claude plugin eval keeps its own. Any other
 * case's agent had the tools its restriction names, or every tool: Claude Code gives an eval run its read-only tools
 * (tool-grants.ts) and, only when the operator grants them (`--allow-tools`), the tools `allowed_tools` lists — so the
 * others are written there, and the grant they need is listed (without them a case whose agent must write a file could
 * never pass).
 */
function agentTools(
  testCase: Case,
  meta: ReadMetadata,
  lose: (what: string) => void,
): { allowed: string[]; disallowed: string[] } {
  if (meta.allowedTools || meta.disallowedTools)
    return { allowed: meta.allowedTools ?? [], disallowed: meta.disallowedTools ?? [] };
  const { allowed: only, disallowed = [] } = testCase.tools ?? {};
  const allowed = (only ?? EVERY_TOOL_WRITTEN).filter(
    (tool) => !READ_ONLY_TOOLS.includes(tool) && !disallowed.includes(tool),
  );
  if (only && !only.includes('Read'))
    lose(
      "the agent's tools: a Claude Code eval run always has its read-only tools (Read, Glob, Grep …), which this case kept from its agent",
    );
  if (allowed.length) {
    lose(
      `the agent's tools: ${only ? '' : 'it had every tool; '}written as allowed_tools ${allowed.join(', ')}, which a Claude Code eval run is given only with --allow-tools ${allowed.join(' ')} (it has the read-only tools otherwise)`,
    );
  }
  return { allowed, disallowed: [...disallowed] };
}

/** Checks, gates and fail-if checks as graders; each check kind as the reader reads its grader back. */
function writeGraders(testCase: Case, lose: (what: string) => void): Grader[] {
  const graders: Grader[] = [];
  const names = new Set<string>();
  const add = (check: Check, index: number, role: 'check' | 'gate' | 'fail-if') => {
    const found = graderOf(check, testCase, role === 'fail-if');
    const label = check.name ?? `${check.type} ${index + 1}`;
    if (!found) {
      lose(`${role} "${label}" (${check.type}${check.negate ? ', negated' : ''}): Claude Code has no grader for it`);
      return;
    }
    if (check.required) lose(`"${label}" is required: Claude Code weighs it like any grader`);
    const parts = Array.isArray(found) ? found : [found];
    if (check.type === 'file-exists' || check.type === 'file-not-exists')
      lose(
        `${role} "${label}" (${check.type}): written as file_exists, which Claude Code grades on the files the run created (a file the workspace held before the run counts as absent) and which reads back as a regex over them`,
      );
    else if (!readsBackAlike(check, parts.length, testCase))
      lose(
        `${role} "${label}" (${check.type}): written as a ${parts[0]!.type} grader, which grades the same runs but reads back as another kind of check`,
      );
    // A check over several paths becomes one grader each, sharing its weight, so the score stays the same when all
    // pass or all fail; skill-eval scores the check whole, Claude Code each part.
    if (parts.length > 1)
      lose(`"${label}" over ${parts.length} paths: one grader each, which Claude Code scores apart`);
    const weight = (role === 'check' ? (check.weight ?? 1) : 1) / parts.length;
    for (const [i, grader] of parts.entries()) {
      const base = check.name ?? `${grader.type}-${index + 1}`;
      const name = uniqueSlug(parts.length > 1 ? `${base}-${i + 1}` : base, names);
      graders.push({ name, ...grader, ...(weight !== 1 ? { weight } : {}) } as Grader);
    }
  };
  // The gate of mocks' guards is written as the guards themselves (mocks/<server>/<tool>.md `expect:`).
  const gates = testCase.gates.filter((gate) => !isMockGuardGate(gate));
  if (gates.length) lose('gates: written as graders (Claude Code judges every grader; the score counts them)');
  if (testCase.failIf.length) lose('fail-if checks: written as negated graders, which count in the score');
  for (const [i, c] of gates.entries()) add(c, i, 'gate');
  for (const [i, c] of testCase.checks.entries()) add(c, i, 'check');
  for (const [i, c] of testCase.failIf.entries()) add(c, i, 'fail-if');
  if (testCase.kind === 'trigger' && testCase.shouldTrigger !== undefined) {
    const skill = testCase.skills[0]?.name;
    if (skill) {
      const never = testCase.shouldTrigger === false;
      graders.push({
        name: uniqueSlug(never ? 'skill-not-fired' : 'skill-fired', names),
        type: 'tool_used',
        tool: SKILL_TOOL,
        input_match: skillInput(skill),
        ...(never ? { min: 0, max: 0 } : {}),
        // Without arm, `tool_used: Skill` is with-only under the ablation; a trigger case scores it in both arms.
        arm: 'both',
      });
    }
  }
  return graders;
}

/** Check kinds whose grader the reader reads back into the same check. */
const SAME_CHECK = new Set(['regex', 'llm-rubric', 'file-contains', 'tool-called', 'tool-not-called', 'tool-order']);

/** Whether the grader written for `check` reads back as the same check (an MCP tool only when its server is mocked). */
function readsBackAlike(check: Check, parts: number, testCase: Case): boolean {
  if (!SAME_CHECK.has(check.type) || parts > 1) return false;
  const mocked = new Set(testCase.mcpServers.filter((s) => s.mock).map((s) => s.name));
  const tools = [check.value, check.before, check.after].map((t) =>
    typeof t === 'object' && t !== null ? (t as { tool?: unknown }).tool : t,
  );
  return tools.every((t) => typeof t !== 'string' || !t.includes('::') || mocked.has(t.split('::')[0]!));
}

/** One check as Claude Code's grader fields, or undefined when none grades it alike. */
function graderOf(
  check: Check,
  testCase: Case,
  failIf: boolean,
): Omit<Grader, 'name'> | Omit<Grader, 'name'>[] | undefined {
  const negate = check.negate === true ? !failIf : failIf;
  const text = (pattern: string, flags = '') => ({
    type: 'regex',
    pattern,
    ...(flags ? { flags } : {}),
    ...(negate ? { match: 'not_contains' } : {}),
  });
  const value = check.value;
  switch (check.type) {
    case 'regex': {
      if (typeof value !== 'string') return undefined;
      // What a file_exists grader was read as goes back as that grader.
      const glob =
        check.over === 'created-files' && flagsOf(check) === 'm' ? globOfCreatedPathPattern(value) : undefined;
      if (glob !== undefined) return { type: 'file_exists', path: glob, ...(negate ? { exists: false } : {}) };
      return { ...text(value, flagsOf(check)), ...regexTarget(check) };
    }
    case 'contains':
      return typeof value === 'string' ? text(escapeRegex(value), check.caseSensitive === false ? 'i' : '') : undefined;
    case 'icontains':
      return typeof value === 'string' ? text(escapeRegex(value), 'i') : undefined;
    case 'contains-all':
    case 'icontains-all':
    case 'contains-any':
    case 'icontains-any': {
      if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string')) return undefined;
      const items = (value as string[]).map(escapeRegex);
      // Every item: one lookahead each from the start; any item: an alternation.
      const pattern = check.type.endsWith('-all')
        ? `^${items.map((item) => `(?=[\\s\\S]*${item})`).join('')}`
        : items.join('|');
      const fold = check.type.startsWith('i') || check.caseSensitive === false;
      return text(pattern, fold ? 'i' : '');
    }
    case 'file-contains': {
      const path = check.path;
      if (typeof value !== 'string' || typeof path !== 'string' || negate) return undefined;
      return {
        type: 'regex',
        target: { source: 'file', path },
        pattern: escapeRegex(value),
        ...(check.caseSensitive === false ? { flags: 'i' } : {}),
      };
    }
    case 'llm-rubric':
      return typeof value === 'string' && !negate ? { type: 'llm', criteria: value } : undefined;
    case 'file-exists':
    case 'file-not-exists':
      return fileExistsGraders(check, negate);
    case 'tool-called':
    case 'tool-not-called': {
      if (typeof value !== 'string') return undefined;
      const never = (check.type === 'tool-not-called') !== negate;
      const inputMatches = typeof check.inputMatches === 'string' ? check.inputMatches : undefined;
      if (check.args !== undefined) return undefined;
      if (never && (check.min !== undefined || check.max !== undefined)) return undefined;
      return {
        type: 'tool_used',
        tool: claudeToolName(value, testCase),
        ...(inputMatches !== undefined ? { input_match: inputMatches } : {}),
        ...(never ? { min: 0, max: 0 } : {}),
        ...(typeof check.min === 'number' ? { min: check.min } : {}),
        ...(typeof check.max === 'number' ? { max: check.max } : {}),
        // Without arm, `tool_used: Skill` is with-only under the ablation; skill-eval scores it in both variants.
        ...(value === SKILL_TOOL ? { arm: 'both' } : {}),
      };
    }
    case 'tool-order': {
      if (negate) return undefined;
      const before = orderPattern(check.before, testCase);
      const after = orderPattern(check.after, testCase);
      return before !== undefined && after !== undefined ? { type: 'tool_order', before, after } : undefined;
    }
    case 'skill-used': {
      if (typeof value !== 'string') return undefined;
      const never = negate;
      return {
        type: 'tool_used',
        tool: SKILL_TOOL,
        input_match: skillInput(value),
        ...(never ? { min: 0, max: 0 } : {}),
        arm: 'both',
      };
    }
    default:
      return undefined;
  }
}

/** A file check as file_exists graders, one a path; undefined when none says the same. */
function fileExistsGraders(check: Check, negate: boolean): Omit<Grader, 'name'> | Omit<Grader, 'name'>[] | undefined {
  const value = check.value;
  const paths = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string')) return undefined;
  const exists = (check.type === 'file-exists') !== negate;
  // A negated list passes when some path is missing, which no set of file_exists graders says.
  if (check.negate && paths.length > 1) return undefined;
  const graders = (paths as string[]).map((path) => ({
    type: 'file_exists',
    path,
    ...(exists ? {} : { exists: false }),
  }));
  return graders.length === 1 ? graders[0] : graders;
}

const flagsOf = (check: Check) => (typeof check.flags === 'string' ? check.flags : '');

/** A file, the run's created files and its MCP calls are Claude Code's `{source: file, path}`, `files`, `mock_calls`. */
function regexTarget(check: Check): { target?: unknown } {
  if (check.over === 'file' && typeof check.path === 'string') return { target: { source: 'file', path: check.path } };
  if (check.over === 'created-files') return { target: 'files' };
  if (check.over === 'mcp-calls') return { target: 'mock_calls' };
  return {};
}

function orderPattern(pattern: unknown, testCase: Case): unknown {
  if (typeof pattern === 'string') return claudeToolName(pattern, testCase);
  if (typeof pattern !== 'object' || pattern === null) return undefined;
  const { tool, inputMatches, ...rest } = pattern as { tool?: unknown; inputMatches?: unknown };
  if (typeof tool !== 'string' || Object.keys(rest).length > 0) return undefined;
  if (inputMatches === undefined) return claudeToolName(tool, testCase);
  return typeof inputMatches === 'string'
    ? { tool: claudeToolName(tool, testCase), input_match: inputMatches }
    : undefined;
}

/** `<server>::<tool>` is Claude Code's `mcp__<server>__<tool>`. */
function claudeToolName(tool: string, _testCase: Case): string {
  const mcp = /^([^:]+)::(.+)$/.exec(tool);
  return mcp ? `mcp__${segment(mcp[1]!)}__${segment(mcp[2]!)}` : tool;
}

const segment = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

/** The Skill tool's input, as JSON text, naming `skill` (what `input_match` searches). */
const skillInput = (skill: string) => `"skill":"${escapeRegex(skill)}"`;

/**
 * Setup commands as one bash script; the reader's own `bash '<script>'` step is the script it names when that is a
 * regular file inside the source's project (format-kit `readSideFile`, --trust or not: the path comes from the eval
 * file). Any other path (outside the project, a link out of it, a device, a FIFO) is never read: the command is written
 * as it stands.
 */
function scaffoldScript(
  setup: readonly string[],
  sourceFile: string | undefined,
): { text: string; own: boolean } | undefined {
  if (setup.length === 0) return undefined;
  const own = setup.length === 1 ? /^bash '((?:[^']|'\\'')+)'$/.exec(setup[0]!) : null;
  const path = own?.[1]?.replaceAll("'\\''", "'");
  if (path && sourceFile && isAbsolute(sourceFile)) {
    const folder = dirname(sourceFile);
    const script = resolve(folder, path);
    const boundary = projectBoundary(folder, findSkillRoot(folder));
    // Checked here too: under --trust readSideFile would read outside the project, and convert never does.
    const read = isInsideBoundary(script, boundary) ? readSideFile(script, boundary) : undefined;
    if (read?.ok && !read.outside) return { text: read.text, own: true };
  }
  return { text: `#!/usr/bin/env bash\nset -e\n${setup.join('\n')}\n`, own: false };
}

/** A shell command writing `text` to `path`, byte for byte (single-quoted, so nothing in it is expanded). */
function writeFileCommand(path: string, text: string): string {
  const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
  const dir = path.includes('/') ? `mkdir -p "$(dirname ${quote(path)})" && ` : '';
  return `${dir}printf '%s' ${quote(text)} > ${quote(path)}`;
}

/** Mocked MCP servers as `mocks/<server>/<tool>.md` in the case directory (the deepest layer Claude Code reads). */
function writeMocks(testCase: Case, dir: string, lose: (what: string) => void): WriteResult['files'] {
  const files: WriteResult['files'] = [];
  for (const server of testCase.mcpServers) {
    if (!server.mock) {
      lose(`MCP server "${server.name}": a real server (Claude Code starts the plugin's own servers, not a case's)`);
      continue;
    }
    if (server.mock.builtin) lose(`MCP server "${server.name}": the built-in ${server.mock.builtin} mock`);
    const name = segment(server.name);
    const listing: { name: string; description?: string; inputSchema?: Record<string, unknown> }[] = [];
    for (const tool of server.mock.tools) {
      const response = typeof tool.response === 'string' ? tool.response : JSON.stringify(tool.response);
      if (/\{\{\s*params\.[^}]*\|\s*default:/.test(response))
        lose(
          `MCP tool ${server.name}/${tool.name}: a placeholder default (Claude Code fills a missing argument with nothing)`,
        );
      const body = response.replace(
        /\{\{\s*params\.([A-Za-z0-9_.$-]+)(?:\s*\|\s*default:\s*['"][^'"]*['"])?\s*\}\}/g,
        (_m, key: string) => `{{input.${key}}}`,
      );
      // Front matter for an error answer or guards, or when the body itself opens as front matter would.
      const fields = { ...(tool.error ? { error: true } : {}), ...(tool.expect ? { expect: tool.expect } : {}) };
      const front =
        Object.keys(fields).length > 0
          ? `---\n${toYaml(fields)}---\n`
          : /^---\s*\n/.test(`${body}\n`)
            ? '---\n---\n'
            : '';
      files.push({ path: `${dir}/mocks/${name}/${segment(tool.name)}.md`, text: `${front}${body}\n` });
      if (tool.description !== undefined || tool.inputSchema !== undefined)
        listing.push({
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          ...(tool.inputSchema !== undefined ? { inputSchema: tool.inputSchema } : {}),
        });
    }
    if (listing.length)
      files.push({
        path: `${dir}/mocks/${name}/_tools.json`,
        text: `${JSON.stringify({ tools: listing }, null, 2)}\n`,
      });
  }
  return files;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A folder name for the case: its id, made safe and unique. */
function uniqueSlug(id: string, taken: Set<string>): string {
  const base = id.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'case';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}
