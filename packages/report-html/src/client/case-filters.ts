import type { CaseRow } from './case-rows.js';

/** The filter form's current choices; an empty string means any. */
function choices(form: HTMLFormElement | null) {
  const value = (name: string) =>
    form?.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-filter="${name}"]`)?.value ?? '';
  const q = value('q').trim().toLowerCase();
  return {
    terms: q ? q.split(/\s+/) : [],
    status: value('status'),
    engine: value('engine'),
    variant: value('variant'),
    suite: value('suite'),
    tag: value('tag'),
  };
}

/** Shows the rows the filter form and search box select, and says how many that is. */
export function applyFilters(form: HTMLFormElement | null, rows: readonly CaseRow[]): void {
  const want = choices(form);
  let shown = 0;
  for (const row of rows) {
    const r = row.result;
    const visible =
      (!want.status || r.status === want.status) &&
      (!want.engine || r.engine === want.engine) &&
      (!want.variant || r.variant === want.variant) &&
      (!want.suite || r.suiteId === want.suite) &&
      (!want.tag || (r.tags ?? []).includes(want.tag)) &&
      want.terms.every((t) => row.haystack.includes(t));
    row.tr.hidden = !visible;
    if (row.detail) row.detail.hidden = !visible || !row.tr.classList.contains('open');
    if (visible) shown++;
  }
  const count = document.getElementById('case-count');
  if (count) count.textContent = `${shown} of ${rows.length} executions`;
  const empty = document.getElementById('case-empty');
  if (empty) empty.hidden = shown > 0;
}

/** Re-filters on every change to the form; Clear shows every row again. */
export function watchFilters(form: HTMLFormElement, rows: readonly CaseRow[]): void {
  const apply = () => applyFilters(form, rows);
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', (event) => event.preventDefault());
  // `reset` fires before the fields are cleared.
  form.addEventListener('reset', () => setTimeout(apply, 0));
}
