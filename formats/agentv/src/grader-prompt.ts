import { relative } from 'node:path';
import { at, describe, isRecord, type ReadContext } from './context.js';
import { findReference, readReferencedFile } from './references.js';
import type { DocPath } from './source.js';

/**
 * A grader's `prompt:` as AgentV reads it (grader-parser `parsePromptField`, builtin-graders `llmGraderFactory`):
 * inline text without template variables is bare criteria, which takes the criterion's place; a `file://` prompt,
 * or inline text naming `{{ output }}` and the like, is a whole grader template.
 */
export type GraderPrompt = { kind: 'criteria'; text: string } | { kind: 'template'; text: string; file?: string };

/** AgentV's template variables (template-variables.ts). */
const VARIABLES = new Set([
  'expected_output',
  'criteria',
  'rubric',
  'metadata',
  'metadata_json',
  'rubrics',
  'rubrics_json',
  'input',
  'output',
  'file_changes',
  'tool_calls',
]);
/** Variables standing for the agent's work, which skill-eval's judge is shown beside the criterion. */
const AGENT_WORK: Record<string, string> = {
  output: "[the agent's final answer, shown to you below]",
  tool_calls: "[the agent's tool calls, shown to you below]",
  file_changes: '[the files the agent changed, shown to you below]',
};
const VARIABLE = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

const namesIn = (text: string) => [...text.matchAll(VARIABLE)].map((m) => m[1]!);

/** Reads `prompt`; undefined (reported) when AgentV would refuse it or skill-eval cannot honour it. */
export function readGraderPrompt(prompt: unknown, path: DocPath, ctx: ReadContext): GraderPrompt | undefined {
  const sink = ctx.source.sink;
  if (typeof prompt === 'string' && prompt.startsWith('file://')) {
    const ref = prompt.slice('file://'.length);
    const found = findReference(ref, ctx);
    if (found.kind !== 'ok') {
      skipTest(
        ctx,
        'missing-reference',
        `The grader prompt file "${ref}" does not exist (looked for ${found.lookedAt.join(', ')}): AgentV skips the test, and so does skill-eval. Fix the path.`,
        path,
      );
      return undefined;
    }
    const text = readReferencedFile(prompt, found.file, path, ctx);
    if (text === undefined) {
      if (ctx.skipTest) ctx.skipTest.skipped = true;
      return undefined;
    }
    const names = namesIn(text);
    if (!names.includes('output') && !names.includes('expected_output')) {
      skipTest(
        ctx,
        'bad-grader-template',
        `The grader template ${relative(ctxDir(ctx), found.file) || found.file} names neither {{ output }} nor {{ expected_output }}: AgentV refuses it and skips the test, and so does skill-eval. Add one of them to run the test.`,
        path,
      );
      return undefined;
    }
    return { kind: 'template', text, file: found.file };
  }
  if (typeof prompt === 'string') {
    if (prompt.trim() === '') return undefined;
    return namesIn(prompt).some((n) => VARIABLES.has(n))
      ? { kind: 'template', text: prompt }
      : { kind: 'criteria', text: prompt };
  }
  if (isRecord(prompt) && prompt.command !== undefined) {
    const script = ctx.dialect === 'agentv-4' ? missingPromptScript(prompt, ctx) : undefined;
    if (script) {
      // @agentv/core 4.42.4 parseGraders (dist/chunk-FRDEARJA.js:19131-19145) resolves the command's last word as a
      // file and throws when it is missing; the loader logs "Skipping test" and goes on.
      skipTest(
        ctx,
        'missing-reference',
        `The grader prompt script "${script.ref}" does not exist (looked for ${script.lookedAt.join(', ')}): AgentV 4 skips the test ("prompt command file not found"), and so does skill-eval. Fix the path.`,
        path,
      );
      return undefined;
    }
    sink.error(
      'unsupported-prompt',
      'This grader prompt is a script (prompt.command) that AgentV runs to build the judge prompt; skill-eval does not run prompt scripts. Write the prompt as text or a file:// template.',
      at(path),
    );
    return undefined;
  }
  if (Array.isArray(prompt) || isRecord(prompt)) return { kind: 'template', text: JSON.stringify(prompt, null, 2) };
  sink.warning(
    'bad-value',
    `The grader prompt is ${describe(prompt)}; AgentV skips it (it takes a string, an object or a list).`,
    at(path),
  );
  return undefined;
}

/**
 * The criterion a template makes: its variables filled from the test (criteria, expected output, input, metadata),
 * those that stand for the agent's work pointing at what the judge is shown.
 */
export function renderGraderTemplate(template: string, criterion: string, ctx: ReadContext): string {
  const vars = ctx.graderVars ?? {};
  return template.replace(VARIABLE, (whole, name: string) => {
    if (name in AGENT_WORK) return AGENT_WORK[name]!;
    if (name === 'criteria' || name === 'rubric' || name === 'rubrics' || name === 'rubrics_json') return criterion;
    return vars[name] ?? (VARIABLES.has(name) ? '' : whole);
  });
}

const ctxDir = (ctx: ReadContext) => ctx.fileBases[0] ?? '.';

/** The file a 4.x `prompt.command` runs (its last word), when it cannot be found. */
function missingPromptScript(prompt: Record<string, unknown>, ctx: ReadContext) {
  const command = prompt.command;
  const last = Array.isArray(command) ? command.at(-1) : undefined;
  if (typeof last !== 'string' || last === '') return undefined;
  const found = findReference(last, ctx);
  return found.kind === 'ok' ? undefined : { ref: last, lookedAt: found.lookedAt };
}

/** A grader AgentV refuses makes it skip the whole test, logged: a warning here, and the test left out. */
function skipTest(ctx: ReadContext, rule: string, message: string, path: DocPath) {
  ctx.source.sink.warning(rule, message, at(path));
  if (ctx.skipTest) ctx.skipTest.skipped = true;
}
