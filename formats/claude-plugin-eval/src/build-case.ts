import { isAbsolute, relative, resolve } from 'node:path';
import {
  type Case,
  type Check,
  type McpServerInput,
  observedExists,
  observedRealPath,
  parseCase,
} from '@skill-eval/core';
import type { CaseDiagnostics, Where } from './diagnostics.js';
import { graderFields, type MappedGrader, mapGrader } from './grader-checks.js';
import type { Located } from './located.js';
import { mockGuardGate } from './mock-guards.js';
import type { PluginUnderTest } from './plugin-under-test.js';
import { PROSE_EXECUTION_KEYS, type RawCase } from './read-case-files.js';
import { sessionToolName } from './read-mocks.js';
import { toolRestriction } from './tool-grants.js';

/** The newest case.yaml major version Claude Code 2.1.330 reads (binary: `var Ss=1,As="1.1"`). */
const NEWEST_MAJOR = 1;
/** The lines `claude plugin eval init --bare` writes, refused until replaced (binary: `var ei="TODO: describe …`). */
const PROMPT_TEMPLATE = 'TODO: describe what the agent should do';
const GRADER_TEMPLATE = 'TODO: describe what a successful response looks like';

export const TOP_KEYS = [
  'schema_version',
  'name',
  'description',
  'tags',
  'plugins',
  'context',
  'execution',
  'runs',
  'graders',
  'expected_outcome',
];
export const CONTEXT_KEYS = ['scaffold_script', 'history_file', 'add_dirs'];
/** case.yaml's `execution:` keys: the prompt, and the ones prompt.md's front matter takes beside it (binary `$s`). */
export const EXECUTION_KEYS = ['prompt', ...PROSE_EXECUTION_KEYS];

/** A case read into skill-eval's model, with what the suite needs to know about it. */
export interface BuiltCase {
  testCase: Case;
  /** Claude Code runs it with and without the plugin (a plugin resolved): skill-eval's benchmark variants. */
  benchmark: boolean;
}

/**
 * Builds the case from what `readCaseFiles` merged, checking it as Claude Code's case schema does (binary: the zod
 * object after `var Zc=p(()=>on({schema_version:we()`, and `function Os(e)`); undefined without a name or prompt.
 */
export function buildCase(
  raw: RawCase,
  plugin: PluginUnderTest | undefined,
  caseFile: string,
  diagnostics: CaseDiagnostics,
  mcpServers: McpServerInput[] = [],
  allowTools?: readonly string[],
): BuiltCase | undefined {
  const read = new FieldReader(diagnostics, raw.at);
  if (raw.source !== 'prose') {
    warnUnknown(raw.top, TOP_KEYS, '', diagnostics);
    warnUnknown(raw.context, CONTEXT_KEYS, 'context.', diagnostics);
    warnUnknown(raw.execution, EXECUTION_KEYS, 'execution.', diagnostics);
  }
  refuseEmptyValues(raw, diagnostics);
  const top = readTop(raw.top, read, diagnostics);
  const context = readContext(raw, read, diagnostics);
  const execution = readExecution(raw, read, diagnostics, allowTools);
  const graders = readGraders(raw, diagnostics, mcpServers.length > 0);
  // Built from what could be read, so that listing works on a faulty case; its errors keep it from running.
  const { name } = top;
  const { prompt } = execution;
  if (name === undefined || prompt === undefined || prompt.trim() === '') return undefined;
  const benchmark = plugin !== undefined;
  const allWithOnly = graders.every((g) => g.withOnly);
  const mockedNames = mcpServers.map((server) => server.name);
  const checks: Check[] = graders.flatMap((g) => {
    if (!g.check) return [];
    // Binary `async function tc(e)`: under with/without ablation a with-only grader is reported but not scored
    // (`R.with_only=!0`, left out of `Yda`'s weighted sum) — unless every grader is with-only; skill-eval's weight 0
    // does the same (reported, never fails the case, out of the score) in both variants.
    const informational = benchmark && g.withOnly && !allWithOnly;
    const check = renameMockedTools(g.check, mockedNames);
    return [{ ...check, weight: informational ? 0 : g.weight }];
  });
  const testCase = parseCase({
    id: name,
    name,
    kind: 'task',
    // As written: Claude Code sends case.yaml's prompt with its spaces and line breaks (a prompt.md body is trimmed).
    turns: [prompt],
    ...(execution.system ? { system: execution.system } : {}),
    checks,
    ...guardGates(mcpServers),
    verdictRule: 'every-check',
    workspace: { setup: context.setup },
    limits: { maxTurns: execution.maxTurns, timeoutSeconds: execution.timeoutSeconds },
    tools: execution.tools,
    runs: top.runs,
    skills: plugin?.skills ?? [],
    mcpServers,
    ...(execution.model ? { model: execution.model } : {}),
    tags: top.tags,
    metadata: {
      claudePluginEval: {
        caseSource: raw.source,
        ...top.metadata,
        ...context.metadata,
        ...execution.metadata,
        withOnlyGraders: graders.filter((g) => g.withOnly).map((g) => g.name),
      },
    },
    source: {
      file: caseFile,
      ...(raw.at.line ? { line: raw.at.line } : {}),
      format: 'claude-plugin-eval',
      dialect: raw.source,
    },
  });
  return { testCase, benchmark };
}

