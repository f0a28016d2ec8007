import {
  type Case,
  type Check,
  fixturePaths,
  type Suite,
  unwrittenSuiteKeys,
  type WriteResult,
} from '@skill-eval/core';
import { projectCopyLoss, toolRestrictionLoss, toYaml } from '@skill-eval/format-kit';
import { isRecord } from './source.js';
import { describeCheck, writeAssertion } from './write-assertion.js';

/** The var each test's prompt is written in; the one prompt of the file is this var alone. */
const PROMPT_VAR = 'prompt';

/**
 * Writes a suite as one `promptfooconfig.yaml` for promptfoo 0.123.1: one prompt, `{{prompt}}`, and one test per
 * case whose `prompt` var is the case's (already rendered) first turn, with its checks as promptfoo assertions, its
 * threshold, name and promptfoo metadata. A var is never rendered by promptfoo, so the text reaches the model as it
 * is; assertion values, which promptfoo does render, are fenced with `{% raw %}` where they hold template syntax.
 * Everything promptfoo cannot carry (other turns, system prompts, references, workspaces, skills, engines, runs,
 * checks only skill-eval grades) is listed in `lost`, one line per case and thing.
 */
export function writePromptfoo(suite: Suite): WriteResult {
  const lost = unwrittenSuiteKeys(suite, 'promptfoo');
  const provider = sharedProvider(suite.cases);
  const tests: Record<string, unknown>[] = [];
  for (const c of suite.cases) {
    const miss = (what: string) => lost.push(`case ${c.id}: ${what}`);
    const id = `test-${tests.length + 1}`;
    const test = writeTest(c, id, { ownFormat: suite.format === 'promptfoo', provider: provider !== undefined }, miss);
    if (!test) continue;
    if (id !== c.id) miss(`the id is not kept — promptfoo numbers its tests, so it reads back as ${id}`);
    tests.push(test);
  }
  if (tests.length === 0) {
    lost.push('no case could be written, so no promptfooconfig.yaml is written');
    return { files: [], lost };
  }
  const doc = {
    description: suite.name,
    prompts: [`{{${PROMPT_VAR}}}`],
    ...(provider ? { providers: [provider] } : {}),
    tests,
  };
  // The yaml library writes every value; toYaml quotes each string a YAML 1.1 reader (promptfoo's js-yaml) would
  // take for another value, so promptfoo reads back exactly the text written.
  return {
    files: [{ path: 'promptfooconfig.yaml', text: toYaml(doc, { lineWidth: 0, aliasDuplicateObjects: false }) }],
    lost,
  };
}

interface TestContext {
  /** The suite was read from a promptfoo config: its values mean what promptfoo makes of them already. */
  ownFormat: boolean;
  /** The cases' engine and model are written as the config's provider. */
  provider: boolean;
}

/**
 * The provider promptfoo names the engine and model every case asks for by (the inverse of providers.ts `engineOf`):
 * `anthropic:messages:<model>` or `openai:chat:<model>`; none when the cases differ or name another engine.
 */
function sharedProvider(cases: Case[]): string | undefined {
  const first = cases[0];
  if (!first?.model || !cases.every((c) => c.engine === first.engine && c.model === first.model)) return undefined;
  if (first.engine === 'anthropic') return `anthropic:messages:${first.model}`;
  if (first.engine === 'openai') return `openai:chat:${first.model}`;
  return undefined;
}

