import type { CheckVerdict } from '@skill-eval/core';
import type { ReportResult } from '../report-data.js';
import { checkList } from './check-list.js';
import { badge, h, muted, section } from './dom.js';

const STATUS_LABEL = { passed: 'pass', failed: 'fail', error: 'error', skipped: 'skip' } as const;

/** Checks that did not hold (or errored), a group's own failing checks kept inside it. */
const notHeld = (checks: readonly CheckVerdict[]): CheckVerdict[] => checks.filter((c) => !c.passed || c.errored);

/**
 * What a reader opens a row for, before the transcript: the verdict and score, then the checks that failed with their
 * evidence (the judge's included), then the ones that held.
 */
export function verdictSections(result: ReportResult): HTMLElement[] {
  const failing = notHeld(result.checks);
  const held = result.checks.filter((c) => !failing.includes(c));
  const verdict = section(
    'Verdict',
    h(
      'p',
      { class: 'verdict' },
      badge(STATUS_LABEL[result.status], result.status),
      ` score ${result.score.toFixed(2)}`,
      result.cached ? ' · reused from the cache' : '',
    ),
  );
  const parts = [verdict];
  if (failing.length > 0) parts.push(section(`Failed checks (${failing.length})`, checkList(failing)));
  parts.push(
    section(
      failing.length > 0 ? `Checks that held (${held.length})` : `Checks (${held.length})`,
      held.length === 0 ? muted(failing.length ? 'None.' : 'No check was graded.') : checkList(held),
    ),
  );
  return parts;
}