/**
 * A grader names a mocked server's tool as Claude Code's trace does (`mcp__<server>__<tool>`); skill-eval's sessions
 * name it `<server>::<tool>` on every engine, so the check does too.
 */
function renameMockedTools(check: Check, servers: readonly string[]): Check {
  if (servers.length === 0) return check;
  const rename = (tool: unknown) => (typeof tool === 'string' ? sessionToolName(tool, servers) : tool);
  const renamePattern = (pattern: unknown) =>
    typeof pattern === 'object' && pattern !== null
      ? { ...pattern, tool: rename((pattern as { tool?: unknown }).tool) }
      : rename(pattern);
  if (check.type === 'tool-called' || check.type === 'tool-not-called') return { ...check, value: rename(check.value) };
  if (check.type === 'tool-order')
    return { ...check, before: renamePattern(check.before), after: renamePattern(check.after) };
  return check;
}

function readTop(top: Record<string, Located>, read: FieldReader, diagnostics: CaseDiagnostics) {
  const version = read.string(top, 'schema_version', 'a version string such as "1.0"', { required: true });
  const major = version === undefined ? undefined : Number.parseInt(version.split('.')[0] ?? '', 10);
  if (major !== undefined && Number.isNaN(major)) {
    diagnostics.error(
      'wrong-type',
      `schema_version "${version}" is not a valid version string.`,
      top.schema_version!.at,
    );
  } else if (major !== undefined && major > NEWEST_MAJOR) {
    diagnostics.error(
      'newer-schema',
      `schema_version "${version}" requires a newer Claude Code (2.1.330 reads up to ${NEWEST_MAJOR}.x); skill-eval reads what that version reads.`,
      top.schema_version!.at,
    );
  }
  const plugins = read.strings(top, 'plugins');
  if (plugins?.length) {
    diagnostics.warning(
      'setting-not-applied',
      `plugins: ${plugins.join(', ')} — Claude Code loads these plugins for the case; skill-eval stages only the skills of the plugin the case lies in.`,
      top.plugins!.at,
    );
  }
  const description = read.string(top, 'description', 'a string');
  const expectedOutcome = read.string(top, 'expected_outcome', 'a string');
  return {
    name: read.string(top, 'name', 'the case name', { required: true, nonBlank: true }),
    tags: read.strings(top, 'tags') ?? [],
    runs: read.integer(top, 'runs', 1, 50) ?? 3,
    metadata: {
      ...(description !== undefined ? { description } : {}),
      ...(expectedOutcome !== undefined ? { expectedOutcome } : {}),
      ...(plugins ? { plugins } : {}),
    },
  };
}

function readContext(raw: RawCase, read: FieldReader, diagnostics: CaseDiagnostics) {
  const { context } = raw;
  const setup = scaffoldSetup(context, raw.dir, read, diagnostics);
  if (read.string(context, 'history_file', 'a path') !== undefined) {
    diagnostics.error(
      'setting-not-applied',
      'context.history_file resumes a recorded Claude Code session before the prompt; skill-eval starts every execution from a fresh session, so this case cannot be run as Claude Code runs it.',
      context.history_file!.at,
    );
  }
  const addDirs = read.strings(context, 'add_dirs');
  if (addDirs?.length) {
    diagnostics.warning(
      'setting-not-applied',
      'context.add_dirs gives the agent more directories to work in; skill-eval runs the agent in its workspace only, so they are not added.',
      context.add_dirs!.at,
    );
  }
  return { setup, metadata: addDirs?.length ? { addDirs } : {} };
}

