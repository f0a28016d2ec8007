import type { JudgeFeedback } from '@skill-eval/core';
import type { ReportResult } from '../report-data.js';
import { badge, h, muted, section } from './dom.js';
import { executionMeta } from './execution-meta.js';
import { transcriptSections } from './transcript-sections.js';
import { verdictSections } from './verdict-sections.js';

/** The kept files, linked relative to the report (which sits in the run directory). */
function artifactList(files: readonly string[]): HTMLElement {
  return h(
    'ul',
    { class: 'artifacts' },
    files.map((file) => {
      const a = document.createElement('a');
      a.textContent = file;
      // Each segment is encoded, so a name can neither become a scheme nor leave the directory.
      a.href = file
        .split('/')
        .map((seg) => encodeURIComponent(seg))
        .join('/');
      return h('li', null, a);
    }),
  );
}

/** What the judge said about the criteria themselves; the verdicts stand as graded. */
function feedbackSection(feedback: JudgeFeedback): HTMLElement {
  return section(
    'Judge feedback on the criteria (verdicts unchanged)',
    h(
      'ul',
      { class: 'feedback' },
      feedback.suggestions.map((s) =>
        h(
          'li',
          null,
          badge(s.kind ?? 'note', 'muted'),
          ' ',
          s.assertion ? h('q', null, s.assertion) : null,
          s.assertion ? ': ' : null,
          s.reason,
        ),
      ),
    ),
    feedback.overall ? muted(feedback.overall) : null,
  );
}

/**
 * The row under an opened case, what failed and why first: error, verdict, failed checks with their evidence (the
 * judge's too), the judge's feedback, then the transcript, skills, timing, artifacts and warnings.
 */
export function detailRow(result: ReportResult, index: number, columns: number): HTMLTableRowElement {
  const parts: HTMLElement[] = [];
  if (result.error)
    parts.push(
      h('div', { class: 'error-box', role: 'note' }, h('strong', null, result.error.code), ' ', result.error.message),
    );
  parts.push(...verdictSections(result));
  const feedback = result.judge?.feedback;
  if (feedback?.suggestions.length || feedback?.overall) parts.push(feedbackSection(feedback));
  parts.push(...transcriptSections(index));
  const skills = result.session?.skillsInvoked ?? [];
  parts.push(
    section(
      'Skills invoked',
      skills.length === 0
        ? muted('None seen.')
        : h(
            'ul',
            { class: 'inline-list' },
            skills.map((s) => h('li', null, h('code', null, s.name), ` via ${s.via}`)),
          ),
    ),
  );
  parts.push(section('Timing and engine', executionMeta(result)));
  const artifacts = result.artifacts;
  if (artifacts.length > 0) parts.push(section(`Artifacts (${artifacts.length})`, artifactList(artifacts)));
  const warnings = [...(result.session?.warnings ?? []), ...(result.warnings ?? [])];
  if (warnings.length > 0)
    parts.push(
      section(
        'Warnings',
        h(
          'ul',
          null,
          warnings.map((w) => h('li', null, h('code', null, w.kind), ` ${w.message}`)),
        ),
      ),
    );
  const td = h('td', { colspan: String(columns) }, h('div', { class: 'detail' }, parts));
  const tr = document.createElement('tr');
  tr.className = 'detail-row';
  tr.id = `detail-${index}`;
  tr.append(td);
  return tr;
}
