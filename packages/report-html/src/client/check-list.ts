import type { CheckVerdict } from '@skill-eval/core';
import { badge, h } from './dom.js';

const STATE_LABEL = { passed: 'pass', failed: 'fail', error: 'error' } as const;

/** Every check's verdict with its evidence; a group's own checks nest under it. */
export function checkList(checks: readonly CheckVerdict[]): HTMLElement {
  return h(
    'ul',
    { class: 'checks' },
    checks.map((c) => {
      const state = c.errored ? 'error' : c.passed ? 'passed' : 'failed';
      return h(
        'li',
        { class: `check ${state}` },
        h(
          'div',
          { class: 'check-head' },
          badge(STATE_LABEL[state], state),
          h('span', { class: 'check-name' }, c.name || c.type),
          h('span', { class: 'check-type' }, c.type),
          h('span', { class: 'check-score' }, `score ${c.score.toFixed(2)}`),
          c.gate && badge('gate', 'muted'),
          c.required && badge('required', 'muted'),
          c.weight !== 1 && badge(`weight ${c.weight}`, 'muted'),
        ),
        c.evidence ? h('blockquote', { class: 'evidence' }, c.evidence) : null,
        c.checks?.length ? checkList(c.checks) : null,
      );
    }),
  );
}
