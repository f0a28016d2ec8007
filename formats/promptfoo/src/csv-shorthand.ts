/**
 * promptfoo 0.123.1's `__expected` shorthand in CSV tests, as `assertionFromString` reads it (`dist/src/index.js`
 * 29351-29398): `javascript:`/`fn:`/`eval:` (or a `file://` JavaScript file) is a javascript assertion,
 * `grade:`/`llm-rubric:` an llm-rubric, `python:` (or a `file://` Python file) a python assertion,
 * `[not-]<type>[(<threshold>)][:<value>]` any of promptfoo's assertion types, and anything else `equals`.
 */

/** promptfoo's assertion types in its own order (`BaseAssertionTypesSchema`, `dist/src/tables-DJONIU43.js` 3181-3247). */
export const PROMPTFOO_BASE_TYPES = [
  'agent-rubric',
  'answer-relevance',
  'bleu',
  'classifier',
  'contains',
  'contains-all',
  'contains-any',
  'contains-html',
  'contains-json',
  'contains-sql',
  'contains-xml',
  'context-faithfulness',
  'context-recall',
  'context-relevance',
  'conversation-relevance',
  'cost',
  'equals',
  'factuality',
  'finish-reason',
  'g-eval',
  'gleu',
  'guardrails',
  'icontains',
  'icontains-all',
  'icontains-any',
  'is-html',
  'is-json',
  'is-refusal',
  'is-sql',
  'is-valid-function-call',
  'is-valid-openai-function-call',
  'is-valid-openai-tools-call',
  'is-xml',
  'javascript',
  'latency',
  'levenshtein',
  'llm-rubric',
  'pi',
  'meteor',
  'model-graded-closedqa',
  'model-graded-factuality',
  'moderation',
  'perplexity',
  'perplexity-score',
  'python',
  'regex',
  'rouge-n',
  'ruby',
  'similar',
  'similar:cosine',
  'similar:dot',
  'similar:euclidean',
  'starts-with',
  'tool-call-f1',
  'skill-used',
  'trajectory:goal-success',
  'trajectory:tool-args-match',
  'trajectory:step-count',
  'trajectory:tool-sequence',
  'trajectory:tool-used',
  'trace-error-spans',
  'trace-span-count',
  'trace-span-duration',
  'search-rubric',
  'webhook',
  'word-count',
] as const;

/** `getAssertionRegex` (index.js 29334-29341), built from the same list in the same order. */
const ASSERTION = new RegExp(
  `^(not-)?(${PROMPTFOO_BASE_TYPES.join('|')})(?:\\((\\d+(?:\\.\\d+)?)\\))?(?::([\\s\\S]*))?$`,
);

/** Types whose value is a comma-separated list (index.js 29379). */
const LISTS = new Set(['contains-all', 'contains-any', 'icontains-all', 'icontains-any']);
/** Types whose value is kept untrimmed (index.js 29383). */
const UNTRIMMED = new Set(['contains-json', 'is-json']);
/** Types that get a threshold, 0.75 unless written (`similar`: 0.8, index.js 29273) (index.js 29387-29393). */
const THRESHOLDED = new Set([
  'answer-relevance',
  'classifier',
  'context-faithfulness',
  'context-recall',
  'context-relevance',
  'cost',
  'latency',
  'levenshtein',
  'perplexity-score',
  'perplexity',
  'rouge-n',
  'similar',
  'starts-with',
]);

/** `JAVASCRIPT_EXTENSIONS` (`dist/src/shared-G0XAeE2g.js` 6-13), as `isJavascriptFile` tests them. */
const isJavascriptFile = (path: string) => /\.(js|cjs|mjs|ts|cts|mts)$/i.test(path);

/** A cell promptfoo refuses (an unterminated quoted item in a contains-any list): its message. */
export class ShorthandError extends Error {
  /** The CSV column whose cell promptfoo refuses, once known. */
  column?: string;
}

/**
 * `parseFiniteNumber` (index.js 29342-29349): a complete numeric literal, else undefined (a blank or garbage
 * threshold cell is unset, a `0` kept).
 */
export function parseFiniteNumber(value: string | undefined): number | undefined {
  const trimmed = value?.trim() ?? '';
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed)) return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** One `__expected` cell (already trimmed, not blank) as the assertion promptfoo makes of it. */
export function assertionFromString(expected: string): Record<string, unknown> {
  const code = ['javascript:', 'fn:', 'eval:'].find((p) => expected.startsWith(p));
  if (code || (expected.startsWith('file://') && isJavascriptFile(expected.slice(7))))
    return { type: 'javascript', value: expected.slice(code?.length ?? 0).trim() };
  if (expected.startsWith('grade:') || expected.startsWith('llm-rubric:'))
    return { type: 'llm-rubric', value: expected.slice(expected.startsWith('grade:') ? 6 : 11) };
  // promptfoo slices 7 characters for both `python:` and `file://` (index.js 29366-29371).
  if (expected.startsWith('python:') || (expected.startsWith('file://') && /\.py$|\.py:/.test(expected)))
    return { type: 'python', value: expected.slice(7).trim() };
  const match = expected.match(ASSERTION);
  if (!match) return { type: 'equals', value: expected };
  const [, not, type = '', thresholdText, value] = match;
  const fullType = not ? `not-${type}` : type;
  if (LISTS.has(type)) return { type: fullType, value: value ? commaSeparated(value) : value };
  if (UNTRIMMED.has(type)) return { type: fullType, value };
  if (THRESHOLDED.has(type))
    return {
      type: fullType,
      value: value?.trim(),
      threshold: parseFiniteNumber(thresholdText) ?? (type === 'similar' ? 0.8 : 0.75),
    };
  return { type: fullType, value: value?.trim() };
}

/**
 * `parseCommaSeparatedAssertionValues` and its helpers (index.js 29275-29333): items split on commas, an item in
 * double quotes kept whole (`""` and `\"` a quote, `\\` a backslash), unquoted items trimmed.
 */
function commaSeparated(value: string): string[] {
  const out: string[] = [];
  const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
  let i = 0;
  while (i < value.length) {
    while (i < value.length) {
      while (isSpace(value[i])) i++;
      if (value[i] !== ',') break;
      i++;
    }
    if (i >= value.length) break;
    if (value[i] === '"') {
      let field = '';
      let terminated = false;
      i++;
      while (i < value.length) {
        const c = value[i]!;
        const next = value[i + 1];
        if (c === '\\' && next !== undefined && (next === '"' || next === '\\')) {
          field += next;
          i += 2;
        } else if (c === '"' && next === '"') {
          field += '"';
          i += 2;
        } else if (c === '"') {
          i++;
          terminated = true;
          break;
        } else {
          field += c;
          i++;
        }
      }
      if (!terminated) throw new ShorthandError('Unterminated quoted field in contains assertion value');
      out.push(field);
      while (isSpace(value[i])) i++;
      if (i < value.length && value[i] !== ',')
        throw new ShorthandError('Expected comma after quoted field in contains assertion value');
    } else {
      const start = i;
      while (i < value.length && value[i] !== ',') i++;
      out.push(value.slice(start, i).trim());
    }
  }
  return out;
}