function writeTest(
  c: Case,
  id: string,
  context: TestContext,
  miss: (what: string) => void,
): Record<string, unknown> | undefined {
  const prompt = c.turns[0]!;
  // promptfoo reads a var that starts with file:// as that file, and resolves {{prompt}} inside the var with itself
  // (`renderPrompt`, evaluatorHelpers-BGZUsdbL.js 173-195, 215): such a prompt cannot be written as text.
  if (prompt.startsWith('file://') || /\{\{\s*prompt\s*\}\}/.test(prompt)) {
    miss(
      `not written — its prompt ${prompt.startsWith('file://') ? 'starts with file://, which promptfoo reads as a file' : 'holds {{prompt}}, which promptfoo replaces with the prompt itself'}`,
    );
    return undefined;
  }
  const test: Record<string, unknown> = {};
  // An undescribed test is named by its id when read (load-promptfoo.ts), so that name needs no description.
  if (c.name !== id) test.description = c.name;
  // One trailing newline is cut from every var before rendering (evaluatorHelpers-BGZUsdbL.js 372-374): a prompt
  // that ends with one keeps it by carrying a second.
  test.vars = { [PROMPT_VAR]: prompt.endsWith('\n') ? `${prompt}\n` : prompt };
  const assert = [
    ...writeChecks(c.gates, 'gate', context.ownFormat, miss),
    ...writeChecks(c.checks, 'check', context.ownFormat, miss),
    ...writeChecks(
      c.failIf.map((k) => ({ ...k, negate: !k.negate })),
      'fail-if',
      context.ownFormat,
      miss,
    ),
  ];
  if (assert.length > 0) test.assert = assert;
  if (c.threshold !== undefined) test.threshold = c.threshold;
  const metadata = c.metadata.promptfoo;
  if (isRecord(metadata) && Object.keys(metadata).length > 0) test.metadata = metadata;
  lostFields(c, context.provider, miss);
  return test;
}

/**
 * Checks as assertions, each value fenced where promptfoo's nunjucks would render it otherwise. Gates and fail-if
 * checks become ordinary assertions (a fail-if check negated): promptfoo has neither, and says so in `lost`.
 */
function writeChecks(
  checks: Check[],
  role: 'gate' | 'check' | 'fail-if',
  ownFormat: boolean,
  miss: (what: string) => void,
) {
  const out: Record<string, unknown>[] = [];
  for (const check of checks) {
    const shown = role === 'fail-if' ? { ...check, negate: !check.negate } : check;
    const reference = referenceValue(check);
    if (reference && !ownFormat) {
      miss(
        `${role === 'check' ? '' : `${role} `}${describeCheck(shown)}: promptfoo reads a value starting with ${reference} as a ${reference === 'file://' ? 'file' : 'package'} to load — not written`,
      );
      continue;
    }
    const written = writeAssertion(check);
    if ('lost' in written) {
      miss(`${role === 'check' ? '' : `${role} `}${written.lost} — not written`);
      continue;
    }
    const fenced = fenceValues(written.assertion);
    if (!fenced) {
      miss(
        `${describeCheck(shown)}: its value holds a {% raw %} or {% endraw %} tag, which promptfoo's templates cannot carry — not written`,
      );
      continue;
    }
    if (role === 'gate')
      miss(`gate ${describeCheck(check)} — promptfoo has no gates; written as an ordinary assertion`);
    if (role === 'fail-if')
      miss(
        `fail-if ${describeCheck(shown)} — promptfoo has no fail-if; written as its negation, which every test must pass`,
      );
    if (typeof check.compatType === 'string')
      miss(
        `${describeCheck(check)}: promptfoo's ${check.compatType} is written as the llm-rubric skill-eval grades it with`,
      );
    out.push(fenced);
  }
  return out;
}

/**
 * `file://` or `package:` at the start of a string value (an assert-set's children's too): promptfoo loads that file
 * or module in its place (`runAssertion`, promptfoo 0.123.1 `dist/src/index.js` 22607-22652). Read from a promptfoo
 * config the value meant that already; from another format it is text, which promptfoo cannot be given.
 */
function referenceValue(check: Check): 'file://' | 'package:' | undefined {
  if (typeof check.value === 'string') {
    if (check.value.startsWith('file://')) return 'file://';
    if (check.value.startsWith('package:')) return 'package:';
  }
  if (!Array.isArray(check.checks)) return undefined;
  for (const child of check.checks as Check[]) {
    const found = referenceValue(child);
    if (found) return found;
  }
  return undefined;
}

