import { type CaseResult, CaseResultSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from './render-html-report.js';
import { embeddedJson } from './test-support/extract.js';
import { HOSTILE, sampleRun } from './test-support/sample-run.js';

const run = () => sampleRun('/runs/sample');

describe('renderHtmlReport', () => {
  it('escapes every string from the run: no hostile markup reaches the page as markup', async () => {
    const { results, summary, sessions } = run();
    const page = await renderHtmlReport({ summary, results, transcripts: async (id) => sessions.get(id) });
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<script>window.__pwned');
    // Our own script blocks are the only ones: one app script, JSON blocks for data and each transcript.
    const scripts = page.match(/<script[^>]*>/g) ?? [];
    expect(scripts.filter((tag) => tag === '<script>')).toHaveLength(1);
    expect(scripts.length).toBe(2 + sessions.size);
    // The hostile strings are still there, as data the browser shows as text.
    const data = embeddedJson(page, 'report-data') as { results: CaseResult[] };
    expect(data.results.find((r) => r.caseId === 'hostile')?.caseName).toBe(HOSTILE);
    expect(page).toContain('&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;');
  });

  it('references nothing outside the file, and forbids fetching by policy', async () => {
    const { results, summary, sessions } = run();
    // The hostile case says `src=` in its text; every other string of the run is plain.
    const page = await renderHtmlReport({
      summary,
      results: results.filter((r) => r.caseId !== 'hostile'),
      transcripts: async (id) => sessions.get(id),
    });
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;`);
    expect(page).not.toMatch(/https?:\/\//);
    expect(page).not.toMatch(/<link\b|\bsrc=|@import|url\(/);
  });

  it('leads with what failed and why: each failed or errored execution, linked to its row', async () => {
    const { results, summary } = run();
    const page = await renderHtmlReport({ summary, results });
    const failing = results.flatMap((r, i) => (r.status === 'failed' || r.status === 'error' ? [i] : []));
    expect(failing.length).toBeGreaterThan(0);
    expect(page).toContain(`<h2 id="failures-h">Failures (${failing.length})</h2>`);
    expect(page.indexOf('id="failures-h"')).toBeLessThan(page.indexOf('id="summary-h"'));
    const section = page.slice(
      page.indexOf('id="failures-h"'),
      page.indexOf('</section>', page.indexOf('id="failures-h"')),
    );
    expect([...section.matchAll(/href="#row-(\d+)"/g)].map((m) => Number(m[1]))).toEqual(failing);
    // Each with its reason, as the table's Why column gives it.
    const first = results[failing[0]!]!;
    expect(section).toContain(first.error ? first.error.code : first.checks.find((c) => !c.passed)!.name);
    const passing = results.filter((r) => r.status === 'passed');
    const clean = await renderHtmlReport({ summary, results: passing });
    expect(clean).not.toContain('failures-h');
  });

  it('shows benchmark, repeat and trigger sections only when the run has them', async () => {
    const { results, summary } = run();
    const full = await renderHtmlReport({ summary, results });
    for (const heading of [
      'Summary',
      'Benchmark',
      'Trigger rates',
      'Repeats',
      'Judge feedback on the criteria',
      'Cases',
    ])
      expect(full).toContain(`>${heading}</h2>`);
    expect(full).toContain('aria-label="Pass rate per case: with_skill against without_skill"');

    const single = results
      .filter((r) => r.run === 1 && r.kind === 'task' && r.variant === 'with_skill')
      .map(({ judge: _judge, ...r }) => r);
    const plain = await renderHtmlReport({
      summary: {
        ...summary,
        benchmark: undefined,
        cases: summary.cases.filter((c) => c.runs === 1 && !c.trigger),
      },
      results: single,
    });
    expect(plain).toContain('>Summary</h2>');
    expect(plain).not.toContain('>Benchmark</h2>');
    expect(plain).not.toContain('>Repeats</h2>');
    expect(plain).not.toContain('>Trigger rates</h2>');
    expect(plain).not.toContain('>Judge feedback on the criteria</h2>');
    expect(plain.match(/<tr class="case-row/g)).toHaveLength(single.length);
  });

  it('embeds transcripts as data, one block per execution that has one, without building their markup', async () => {
    const { results, summary, sessions } = run();
    const page = await renderHtmlReport({ summary, results, transcripts: async (id) => sessions.get(id) });
    results.forEach((r, i) => {
      expect(embeddedJson(page, `transcript-${i}`)).toEqual(
        sessions.has(r.executionId) ? expect.anything() : undefined,
      );
    });
    const first = results.findIndex((r) => sessions.has(r.executionId));
    expect(embeddedJson(page, `transcript-${first}`)).toEqual(
      JSON.parse(JSON.stringify(sessions.get(results[first]!.executionId))),
    );
    // Transcript events become markup in the browser, on click; the served page has none.
    expect(page).not.toContain('WritePdfFile</code>');
    const without = await renderHtmlReport({ summary, results });
    expect(without).not.toContain('id="transcript-');
  });

  it('lists artifacts from the loader, or else those the case collected', async () => {
    const { results, summary } = run();
    const collected = (page: string) =>
      (embeddedJson(page, 'report-data') as { results: { artifacts: string[] }[] }).results.map((r) => r.artifacts);
    const fromResults = collected(await renderHtmlReport({ summary, results }));
    expect(fromResults).toEqual(results.map((r) => r.workspace?.collected ?? []));
    expect(fromResults.flat().length).toBeGreaterThan(0);
    const fromLoader = collected(
      await renderHtmlReport({ summary, results, artifacts: async (id) => [`artifacts/${id}/setup.log`] }),
    );
    expect(fromLoader).toEqual(results.map((r) => [`artifacts/${r.executionId}/setup.log`]));
  });

  it('renders a thousand executions as a thousand rows', async () => {
    const { results, summary, sessions } = run();
    const many = Array.from({ length: 1000 }, (_, i) =>
      CaseResultSchema.parse({ ...results[i % results.length]!, executionId: `e${i}` }),
    );
    const session = [...sessions.values()][0]!;
    const page = await renderHtmlReport({ summary, results: many, transcripts: async () => session });
    expect(page.match(/<tr class="case-row/g)).toHaveLength(1000);
    expect(page.match(/<script type="application\/json" id="transcript-/g)).toHaveLength(1000);
  });

  it('shows at most 64 KiB of any one text, and says how much more there is and in which file', async () => {
    const { results, summary, sessions } = run();
    const first = results.findIndex((r) => sessions.has(r.executionId));
    const result = results[first]!;
    const answer = `${'a'.repeat(70_000)}${'z'.repeat(8 * 1024 * 1024)}`;
    const session = sessions.get(result.executionId)!;
    const chatty = { ...session, finalText: answer };
    const withAnswer = results.map((r, i) =>
      i === first ? { ...r, session: { ...r.session!, finalText: answer } } : r,
    );
    const page = await renderHtmlReport({
      summary,
      results: withAnswer,
      transcripts: async (id) => (id === result.executionId ? chatty : sessions.get(id)),
    });
    // The answer is in the page twice (the result and its transcript), cut each time.
    expect(page.length).toBeLessThan(1024 * 1024);
    const shown = (embeddedJson(page, `transcript-${first}`) as { finalText: string }).finalText;
    expect(shown.slice(0, 65_536)).toBe(answer.slice(0, 65_536));
    expect(shown).toContain(`8,393,072 more characters not shown here: the whole text is in ${result.transcriptFile}`);
    const inData = (embeddedJson(page, 'report-data') as { results: { session: { finalText: string } }[] }).results[
      first
    ]!.session.finalText;
    expect(inData).toBe(shown);
    // Everything else is as it was.
    const plain = await renderHtmlReport({ summary, results, transcripts: async (id) => sessions.get(id) });
    const other = results.findIndex((r, i) => i !== first && sessions.has(r.executionId));
    expect(embeddedJson(page, `transcript-${other}`)).toEqual(embeddedJson(plain, `transcript-${other}`));
  });
});
