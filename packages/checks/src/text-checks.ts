import type { Check } from '@skill-eval/core';
import { type CheckSpec, defineCheck, type RuleProblem } from './check-spec.js';
import { commaList } from './comma-list.js';
import { asNumber, atLeastZero, flag, isRecord, needle, passMark, wants } from './param-types.js';

const BOTH = ['skill-eval', 'promptfoo', 'agentv'] as const;
const PROMPTFOO = ['skill-eval', 'promptfoo'] as const;

const caseSensitive = flag('false folds case (Skillet compares lowercased)');
const trim = flag('true trims the answer and the value before comparing (AgentV)');
const trimEnd = flag('true strips the end of the answer (Skillet)');

/** Text, possibly empty, and nothing else. */
const text = (description: string) => wants<string>(description, (v) => typeof v === 'string');

/**
 * A text-list value as promptfoo reads it: a list of strings or numbers, or a comma-separated string of at least one
 * item. An empty list is promptfoo's too (a comma string of no item, read by the promptfoo format): none of it is
 * found (contains-any fails) and none is missing (contains-all passes).
 */
const textList = wants<string | unknown[]>(
  'a list of strings, or one string of comma-separated items ("a, b"; quote an item holding a comma)',
  (v) => {
    if (Array.isArray(v)) {
      return v.every((s) => typeof s === 'string' || (typeof s === 'number' && Number.isFinite(s)));
    }
    if (typeof v !== 'string') return false;
    try {
      return commaList(v).length > 0;
    } catch {
      return false;
    }
  },
);

/** The items of a comma list that cannot be read (an unclosed quote), as the rule's problem. */
const commaListRule = (check: Check): RuleProblem[] => {
  if (typeof check.value !== 'string') return [];
  try {
    commaList(check.value);
    return [];
  } catch (error) {
    return [
      {
        path: ['value'],
        message: `"value" cannot be split into items: ${(error as Error).message}; quote an item that holds a comma, "like, this", and close every quote`,
      },
    ];
  }
};

const textCheck = (summary: string, extra: Record<string, ReturnType<typeof flag>> = {}): CheckSpec =>
  defineCheck({
    summary,
    params: { value: needle('the text to look for (a non-empty string; a number is read as written)'), ...extra },
    needs: ['value'],
    origins: BOTH,
  });

const list = (summary: string, extra: Record<string, ReturnType<typeof flag>> = {}): CheckSpec =>
  defineCheck({
    summary,
    params: { value: textList, ...extra },
    needs: ['value'],
    rules: commaListRule,
    origins: BOTH,
  });

/** Reference texts of bleu and gleu: one string, or a list of them. */
const references = wants<string | string[]>('the reference answer: a non-blank string, or a list of them', (v) => {
  const all = typeof v === 'string' ? [v] : v;
  return Array.isArray(all) && all.length > 0 && all.every((s) => typeof s === 'string' && s.trim() !== '');
});

function regexRule(check: Check): RuleProblem[] {
  const { value, flags } = check;
  if (check.over === 'file' && check.path === undefined)
    return [{ path: ['path'], message: 'over: file needs path: the workspace file the pattern is tested on' }];
  if ((typeof value !== 'string' || value === '') && typeof value !== 'number') return [];
  const written = flags === undefined ? '' : String(flags);
  try {
    new RegExp(String(value), written.replaceAll('g', ''));
    return [];
  } catch (error) {
    const bad = flags !== undefined && !/^[dgimsuvy]*$/.test(written);
    return [
      {
        path: [bad ? 'flags' : 'value'],
        message: `invalid regex /${String(value)}/${written}: ${(error as Error).message}; write a JavaScript regular expression${bad ? ' and flags from dgimsuvy' : ''}`,
      },
    ];
  }
}

function wordCountRule(check: Check): RuleProblem[] {
  const { value } = check;
  if (!isRecord(value)) return [];
  const min = asNumber(value.min);
  const max = asNumber(value.max);
  if (value.min === undefined && value.max === undefined) {
    return [
      {
        path: ['value'],
        message: '"value" is a map without min or max; write { min: 20, max: 50 } (either alone works)',
      },
    ];
  }
  return min !== undefined && max !== undefined && min > max
    ? [{ path: ['value', 'min'], message: `"value.min" (${min}) is greater than "value.max" (${max}); swap them` }]
    : [];
}