/** nunjucks' raw blocks (`raw`, and `verbatim`, its other name): one inside a fence would end or nest it. */
const RAW_TAG = /\{%-?\s*(end)?(raw|verbatim)\b/;

/**
 * An assertion whose string values (a list's strings, an assert-set's children's) promptfoo renders with nunjucks
 * (`runAssertion`, promptfoo 0.123.1 `dist/src/index.js` 22605-22657) fenced in `{% raw %}` where they hold template
 * syntax, so the rendered value is the text written; undefined when a value holds a raw block's tag, which no fence
 * carries.
 */
function fenceValues(assertion: Record<string, unknown>): Record<string, unknown> | undefined {
  const out = { ...assertion };
  if (Array.isArray(out.assert)) {
    const children = out.assert.map((c) => (isRecord(c) ? fenceValues(c) : c));
    if (children.includes(undefined)) return undefined;
    out.assert = children;
  }
  if (out.value === undefined) return out;
  const fence = (v: unknown): unknown => {
    if (typeof v !== 'string' || v.startsWith('file://') || !/\{[{%#]/.test(v)) return v;
    return RAW_TAG.test(v) ? undefined : `{% raw %}${v}{% endraw %}`;
  };
  const value = Array.isArray(out.value) ? out.value.map(fence) : fence(out.value);
  if (value === undefined || (Array.isArray(value) && value.includes(undefined))) return undefined;
  out.value = value;
  return out;
}

/** What a promptfoo test has no place for. */
function lostFields(c: Case, providerWritten: boolean, miss: (what: string) => void): void {
  if (c.kind === 'trigger')
    miss(
      `trigger case (should trigger: ${c.shouldTrigger ?? true}) — promptfoo has no trigger cases; written as a task case`,
    );
  if (c.turns.length > 1) miss(`multi-turn prompt (${c.turns.length} turns) — only the first is written`);
  if (c.system !== undefined) miss('system prompt — promptfoo has no place for it beside a text prompt');
  if (c.reference !== undefined) miss('reference (expected output) — promptfoo has no place for it');
  if (c.verdictRule === 'mean-score')
    miss('verdict by mean score (AgentV’s rule) — promptfoo passes a test when every assertion passes');
  if (c.triggerThreshold !== undefined) miss(`trigger threshold ${c.triggerThreshold}`);
  if (c.runs !== undefined) miss(`runs ${c.runs} — promptfoo repeats a whole eval (--repeat), not a test`);
  if (c.retry !== undefined) miss('retry policy');
  if (c.limits.timeoutSeconds !== undefined) miss(`timeout ${c.limits.timeoutSeconds} s`);
  if (c.limits.maxTurns !== undefined) miss(`max turns ${c.limits.maxTurns}`);
  if (c.engine && !providerWritten)
    miss(`engine hint "${c.engine}" — promptfoo names its providers; the run's --engine decides`);
  if (c.model && !providerWritten) miss(`pinned model "${c.model}"`);
  if (c.judge) miss(`judge hint "${c.judge}"`);
  if (c.tags.length > 0) miss(`tags ${c.tags.join(', ')}`);
  if (c.skills.length > 0)
    miss(`skills staged (${c.skills.map((s) => s.name).join(', ')}) — promptfoo stages no skills`);
  if (c.mcpServers.length > 0) miss(`MCP servers ${c.mcpServers.map((m) => m.name).join(', ')}`);
  if (c.environment !== undefined) miss('environment (where the case runs)');
  if (c.userSimulator !== undefined) miss('simulated user');
  if (c.expectedSkill !== undefined) miss('routing (expected skill)');
  const ws = c.workspace;
  const project = projectCopyLoss(ws);
  if (project) miss(project);
  const tools = toolRestrictionLoss(c.tools);
  if (tools) miss(tools);
  const files = fixturePaths(ws);
  if (files.length > 0) miss(`workspace files ${files.join(', ')} — promptfoo runs no workspace`);
  if (ws.overlays.length > 0) miss(`workspace overlays ${ws.overlays.join(', ')}`);
  if (Object.keys(ws.inline).length > 0) miss(`inline files ${Object.keys(ws.inline).join(', ')}`);
  if (ws.setup.length > 0) miss(`setup commands (${ws.setup.length})`);
  if (ws.teardown.length > 0) miss(`teardown commands (${ws.teardown.length})`);
  if (ws.artifacts.length > 0) miss(`artifacts ${ws.artifacts.join(', ')}`);
  if (ws.git !== undefined) miss('git steps in the workspace');
  // What the promptfoo format itself records of a case (its vars and prompt label) is what the written test says.
  for (const key of Object.keys(c.metadata))
    if (!['vars', 'prompt', 'promptfoo'].includes(key)) miss(`metadata.${key}`);
}
