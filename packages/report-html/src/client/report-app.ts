/// <reference lib="dom" />

/**
 * The report's browser code. It is inlined into the page with `Function.prototype.toString`, so it must be one
 * self-contained function: no imports, no outer references, every helper nested. It only ever writes untrusted
 * text through `textContent` and attribute setters, never as markup.
 */
export function reportApp(): void {
  type Json = any;
  interface Row {
    tr: HTMLTableRowElement;
    result: Json;
    haystack: string;
    detail?: HTMLTableRowElement;
  }

  const dataEl = document.getElementById('report-data');
  const table = document.getElementById('cases') as HTMLTableElement | null;
  if (!dataEl || !table) return;
  const data = JSON.parse(dataEl.textContent || '{}') as { results: Json[] };
  const columns = table.tHead?.rows[0]?.cells.length ?? 1;

  type Child = Node | string | number | null | undefined | false;
  function h(tag: string, attrs: Record<string, string> | null, ...children: (Child | Child[])[]): HTMLElement {
    const el = document.createElement(tag);
    if (attrs) for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      el.append(typeof child === 'object' ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  function duration(ms: number): string {
    if (!Number.isFinite(ms) || ms < 0) return '—';
    if (ms < 1000) return `${Math.round(ms)}ms`;
    if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
    const s = Math.round(ms / 1000);
    return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  }

  function pretty(value: unknown): string {
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value, null, 2) ?? String(value);
    } catch {
      return String(value);
    }
  }

  function section(title: string, ...body: (Child | Child[])[]): HTMLElement {
    return h('section', { class: 'detail-section' }, h('h3', null, title), ...body);
  }

  function badge(text: string, cls: string): HTMLElement {
    return h('span', { class: `badge ${cls}` }, text);
  }

  function pre(text: string, cls = ''): HTMLElement {
    return h('pre', { class: `block ${cls}`.trim(), tabindex: '0' }, text);
  }

  function meta(result: Json): HTMLElement {
    const s = result.session;
    const items: [string, string][] = [
      ['Execution', result.executionId],
      ['Started', result.startedAt],
      ['Duration', duration(result.durationMs)],
    ];
    if (s) {
      items.push(['Engine run', `${duration(s.durationMs)} · ${s.turns} turns · ${s.status}`]);
      const u = s.usage;
      items.push([
        'Tokens',
        `${u.inputTokens} in · ${u.outputTokens} out · ${u.cacheReadTokens} cache read · ${u.cacheWriteTokens} cache write`,
      ]);
      if (s.costUsd !== undefined) items.push(['Cost', `$${Number(s.costUsd).toFixed(4)}`]);
    }
    if (result.model) items.push(['Model', result.model]);
    if (result.engineVersion) items.push(['Engine version', result.engineVersion]);
    if (result.judge)
      items.push([
        'Judge',
        `${result.judge.engine}${result.judge.model ? ` (${result.judge.model})` : ''} · prompt ${result.judge.promptVersion}`,
      ]);
    if (result.attempts) items.push(['Attempts', String(result.attempts)]);
    if (result.cachedFrom)
      items.push(['Cached from', `${result.cachedFrom.executionId} (${duration(result.cachedFrom.durationMs)})`]);
    if (result.workspace?.staging) items.push(['Fixtures staged by', result.workspace.staging]);
    if (result.triggered !== undefined)
      items.push(['Skill fired', `${result.triggered ? 'yes' : 'no'} (${result.triggerDetection ?? 'any-tool'})`]);
    return h('dl', { class: 'meta' }, ...items.flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)]));
  }

  function checkList(checks: Json[]): HTMLElement {
    return h(
      'ul',
      { class: 'checks' },
      checks.map((c) => {
        const state = c.errored ? 'error' : c.passed ? 'passed' : 'failed';
        const flags = [
          c.gate ? badge('gate', 'muted') : null,
          c.required ? badge('required', 'muted') : null,
          c.weight !== 1 ? badge(`weight ${c.weight}`, 'muted') : null,
        ];
        return h(
          'li',
          { class: `check ${state}` },
          h(
            'div',
            { class: 'check-head' },
            badge(state === 'passed' ? 'pass' : state === 'failed' ? 'fail' : 'error', state),
            h('span', { class: 'check-name' }, c.name || c.type),
            h('span', { class: 'check-type' }, c.type),
            h('span', { class: 'check-score' }, `score ${Number(c.score).toFixed(2)}`),
            ...flags,
          ),
          c.evidence ? h('blockquote', { class: 'evidence' }, c.evidence) : null,
          c.checks?.length ? checkList(c.checks) : null,
        );
      }),
    );
  }

  function transcriptView(session: Json): HTMLElement {
    const names = new Map<string, string>();
    const items = (session.events ?? []).map((e: Json) => {
      switch (e.type) {
        case 'message':
          return h(
            'li',
            { class: `event message ${e.role}` },
            h('div', { class: 'event-head' }, e.role),
            h('div', { class: 'text' }, e.text),
          );
        case 'reasoning':
          return h(
            'li',
            { class: 'event reasoning' },
            h('details', null, h('summary', null, 'reasoning'), h('div', { class: 'text' }, e.text)),
          );
        case 'tool-call':
          names.set(e.id, e.name);
          return h(
            'li',
            { class: 'event tool-call' },
            h('div', { class: 'event-head' }, 'tool call ', h('code', { class: 'tool-name' }, e.name)),
            pre(pretty(e.input)),
          );
        case 'tool-result':
          return h(
            'li',
            { class: `event tool-result${e.isError ? ' is-error' : ''}` },
            h(
              'div',
              { class: 'event-head' },
              e.isError ? 'tool error ' : 'tool result ',
              h('code', null, names.get(e.id) ?? e.id),
            ),
            pre(e.output),
          );
        case 'skill':
          return h(
            'li',
            { class: 'event skill' },
            h('div', { class: 'event-head' }, 'skill ', h('code', null, e.name), ` fired (${e.via})`),
          );
        case 'error':
          return h(
            'li',
            { class: 'event error' },
            h('div', { class: 'event-head' }, 'error'),
            h('div', null, e.message),
          );
        default:
          return h('li', { class: 'event' }, pre(pretty(e)));
      }
    });
    return h('ol', { class: 'transcript' }, items);
  }

  function transcriptSections(index: number): HTMLElement[] {
    const el = document.getElementById(`transcript-${index}`);
    if (!el)
      return [section('Transcript', h('p', { class: 'muted' }, 'No transcript was recorded for this execution.'))];
    let session: Json;
    try {
      session = JSON.parse(el.textContent || 'null');
    } catch {
      return [section('Transcript', h('p', { class: 'muted' }, 'The transcript could not be read.'))];
    }
    const prompts = (session.events ?? []).filter((e: Json) => e.type === 'message' && e.role === 'user');
    const out = [
      section(
        prompts.length > 1 ? `Prompts (${prompts.length} turns)` : 'Prompt',
        prompts.length === 0
          ? h('p', { class: 'muted' }, 'The transcript holds no user message.')
          : h(
              'ol',
              { class: 'prompts' },
              prompts.map((p: Json) => h('li', null, h('div', { class: 'text' }, p.text))),
            ),
      ),
    ];
    out.push(
      section(
        `Transcript (${(session.events ?? []).length} events, ${(session.toolCalls ?? []).length} tool calls)`,
        transcriptView(session),
      ),
    );
    if (session.finalMessage)
      out.push(section('Final message', h('div', { class: 'text final' }, session.finalMessage)));
    return out;
  }

  function detailFor(row: Row, index: number): HTMLTableRowElement {
    const r = row.result;
    const parts: HTMLElement[] = [];
    if (r.error)
      parts.push(h('div', { class: 'error-box', role: 'note' }, h('strong', null, r.error.code), ' ', r.error.message));
    parts.push(section('Timing and engine', meta(r)));
    parts.push(...transcriptSections(index));
    const skills = r.session?.skillsInvoked ?? [];
    parts.push(
      section(
        'Skills invoked',
        skills.length === 0
          ? h('p', { class: 'muted' }, 'None seen.')
          : h(
              'ul',
              { class: 'inline-list' },
              skills.map((s: Json) => h('li', null, h('code', null, s.name), ` via ${s.via}`)),
            ),
      ),
    );
    parts.push(
      section(
        `Checks (${r.checks.length})`,
        r.checks.length === 0 ? h('p', { class: 'muted' }, 'No check was graded.') : checkList(r.checks),
      ),
    );
    const feedback = r.judge?.feedback;
    if (feedback?.suggestions?.length || feedback?.overall) {
      parts.push(
        section(
          'Judge feedback on the criteria (verdicts unchanged)',
          h(
            'ul',
            { class: 'feedback' },
            (feedback.suggestions ?? []).map((s: Json) =>
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
          feedback.overall ? h('p', { class: 'muted' }, feedback.overall) : null,
        ),
      );
    }
    const artifacts: string[] = r.artifacts ?? [];
    if (artifacts.length > 0) {
      parts.push(
        section(
          `Artifacts (${artifacts.length})`,
          h(
            'ul',
            { class: 'artifacts' },
            artifacts.map((file) => {
              const a = h('a', null, file) as HTMLAnchorElement;
              // Relative to the report, which sits in the run directory; each segment is encoded, so a name cannot
              // become a scheme or leave the directory.
              a.href = file
                .split('/')
                .map((seg) => encodeURIComponent(seg))
                .join('/');
              return h('li', null, a);
            }),
          ),
        ),
      );
    }
    const warnings: string[] = [...(r.session?.warnings ?? []), ...(r.warnings ?? [])];
    if (warnings.length > 0)
      parts.push(
        section(
          'Warnings',
          h(
            'ul',
            null,
            warnings.map((w) => h('li', null, w)),
          ),
        ),
      );
    const td = h('td', { colspan: String(columns) }, h('div', { class: 'detail' }, parts));
    const tr = h('tr', { class: 'detail-row', id: `detail-${index}` }, td) as HTMLTableRowElement;
    return tr;
  }

  const rows: Row[] = [];
  const byIndex = new Map<number, Row>();
  for (const tr of Array.from(table.tBodies[0]?.rows ?? [])) {
    const index = Number(tr.dataset.i);
    const result = data.results[index];
    if (!result) continue;
    const failing = (result.checks ?? []).filter((c: Json) => !c.passed).map((c: Json) => c.name);
    const haystack = [
      result.caseName,
      result.caseId,
      result.suiteId,
      result.engine,
      result.variant,
      result.model,
      result.status,
      ...(result.tags ?? []),
      result.error?.message,
      ...failing,
      tr.querySelector('.reason')?.textContent,
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    const row: Row = { tr: tr as HTMLTableRowElement, result, haystack };
    rows.push(row);
    byIndex.set(index, row);
  }

  function toggle(row: Row, index: number, open?: boolean): void {
    const button = row.tr.querySelector('button.toggle');
    const isOpen = button?.getAttribute('aria-expanded') === 'true';
    const next = open ?? !isOpen;
    if (next === isOpen) return;
    if (next && !row.detail) {
      row.detail = detailFor(row, index);
      row.tr.after(row.detail);
    }
    if (row.detail) row.detail.hidden = !next;
    button?.setAttribute('aria-expanded', String(next));
    row.tr.classList.toggle('open', next);
  }

  table.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    // A click on a link or inside the details keeps the row as it is.
    if (target.closest('a, .detail-row')) return;
    const tr = target.closest('tr.case-row') as HTMLTableRowElement | null;
    if (!tr) return;
    const index = Number(tr.dataset.i);
    const row = byIndex.get(index);
    if (row) toggle(row, index);
  });

  const form = document.querySelector('form.filters') as HTMLFormElement | null;
  const count = document.getElementById('case-count');
  const empty = document.getElementById('case-empty');

  function apply(): void {
    const value = (name: string) =>
      (form?.querySelector(`[data-filter="${name}"]`) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '';
    const q = value('q').trim().toLowerCase();
    const terms = q ? q.split(/\s+/) : [];
    const want = { status: value('status'), engine: value('engine'), variant: value('variant'), suite: value('suite') };
    const tag = value('tag');
    let shown = 0;
    for (const row of rows) {
      const r = row.result;
      const visible =
        (!want.status || r.status === want.status) &&
        (!want.engine || r.engine === want.engine) &&
        (!want.variant || r.variant === want.variant) &&
        (!want.suite || r.suiteId === want.suite) &&
        (!tag || (r.tags ?? []).includes(tag)) &&
        terms.every((t) => row.haystack.includes(t));
      row.tr.hidden = !visible;
      if (row.detail) row.detail.hidden = !visible || !row.tr.classList.contains('open');
      if (visible) shown++;
    }
    if (count) count.textContent = `${shown} of ${rows.length} executions`;
    if (empty) empty.hidden = shown > 0;
  }

  form?.addEventListener('input', apply);
  form?.addEventListener('change', apply);
  form?.addEventListener('submit', (event) => event.preventDefault());
  // `reset` fires before the fields are cleared.
  form?.addEventListener('reset', () => setTimeout(apply, 0));
  document.documentElement.classList.add('js');
}
