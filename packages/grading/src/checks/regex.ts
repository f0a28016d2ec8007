import { type Check, SkillEvalError } from '@skill-eval/core';
import { readAgentText } from '@skill-eval/engine-kit/agent-files';
import { listWorkspaceFiles } from '../judge/list-workspace-files.js';
import { boundedCount, boundedSearch } from './bounded-regex.js';
import type { CheckContext, CheckEvaluator } from './check-evaluator.js';
import { stringParam } from './check-value.js';
import { compileRegex } from './compile-regex.js';
import { patternDeadline } from './pattern-deadline.js';
import { quote } from './quote.js';
import { workspacePath } from './workspace-path.js';

/** What a regex check is tested on (`over`). */
type Over = 'answer' | 'file' | 'created-files' | 'mcp-calls';

/**
 * The final answer (or, with `over`, the run's created files or its MCP calls) matches the regular expression `value`
 * (JavaScript syntax, optional `flags`).
 */
export const regex: CheckEvaluator = async (check, context) => {
  const compiled = compileRegex(check);
  const { re, pattern, flags } = compiled;
  const over = (check.over ?? 'answer') as Over;
  if (over === 'file') {
    const read = await fileText(check, context.workspace);
    if ('unread' in read) return { passed: false, failsNegated: true, evidence: read.unread };
    if (check.matchCount !== undefined) return counted(check, compiled, read.text, String(check.path), context);
    const match = await boundedSearch(re, read.text, patternDeadline(check, context));
    const path = String(check.path);
    return match
      ? {
          passed: true,
          evidence: `/${pattern}/${flags} matched ${path}: ${quote(read.text, match.index, match.length)}`,
        }
      : { passed: false, evidence: `/${pattern}/${flags} did not match ${path}: ${quote(read.text)}` };
  }
  const { text, what } = await textOf(over, context);
  if (check.matchCount !== undefined) return counted(check, compiled, text, what, context);
  const match = await boundedSearch(re, text, patternDeadline(check, context));
  return match
    ? { passed: true, evidence: `/${pattern}/${flags} matched ${quote(text, match.index, match.length)}` }
    : { passed: false, evidence: `/${pattern}/${flags} did not match ${what}: ${quote(text)}` };
};

/**
 * A regex check that counts (`matchCount`, set by formats: Claude Code's `match: count:N`): passed when the text holds
 * exactly that many matches.
 */
async function counted(
  check: Check,
  { re, pattern, flags }: ReturnType<typeof compileRegex>,
  text: string,
  what: string,
  context: CheckContext,
) {
  const expected = Number(check.matchCount);
  const found = await boundedCount(re, text, patternDeadline(check, context));
  const matches = (n: number) => `${n} match${n === 1 ? '' : 'es'}`;
  return {
    passed: found === expected,
    evidence: `/${pattern}/${flags} has ${matches(found)} in ${what} (expected ${expected}): ${quote(text)}`,
  };
}

/**
 * The text of the workspace file `check.path`, a leading byte-order mark cut (as Claude Code 2.1.330 reads a grader's
 * file: `qs(I.toString("utf8"))` in `async function rc(`), through the file layer; why not, when it cannot be read.
 */
async function fileText(check: Check, workspace: string): Promise<{ text: string } | { unread: string }> {
  const relative = stringParam(check, 'path');
  workspacePath(check, workspace, relative);
  const text = await readAgentText(workspace, relative);
  if (typeof text !== 'string') return { unread: text.refused === 'missing' ? `${relative} is missing` : text.message };
  return { text: text.startsWith('\uFEFF') ? text.slice(1) : text };
}

async function textOf(over: Over, context: CheckContext): Promise<{ text: string; what: string }> {
  if (over === 'created-files') return { text: await createdFiles(context), what: 'the files the run created' };
  if (over === 'mcp-calls') return { text: mcpCalls(context), what: "the calls of the case's MCP servers" };
  return { text: context.session.finalMessage, what: 'the final answer' };
}

/**
 * The workspace paths the run created (absent before it), sorted as JavaScript sorts strings, one a line — the text
 * Claude Code 2.1.330's plugin eval tests a `files` regex on (binary `function Og(e,r)`: the files after the run not
 * in the list before it, `.sort().join("\n")`). Read through the file layer; harness folders (`.claude`, `.git` …) are
 * not the agent's work and are left out.
 */
async function createdFiles({ workspace, workspaceBefore }: CheckContext): Promise<string> {
  if (!workspaceBefore)
    throw new SkillEvalError(
      'BAD_INPUT',
      'regex over created-files needs the workspace as it was before the run, and grading was not given it',
    );
  const after = await listWorkspaceFiles(workspace);
  return after
    .filter((path) => !workspaceBefore.has(path))
    .sort()
    .join('\n');
}

/**
 * One JSON line per call of a tool of the case's MCP servers, in call order:
 * `{"tool":"mcp__<server>__<tool>","input":…,"output":…,"verdict":"ok"}` (`"isError":true` and `"verdict":"tool_error"`
 * for an error, no `output` and `"verdict":"no_result"` for a call that got no result) — the text Claude Code 2.1.330's
 * plugin eval tests a `mock_calls` regex on (binary: the `mock_calls` branch of `async function rc(`, and `function
 * Uf(` for the verdict). Sessions name such a call `<server>::<tool>`.
 */
function mcpCalls({ testCase, session }: CheckContext): string {
  const servers = new Set(testCase.mcpServers.map((server) => server.name));
  const lines: string[] = [];
  for (const call of session.toolCalls) {
    const at = call.name.indexOf('::');
    if (at < 0 || !servers.has(call.name.slice(0, at))) continue;
    const tool = `mcp__${call.name.slice(0, at)}__${call.name.slice(at + 2)}`;
    const verdict = call.output === undefined ? 'no_result' : call.isError ? 'tool_error' : 'ok';
    lines.push(
      JSON.stringify({
        tool,
        input: call.input,
        ...(call.output !== undefined ? { output: call.output } : {}),
        ...(call.isError ? { isError: true } : {}),
        verdict,
      }),
    );
  }
  return lines.join('\n');
}
