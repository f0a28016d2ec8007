/// <reference lib="dom" />

import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOSTILE, PDF_FEEDBACK, writeSampleRun } from './test-support/sample-run.js';
import { writeHtmlReport } from './write-html-report.js';

const CHROMIUM = '/usr/bin/chromium';
/** Skipped where Debian's chromium is missing, except in CI, which installs it (scripts/setup-system.sh) and must run this. */
const NO_BROWSER =
  !existsSync(CHROMIUM) && !process.env.CI
    ? `${CHROMIUM} is missing: run bash scripts/setup-system.sh (it installs chromium), as CI does`
    : undefined;
/** Screenshots and the page they show are kept here (gitignored) for a person to look at after the run. */
const OUTPUT = fileURLToPath(new URL('../test-output/', import.meta.url));

describe('the HTML report in a browser', () => {
  let dir: string;
  let browser: Browser;

  beforeEach((ctx) => {
    if (NO_BROWSER) ctx.skip(NO_BROWSER);
  });

  beforeAll(async () => {
    if (NO_BROWSER) return;
    if (!existsSync(CHROMIUM)) {
      throw new Error(`${CHROMIUM} is missing: run bash scripts/setup-system.sh (CI runs it before the tests).`);
    }
    dir = await mkdtemp(join(tmpdir(), 'report-html-'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('renders, filters, expands a case to its transcript and fetches nothing', async () => {
    const { results, summary } = await writeSampleRun(dir);
    const file = await writeHtmlReport(dir);
    const url = pathToFileURL(file).href;

    const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    const requests: string[] = [];
    const pageErrors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(url);

    // It renders: headings of every section the run has data for, and the counts of the run.
    await expect(page.locator('h1').textContent()).resolves.toBe('skill-eval report');
    const headings = await page.locator('h2').allTextContents();
    const failing = results.flatMap((r, i) => (r.status === 'failed' || r.status === 'error' ? [i] : []));
    expect(headings).toEqual([
      `Failures (${failing.length})`,
      'Summary',
      'Benchmark',
      'Trigger rates',
      'Repeats',
      'Judge feedback on the criteria',
      'Cases',
    ]);
    // The judge's remarks are listed once per case, however many runs repeated them.
    const feedbackItems = await page.locator('#feedback-h ~ ul.feedback-cases ul.feedback li').allTextContents();
    expect(feedbackItems).toEqual(PDF_FEEDBACK.suggestions.map((s) => expect.stringContaining(s.reason)));
    const casesCard = page.locator('.card', { hasText: 'Cases passed' }).locator('.card-value');
    await expect(casesCard.textContent()).resolves.toBe(`${summary.caseTotals.passed} / ${summary.caseTotals.cases}`);
    const rows = page.locator('tr.case-row');
    const visible = page.locator('tr.case-row:visible');
    expect(await rows.count()).toBe(results.length);
    expect(await visible.count()).toBe(results.length);
    await expect(page.locator('#case-count').textContent()).resolves.toBe(
      `${results.length} of ${results.length} executions`,
    );
    expect(await page.locator('svg[aria-label^="Pass rate per case"]').count()).toBe(1);
    expect(await page.locator('#repeats-h + p + .table-wrap .badge.flaky').count()).toBe(1);

    // The failures list leads: a failure's link opens its row, whose verdict and failed checks come before the transcript.
    const links = page.locator('ol.failure-list a.failure-link');
    expect(await links.count()).toBe(failing.length);
    const target = failing[0]!;
    await links.first().click();
    const opened = page.locator(`#detail-${target}`);
    await expect(opened.isVisible()).resolves.toBe(true);
    await expect(page.locator(`#row-${target} button.toggle`).getAttribute('aria-expanded')).resolves.toBe('true');
    const titles = await opened.locator('.detail-section > h3').allTextContents();
    const transcriptAt = titles.findIndex((t) => t.startsWith('Transcript') || t.startsWith('Prompt'));
    expect(titles[0]).toBe('Verdict');
    const failedChecks = titles.findIndex((t) => t.startsWith('Failed checks'));
    if (results[target]!.checks.some((c) => !c.passed)) expect(failedChecks).toBeGreaterThan(0);
    expect(failedChecks).toBeLessThan(transcriptAt);
    await page.locator(`#row-${target} button.toggle`).click();

    // A status filter narrows the table to that status.
    const failed = results.filter((r) => r.status === 'failed');
    await page.selectOption('select[data-filter="status"]', 'failed');
    expect(await visible.count()).toBe(failed.length);
    // Every shown row is a failed execution, and every failed execution is shown.
    const shownIds = await visible.evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('.badge')?.textContent, tr.getAttribute('data-i')]),
    );
    expect(new Set(shownIds.map(([badge]) => badge))).toEqual(new Set(['fail']));
    expect(shownIds.map(([, i]) => results[Number(i)]!.executionId)).toEqual(failed.map((r) => r.executionId));
    await expect(page.locator('#case-count').textContent()).resolves.toBe(
      `${failed.length} of ${results.length} executions`,
    );

    // Search and the tag filter combine with it; Clear brings every row back.
    await page.click('button[type="reset"]');
    await expect.poll(() => visible.count()).toBe(results.length);
    await page.fill('input[data-filter="q"]', 'outside the workspace');
    expect(await visible.count()).toBe(results.filter((r) => r.caseId === 'unsafe-path').length);
    await page.fill('input[data-filter="q"]', '');
    await page.selectOption('select[data-filter="tag"]', 'pdf');
    await page.selectOption('select[data-filter="variant"]', 'with_skill');
    expect(await visible.count()).toBe(
      results.filter((r) => r.tags?.includes('pdf') && r.variant === 'with_skill').length,
    );

    // A case expands to its prompt, transcript (tool calls with inputs and results), checks and artifacts.
    const first = page.locator('tr.case-row:visible').first();
    await first.locator('button.toggle').click();
    const detail = page.locator('tr.detail-row:visible');
    await expect(detail.count()).resolves.toBe(1);
    await expect(first.locator('button.toggle').getAttribute('aria-expanded')).resolves.toBe('true');
    const detailText = await detail.textContent();
    expect(detailText).toContain('Summarise report.txt into summary.pdf');
    expect(await detail.locator('code.tool-name').allTextContents()).toContain('WritePdfFile');
    expect(detailText).toContain('"file_path": "summary.pdf"');
    expect(detailText).toContain('wrote 2 pages');
    expect(detailText).toContain('mentions page count');
    // The judge's remarks on the criteria sit below the checks, each with its kind and the criterion it is about.
    expect(detailText).toContain('Judge feedback on the criteria (verdicts unchanged)');
    expect(await detail.locator('ul.feedback li').allTextContents()).toEqual([
      `weak The PDF has a title page: ${PDF_FEEDBACK.suggestions[0]!.reason}`,
      `missing ${PDF_FEEDBACK.suggestions[1]!.reason}`,
    ]);
    const artifact = detail.locator('ul.artifacts a');
    expect(await artifact.getAttribute('href')).toMatch(/^artifacts\/.+\/collected\/summary\.pdf$/);
    await mkdir(OUTPUT, { recursive: true });
    await copyFile(file, join(OUTPUT, 'report.html'));
    await page.screenshot({ path: join(OUTPUT, 'report-light.png'), fullPage: true });

    // A simulated user's messages are marked in the prompts and the transcript, with why it stopped.
    await page.click('button[type="reset"]');
    await page.fill('input[data-filter="q"]', 'Refuses to write');
    await page.selectOption('select[data-filter="variant"]', 'without_skill');
    await visible.first().locator('button.toggle').click();
    const simulated = page.locator('tr.detail-row:visible');
    expect(await simulated.locator('ol.prompts > li.simulated .text').allTextContents()).toEqual([
      'Please, it is urgent.',
    ]);
    expect(await simulated.locator('li.event.message.user.simulated .event-head').allTextContents()).toEqual([
      'user (simulated)',
    ]);
    expect(await simulated.textContent()).toContain('Simulated user stoppedThe agent refused twice.');
    await visible.first().locator('button.toggle').click();

    // Untrusted strings stay text: the hostile case shows its markup literally and runs nothing.
    await page.click('button[type="reset"]');
    await page.fill('input[data-filter="q"]', 'onerror');
    expect(await visible.count()).toBe(1);
    await visible.first().locator('button.toggle').click();
    expect(await page.locator('tr.detail-row:visible code.tool-name').allTextContents()).toEqual([HOSTILE]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // Dark mode renders too (a second screenshot); nothing anywhere asked the network for anything.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.click('button[type="reset"]');
    await page.screenshot({ path: join(OUTPUT, 'report-dark.png'), fullPage: false });
    expect(pageErrors).toEqual([]);
    expect(requests).toEqual([url]);
    await context.close();
  }, 60_000);

  it("says in a row why its transcript was left out (a link in someone else's run directory)", async () => {
    const run = join(dir, 'planted');
    const { results } = await writeSampleRun(run);
    const target = results.findIndex((r) => r.transcriptFile);
    const transcript = join(run, results[target]!.transcriptFile!);
    await rm(transcript);
    await symlink('/etc/hostname', transcript);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pathToFileURL(await writeHtmlReport(run)).href);
    await page.locator(`#row-${target} button.toggle`).click();
    await expect(page.locator(`#detail-${target}`).textContent()).resolves.toContain(
      `Not shown: ${results[target]!.transcriptFile} was left out: it is a symbolic link, which is never followed.`,
    );
    await expect(page.locator('#left-out-h').textContent()).resolves.toBe('Left out of this report (1)');
    await context.close();
  }, 60_000);
});
