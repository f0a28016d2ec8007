import { basename } from 'node:path';
import { type Case, type Diagnostic, defineFormat, type LoadResult, parseCase } from '@skill-eval/core';

const ID = '__name__';
/** The files this format reads: one case a line, `prompt => text the answer contains`. */
const SUFFIX = `.${ID}.txt`;
const ARROW = ' => ';

/** One line of the file: a case, a diagnostic, or nothing (a blank line, a `#` comment). */
function readLine(file: string, text: string, line: number): Case | Diagnostic | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  const at = text.indexOf(ARROW);
  const prompt = at < 0 ? '' : text.slice(0, at).trim();
  const expected = at < 0 ? '' : text.slice(at + ARROW.length).trim();
  if (prompt === '' || expected === '') {
    return {
      severity: 'error',
      ruleId: `${ID}/bad-line`,
      message: `This line is not \`prompt => text the answer contains\`${at < 0 ? ' (no " => ")' : ' (one side is empty)'}.`,
      file,
      line,
      column: 1,
    };
  }
  return parseCase({
    id: String(line),
    name: prompt,
    kind: 'task',
    turns: [prompt],
    checks: [{ type: 'contains', value: expected }],
    source: { file, line, format: ID },
  });
}

/** Reads a file: every line's case, and every bad line as a diagnostic at file:line; never throws. */
function load(file: string, text: string): LoadResult {
  const cases: Case[] = [];
  const diagnostics: Diagnostic[] = [];
  text.split(/\r?\n/).forEach((lineText, index) => {
    const read = readLine(file, lineText, index + 1);
    if (read && 'ruleId' in read) diagnostics.push(read);
    else if (read) cases.push(read);
  });
  if (cases.length === 0 && diagnostics.length === 0) {
    diagnostics.push({
      severity: 'error',
      ruleId: `${ID}/no-cases`,
      message: 'The file has no case.',
      file,
      line: 1,
      column: 1,
    });
  }
  const suite = { id: file, name: basename(file, SUFFIX), file, format: ID, cases, settings: {} };
  return { suites: cases.length > 0 ? [suite] : [], diagnostics };
}

export default defineFormat({
  contract: 'format-v1',
  id: ID,
  description: `One case a line in *${SUFFIX}: \`prompt => text the answer contains\`.`,
  parseSettings: () => ({}),
  create: () => ({
    id: ID,
    filePatterns: [`*${SUFFIX}`],
    extensions: ['.txt'],
    detect: (file) => (file.endsWith(SUFFIX) ? 0.9 : 0),
    load,
  }),
});