const wholeCount = (v: unknown) => {
  const n = asNumber(v);
  return n !== undefined && Number.isInteger(n) && n >= 0;
};

/** Checks of the final answer's text (or, with `turn`, that turn's answer). */
export const TEXT_CHECKS: Readonly<Record<string, CheckSpec>> = {
  contains: textCheck('the final answer contains the value', { caseSensitive }),
  icontains: textCheck('the final answer contains the value, ignoring case'),
  'contains-any': list('the final answer contains at least one of the items', { caseSensitive }),
  'contains-all': list('the final answer contains every item', { caseSensitive }),
  'icontains-any': list('the final answer contains at least one of the items, ignoring case'),
  'icontains-all': list('the final answer contains every item, ignoring case'),
  'starts-with': textCheck('the final answer starts with the value', { caseSensitive, trim, trimEnd }),
  'ends-with': textCheck('the final answer ends with the value', { caseSensitive, trim, trimEnd }),
  equals: defineCheck({
    summary: 'the final answer is the value, exactly (a list, map or null is compared as JSON)',
    params: {
      value: wants<unknown>(
        'the expected answer: text, a number, or JSON (a list, map or null)',
        (v) => v !== undefined,
      ),
      trim,
    },
    needs: ['value'],
    origins: BOTH,
  }),
  regex: defineCheck({
    summary:
      'the final answer (or, with over, another text of the run) matches the regular expression (JavaScript syntax)',
    params: {
      value: needle('the pattern, in JavaScript regular-expression syntax'),
      flags: wants<string>('regex flags, e.g. "i" or "ms"', (v) => typeof v === 'string'),
      over: wants<string>(
        '"answer" (the final answer, the default), "file" (the text of the workspace file at path; a missing file fails, negated or not), "created-files" (the paths of the files the run created, sorted, one a line) or "mcp-calls" (one JSON line per call of the case\'s MCP servers\' tools, as Claude Code\'s plugin eval logs its mocked calls)',
        (v) => v === 'answer' || v === 'file' || v === 'created-files' || v === 'mcp-calls',
      ),
      path: wants<string>(
        'with over: file, the file, relative to the workspace',
        (v) => typeof v === 'string' && v !== '',
      ),
    },
    needs: ['value'],
    rules: regexRule,
    origins: BOTH,
  }),
  'word-count': defineCheck({
    summary: 'the final answer has exactly value words, or between value.min and value.max',
    params: {
      value: wants<unknown>(
        'a whole number of words, or { min, max } (either bound alone works)',
        (v) => wholeCount(v) || (isRecord(v) && [v.min, v.max].every((b) => b === undefined || wholeCount(b))),
      ),
    },
    needs: ['value'],
    rules: wordCountRule,
    origins: PROMPTFOO,
  }),
  levenshtein: defineCheck({
    summary: 'the final answer is within threshold edits (default 5) of the value',
    params: {
      value: text('the expected answer, as text (promptfoo refuses a number)'),
      threshold: atLeastZero('a number ≥ 0: the most edits allowed (default 5)'),
    },
    needs: ['value'],
    origins: PROMPTFOO,
  }),
  'rouge-n': defineCheck({
    summary: 'ROUGE-1 F-score of the final answer against the value, lowercased, reaches threshold (default 0.75)',
    params: {
      value: text('the reference answer, as text (promptfoo refuses a number)'),
      threshold: passMark('a number from 0 to 1: the score to reach (default 0.75)'),
    },
    needs: ['value'],
    origins: PROMPTFOO,
  }),
  bleu: defineCheck({
    summary: 'BLEU-4 of the final answer against the reference(s) reaches threshold (default 0.5)',
    params: { value: references, threshold: passMark('a number from 0 to 1: the score to reach (default 0.5)') },
    needs: ['value'],
    origins: PROMPTFOO,
  }),
  gleu: defineCheck({
    summary: 'Google-BLEU of the final answer against the reference(s) reaches threshold (default 0.5)',
    params: { value: references, threshold: passMark('a number from 0 to 1: the score to reach (default 0.5)') },
    needs: ['value'],
    origins: PROMPTFOO,
  }),
  'is-refusal': defineCheck({ summary: 'the final answer refuses (or is empty)', origins: PROMPTFOO }),
};