function readExecution(
  raw: RawCase,
  read: FieldReader,
  diagnostics: CaseDiagnostics,
  allowTools: readonly string[] | undefined,
) {
  const { execution } = raw;
  const prompt = read.string(execution, 'prompt', 'the user prompt');
  if (execution.prompt?.value === null) {
    // Refused as an empty value.
  } else if (prompt === undefined || prompt.trim() === '') {
    diagnostics.error(
      'blank-prompt',
      'execution.prompt is required (a prompt.md body, or execution.prompt in case.yaml).',
      execution.prompt?.at ?? raw.at,
    );
  } else if (prompt.includes(PROMPT_TEMPLATE)) {
    diagnostics.error(
      'init-template',
      `The prompt is still the blank \`init\` template — replace the "${PROMPT_TEMPLATE}" line with the user prompt to test (Claude Code refuses it too).`,
      execution.prompt!.at,
    );
  }
  const allowedTools = read.strings(execution, 'allowed_tools') ?? [];
  const disallowedTools = read.strings(execution, 'disallowed_tools');
  const tools = toolRestriction(
    allowedTools,
    allowTools,
    disallowedTools,
    { case: raw.at, allowed: execution.allowed_tools?.at, disallowed: execution.disallowed_tools?.at },
    diagnostics,
  );
  for (const key of ['artifact_publish', 'growthbook_overrides', 'env'] as const) {
    const value = execution[key]?.value;
    const empty = value === null || value === false || (typeof value === 'object' && Object.keys(value).length === 0);
    if (value === undefined || empty) continue;
    diagnostics.warning(
      'setting-not-applied',
      `execution.${key} is a Claude Code setting skill-eval does not apply; kept in metadata.`,
      execution[key]!.at,
    );
  }
  return {
    prompt,
    maxTurns: read.integer(execution, 'max_turns', 1, 200) ?? 10,
    timeoutSeconds: read.integer(execution, 'timeout_seconds', 1, 3600) ?? 300,
    model: read.string(execution, 'model', 'a model name'),
    system: read.string(execution, 'append_system_prompt', 'a string'),
    tools,
    metadata: {
      allowedTools,
      ...(disallowedTools ? { disallowedTools } : {}),
      ...pick(execution, ['artifact_publish', 'growthbook_overrides', 'env']),
    },
  };
}

function readGraders(raw: RawCase, diagnostics: CaseDiagnostics, mocked: boolean): MappedGrader[] {
  if (raw.graders.length === 0) {
    diagnostics.error(
      'no-graders',
      'The case has no graders; Claude Code requires at least one (case.yaml `graders:`, or graders/<name>.md files with front matter).',
      raw.gradersAt ?? raw.at,
    );
    return [];
  }
  const seen = new Set<string>();
  const graders: MappedGrader[] = [];
  for (const grader of raw.graders) {
    const mapped = mapGrader(grader, diagnostics, raw.dir, mocked);
    if (!mapped) continue;
    if (seen.has(mapped.name)) {
      diagnostics.error(
        'duplicate-grader',
        `Duplicate grader name "${mapped.name}"; Claude Code refuses the case. Rename one.`,
        grader.fields.name?.at ?? grader.at,
      );
    }
    seen.add(mapped.name);
    const text = grader.fields.criteria?.value ?? grader.fields.pattern?.value;
    if (typeof text === 'string' && text.includes(GRADER_TEMPLATE)) {
      diagnostics.error(
        'init-template',
        `Grader "${mapped.name}" is still the blank \`init\` template — replace the "${GRADER_TEMPLATE}" line with concrete pass criteria (Claude Code refuses it too).`,
        (grader.fields.criteria ?? grader.fields.pattern)!.at,
      );
    }
    graders.push(mapped);
  }
  return graders;
}

/** The case's gates: the one of its mocks' guards, when a mock guards its input. */
function guardGates(mcpServers: readonly McpServerInput[]): { gates?: Check[] } {
  const gate = mockGuardGate(mcpServers);
  return gate ? { gates: [gate] } : {};
}

