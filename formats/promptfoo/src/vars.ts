import { extname, relative } from 'node:path';
import { parse as parseYamlText } from 'yaml';
import { type FileContext, readReferenced } from './files.js';
import { at, type DocPath, type Source } from './source.js';

/** Extensions of var files promptfoo runs as code (`renderPrompt`, evaluatorHelpers-BGZUsdbL.js 314-330). */
const CODE = new Set(['.js', '.cjs', '.mjs', '.ts', '.cts', '.mts', '.py']);

/**
 * The most cases skill-eval reads from one file. promptfoo builds every combination of a test's vars however many
 * there are (`generateVarCombinations` below), so nine vars each naming a list of ten would be a billion cases from a
 * few hundred bytes; a test past this is an error at its vars, before any combination is made.
 */
export const MAX_CASES_PER_FILE = 10_000;

/**
 * Every combination of a test's vars, as promptfoo's `generateVarCombinations` makes them (promptfoo 0.123.1
 * `dist/src/index.js` 25220-25244): a list of strings is one value each, a list of anything else one value as a
 * whole; a `file://` glob is one value per file matched, each file read as `renderPrompt` reads it (text trimmed, YAML
 * as JSON; evaluatorHelpers-BGZUsdbL.js 312-357). Keys in written order, the first key varying slowest.
 *
 * `limit`: the most combinations the caller can take. More is an error at the vars (`describeLimit` says what the
 * limit is) and none are made: undefined.
 */
export function varCombinations(
  vars: Record<string, unknown>,
  path: DocPath,
  source: Source,
  ctx: FileContext,
  limit = Number.POSITIVE_INFINITY,
  describeLimit: (count: number, counts: number[]) => string = (count) =>
    `These vars make ${count} combinations, more than ${limit}.`,
): Record<string, unknown>[] | undefined {
  const lists: [string, unknown[]][] = [];
  for (const [key, value] of Object.entries(vars)) {
    let values: unknown[];
    if (typeof value === 'string' && value.startsWith('file://'))
      values = fileValues(value, [...path, key], source, ctx);
    else values = Array.isArray(value) ? value : [value];
    if (Array.isArray(value) && typeof value[0] !== 'string') values = [value];
    lists.push([key, values]);
  }
  const counts = lists.map(([, values]) => values.length);
  const count = counts.reduce((product, n) => product * n, 1);
  if (count > limit) {
    source.sink.error('unsupported-tests', describeLimit(count, counts), at(path));
    return undefined;
  }
  let combinations: Record<string, unknown>[] = [{}];
  for (const [key, values] of lists) {
    const next: Record<string, unknown>[] = [];
    for (const combination of combinations) for (const v of values) next.push({ ...combination, [key]: v });
    combinations = next;
  }
  return combinations;
}

function fileValues(ref: string, path: DocPath, source: Source, ctx: FileContext): unknown[] {
  const ext = extname(ref).toLowerCase();
  if (CODE.has(ext)) {
    source.sink.error(
      'unsupported-var',
      `"${ref}" computes this var by running code, which skill-eval does not do; write the value, or a text file.`,
      at(path),
    );
    return [];
  }
  return readReferenced(ref, ctx, source, at(path), 'The var file').map((file) => {
    const fileExt = extname(file.path).toLowerCase();
    if (fileExt === '.yaml' || fileExt === '.yml') {
      try {
        return JSON.stringify(parseYamlText(file.text));
      } catch (error) {
        source.sink.error(
          'syntax',
          `${relative(ctx.basePath, file.path)} is not valid YAML: ${(error as Error).message.split('\n')[0]}`,
          at(path),
        );
        return '';
      }
    }
    return file.text.trim();
  });
}
