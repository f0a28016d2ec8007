import { flag, nonBlank, type ParamSchema, positiveWholeNumber, wants } from './param-types.js';

const score = (v: unknown) => typeof v === 'number' && v > 0 && v <= 1;

/** The parameters every check takes, whatever its type. */
export const COMMON_PARAMS: Readonly<Record<string, ParamSchema>> = {
  type: nonBlank('the check type, e.g. contains'),
  name: wants<string>('a display name (text)', (v) => typeof v === 'string'),
  metric: wants<string>('a name for the score (promptfoo, AgentV), text', (v) => typeof v === 'string'),
  weight: wants<number>(
    'a number ≥ 0: its share of the case score (0 counts for information only)',
    (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
  ),
  required: wants<boolean | number>(
    'true or false: a failed required check fails the case whatever the score',
    (v) => typeof v === 'boolean' || score(v),
  ),
  min_score: wants<number>(
    'a number above 0, at most 1: the score a required check must reach (AgentV; the test threshold by default)',
    score,
  ),
  negate: flag('true or false: inverts the verdict (as a not- prefix does)'),
  turn: positiveWholeNumber('a whole number ≥ 1: the user turn whose answer the check grades'),
};

/**
 * Keys the peers give assertions that skill-eval cannot honour: why, and whether that changes the verdict (an
 * error) or only who or how it is graded (a warning, and the check runs without it).
 */
export const UNSUPPORTED_PARAMS: Readonly<Record<string, { severity: 'error' | 'warning'; why: string }>> = {
  transform: {
    severity: 'error',
    why: "is promptfoo's transform of the output before the assertion, which skill-eval does not run; grade the answer as it is, or write a javascript check",
  },
  contextTransform: {
    severity: 'error',
    why: "is promptfoo's transform that extracts the context, which skill-eval does not run; skill-eval's context checks read what the agent retrieved",
  },
  provider: {
    severity: 'warning',
    why: "picks promptfoo's grading model for this assertion; skill-eval grades with the judge chosen by --judge, so it is ignored",
  },
  rubricPrompt: {
    severity: 'warning',
    why: "replaces promptfoo's grading prompt; skill-eval's judge uses its own prompt (it must quote its evidence), so it is ignored",
  },
};

/** Keys formats and the vocabulary mapping set for grading to read; never written by hand, never warned about. */
export const INTERNAL_PARAMS: ReadonlySet<string> = new Set(['compatType', 'minScore', 'payload', 'matchCount']);