/** Binary `async function Sg(e,r,o)`: Claude Code runs `bash <scaffold_script>` in the run directory, only with --scaffold. */
function scaffoldSetup(
  context: Record<string, Located>,
  caseDir: string,
  read: FieldReader,
  diagnostics: CaseDiagnostics,
): string[] {
  const script = read.string(context, 'scaffold_script', 'a path inside the case directory');
  if (script === undefined) return [];
  const at = context.scaffold_script!.at;
  const path = resolve(caseDir, script);
  const inside = (p: string, dir: string) => {
    const rel = relative(dir, p);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  };
  if (!inside(path, caseDir)) {
    diagnostics.error(
      'path-escapes-case',
      `context.scaffold_script "${script}" escapes the case directory (\`..\` or an absolute path); it must name a file inside it.`,
      at,
    );
    return [];
  }
  if (!observedExists(path)) {
    diagnostics.error('missing-field', `context.scaffold_script "${script}" does not exist in the case directory.`, at);
    return [];
  }
  if (!inside(observedRealPath(path), observedRealPath(caseDir))) {
    diagnostics.error(
      'path-escapes-case',
      `context.scaffold_script "${script}" leads out of the case directory through a link.`,
      at,
    );
    return [];
  }
  diagnostics.info(
    'needs-trust',
    'context.scaffold_script runs author-supplied bash before the agent: Claude Code runs it only with --scaffold, skill-eval only with --trust.',
    at,
  );
  return [`bash '${path.replaceAll("'", "'\\''")}'`];
}

/**
 * An empty value (`key: ~`, or `key:` and nothing after it) of a field Claude Code's case schema knows: the schema
 * takes none — an optional field is left out or has a value (binary: the zod objects after `var Zc=p(()=>on({` and
 * the grader union, none of them nullable) — so Claude Code refuses the case, and so does skill-eval. An empty
 * unknown key is ignored by both. Each is reported here once; the readers take an empty value as absent.
 */
function refuseEmptyValues(raw: RawCase, diagnostics: CaseDiagnostics): void {
  const sections: [Record<string, Located>, readonly string[], string][] = [
    [raw.top, TOP_KEYS, ''],
    [raw.context, CONTEXT_KEYS, 'context.'],
    [raw.execution, EXECUTION_KEYS, 'execution.'],
  ];
  for (const { fields } of raw.graders) sections.push([fields, graderFields(fields.type?.value), "the grader's "]);
  for (const [entries, known, prefix] of sections) {
    for (const [key, entry] of Object.entries(entries)) {
      if (entry.value !== null || !known.includes(key)) continue;
      diagnostics.error(
        'empty-value',
        `${prefix}${key} is empty; Claude Code refuses an empty value there: write one, or leave the line out.`,
        entry.at,
      );
    }
  }
}

function warnUnknown(
  entries: Record<string, Located>,
  known: readonly string[],
  prefix: string,
  diagnostics: CaseDiagnostics,
) {
  for (const [key, entry] of Object.entries(entries)) {
    if (!known.includes(key)) {
      diagnostics.warning(
        'unknown-key',
        `${prefix}${key} is not a case.yaml field; Claude Code ignores it, and so does skill-eval.`,
        entry.at,
      );
    }
  }
}

function pick(entries: Record<string, Located>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => entries[key] !== undefined).map((key) => [key, entries[key]!.value]));
}

/** Reads typed fields, reporting a wrong type at the field. */
class FieldReader {
  constructor(
    private readonly diagnostics: CaseDiagnostics,
    private readonly caseAt: Where,
  ) {}

  string(
    entries: Record<string, Located>,
    key: string,
    what: string,
    options: { required?: boolean; nonBlank?: boolean } = {},
  ): string | undefined {
    const entry = entries[key];
    // An empty value is refused apart (refuseEmptyValues).
    if (entry?.value === null) return undefined;
    if (entry === undefined || entry.value === undefined) {
      if (options.required)
        this.diagnostics.error('missing-field', `Missing required field ${key} (${what}).`, entry?.at ?? this.caseAt);
      return undefined;
    }
    if (typeof entry.value !== 'string' || (options.nonBlank && entry.value.trim() === '')) {
      this.diagnostics.error(
        'wrong-type',
        `${key} must be ${what}${options.nonBlank ? ' (not empty)' : ''}, a string.`,
        entry.at,
      );
      return undefined;
    }
    return entry.value;
  }

  strings(entries: Record<string, Located>, key: string): string[] | undefined {
    const entry = entries[key];
    if (entry === undefined || entry.value === null) return undefined;
    if (!Array.isArray(entry.value) || !entry.value.every((v) => typeof v === 'string')) {
      this.diagnostics.error('wrong-type', `${key} must be a list of strings.`, entry.at);
      return undefined;
    }
    return entry.value as string[];
  }

  integer(entries: Record<string, Located>, key: string, min: number, max: number): number | undefined {
    const entry = entries[key];
    if (entry === undefined || entry.value === null) return undefined;
    const v = entry.value;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      this.diagnostics.error(
        'wrong-type',
        `${key} must be a whole number from ${min} to ${max}; it is ${JSON.stringify(v)}.`,
        entry.at,
      );
      return undefined;
    }
    return v;
  }
}
