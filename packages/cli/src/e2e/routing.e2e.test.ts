import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, type FakeScript, loadFakeScript, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { REPO_ROOT } from '../test-support/paths.js';
import { readResults, readSummary } from '../test-support/run-output.js';

// A routing table across the three skills of examples/skill-routing, on the anthropic engine against the fake model
// server: every skill is staged, the first skill the agent consults decides, the run stops there, and the confusion
// matrix reaches summary.json, the console and the HTML report.

const EXAMPLE = join('examples', 'skill-routing');

describe('routing between skills, end to end', () => {
  let server: FakeModelServer;
  let script: FakeScript;
  let dir: string;
  beforeAll(async () => {
    script = await loadFakeScript(join(REPO_ROOT, EXAMPLE, 'evals', 'fake-model.json'));
    server = await startFakeModelServer(script);
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-routing-e2e-'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (out: string, extra: string[] = []) => {
    const io = captureIO(REPO_ROOT, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'offline-routing',
    });
    const code = await main(['run', EXAMPLE, '--engine', 'anthropic', '--no-cache', '--out', out, ...extra], io);
    return { code, out: io.out(), err: io.err() };
  };

  it('routes every query where the table says, and stops each run at its Skill call', async () => {
    const out = join(dir, 'right');
    const { code, out: text } = await run(out);
    expect(code).toBe(0);
    const results = readResults(out);
    expect(results).toHaveLength(12); // 4 queries × 3 runs
    for (const r of results) {
      expect(r.routing?.skills).toEqual(['csv-stats', 'date-diff', 'slugify']);
      expect(r.routing?.chosen).toBe(r.routing?.expected);
      // A run that consulted a skill stopped there; the haiku (no skill) ran to its answer.
      expect(r.session?.stoppedEarly).toBe(r.routing?.expected !== null);
    }
    const [table] = readSummary(out).routing ?? [];
    expect(table).toMatchObject({ engine: 'anthropic', executions: 12, correct: 12, accuracy: 1, misrouted: [] });
    expect(table!.labels).toEqual(['csv-stats', 'date-diff', 'slugify', null]);
    expect(table!.matrix).toEqual([
      [3, 0, 0, 0],
      [0, 3, 0, 0],
      [0, 0, 3, 0],
      [0, 0, 0, 3],
    ]);
    expect(text).toContain('Routing: 12/12 runs to the right skill (100%)');
    expect(text).toMatch(/ {2}date-diff +0 +3 +0 +0 +100% +100%\n/);
    const report = captureIO(REPO_ROOT, { PATH: process.env.PATH });
    expect(await main(['report', out, '--html'], report)).toBe(0);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<h2 id="routing-h">Routing</h2>');
  }, 120_000);

  it('shows the query that went to the wrong skill, and a skill that fired for a query that wanted none', async () => {
    // The slug query goes to date-diff instead, and the haiku consults csv-stats.
    const wrong = structuredClone(script);
    const slug = wrong.conversations!.find((c) => c.id === 'title-slug')!;
    slug.responses = [{ toolCalls: [{ name: 'Skill', input: { skill: 'date-diff' } }] }, { text: 'done' }];
    const haiku = wrong.conversations!.find((c) => c.id === 'haiku')!;
    haiku.responses = [{ toolCalls: [{ name: 'Skill', input: { skill: 'csv-stats' } }] }, { text: 'rain' }];
    server.setScript(wrong);
    try {
      const out = join(dir, 'wrong');
      const { code, out: text } = await run(out, ['--runs', '1']);
      expect(code).toBe(1);
      const [table] = readSummary(out).routing ?? [];
      expect(table).toMatchObject({ executions: 4, correct: 2, accuracy: 0.5 });
      expect(table!.skills).toEqual([
        { skill: 'csv-stats', expected: 1, chosen: 2, correct: 1, precision: 0.5, recall: 1 },
        { skill: 'date-diff', expected: 1, chosen: 2, correct: 1, precision: 0.5, recall: 1 },
        { skill: 'slugify', expected: 1, chosen: 0, correct: 0, precision: null, recall: 0 },
        { skill: null, expected: 1, chosen: 0, correct: 0, precision: null, recall: 0 },
      ]);
      expect(table!.misrouted.map((q) => [q.caseId, q.expected, q.wrong])).toEqual([
        ['title-slug', 'slugify', [{ skill: 'date-diff', runs: 1 }]],
        ['haiku', null, [{ skill: 'csv-stats', runs: 1 }]],
      ]);
      expect(text).toContain('Routing: 2/4 runs to the right skill (50%)');
      expect(text).toMatch(
        / {4}examples\/skill-routing\/evals\/triggers\.json › title-slug — expected slugify, went to date-diff 1\/1\n/,
      );
      expect(text).toMatch(
        / {4}examples\/skill-routing\/evals\/triggers\.json › haiku — expected \(none\), went to csv-stats 1\/1\n/,
      );
      const failed = readResults(out).find((r) => r.caseId === 'title-slug');
      expect(failed?.checks[0]).toMatchObject({ type: 'skill-routed', passed: false });
      expect(failed?.checks[0]?.evidence).toBe('routed to skill "date-diff" (fired first); expected skill "slugify"');
      // JUnit: each misrouted run a failure naming both skills, as GitHub's test reporters show `message`.
      const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
      expect(junit.match(/<failure /g)).toHaveLength(2);
      expect(junit).toContain(
        '<failure message="misrouted: expected skill &quot;slugify&quot;, invoked skill &quot;date-diff&quot;" type="routing">',
      );
      expect(junit).toContain('<failure message="misrouted: expected no skill, invoked skill &quot;csv-stats&quot;"');
      // The pull-request comment (and the step summary in it): the same matrix as a table.
      const report = captureIO(REPO_ROOT, { PATH: process.env.PATH });
      expect(await main(['report', out, '--pr-comment'], report)).toBe(0);
      const comment = readFileSync(join(out, 'pr-comment.md'), 'utf8');
      expect(comment).toContain('### Routing: 2/4 runs to the right skill (50%)');
      expect(comment).toContain(
        '| Expected ↓ / chose → | csv-stats | date-diff | slugify | (none) | Precision | Recall |',
      );
      expect(comment).toContain('| csv-stats | **1** | 0 | 0 | 0 | 50% | 100% |');
      expect(comment).toContain('| slugify | 0 | 1 | 0 | 0 | — | 0% |');
      expect(comment).toContain('| (none) | 1 | 0 | 0 | 0 | — | 0% |');
      expect(comment).toContain(
        '| title-slug | examples/skill-routing/evals/triggers.json | slugify | date-diff 1/1 |',
      );
    } finally {
      server.setScript(script);
    }
  }, 120_000);

  it('routes between the skills a table names in "skills", and refuses one outside the project without --trust', async () => {
    // A repository whose skills sit apart from the table: two in tools/, one in a plugin; csv-stats is left out.
    const repo = join(dir, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    const skills = join(REPO_ROOT, EXAMPLE, 'skills');
    cpSync(join(skills, 'date-diff'), join(repo, 'tools', 'date-diff'), { recursive: true });
    cpSync(join(skills, 'slugify'), join(repo, 'plugin', 'skills', 'slugify'), { recursive: true });
    cpSync(join(skills, 'csv-stats'), join(dir, 'elsewhere', 'csv-stats'), { recursive: true });
    mkdirSync(join(repo, 'evals'));
    const table = join(repo, 'evals', 'routing.json');
    const write = (list: string[]) =>
      writeFileSync(
        table,
        `{\n  "skills": ${JSON.stringify(list)},\n  "cases": [\n` +
          '    {"id": "slug", "prompt": "Make a URL slug for the title \'Hello, World: Part 2\'.", "expect": "slugify"},\n' +
          '    {"id": "days", "prompt": "How many days are there between 2024-02-01 and 2024-03-01?", "expect": "date-diff"}\n' +
          '  ]\n}\n',
      );
    write(['../plugin/skills/slugify', '../tools/date-diff']);
    const out = join(dir, 'listed');
    const io = captureIO(REPO_ROOT, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'offline-routing',
    });
    const args = ['run', table, '--engine', 'anthropic', '--no-cache', '--runs', '1'];
    expect(await main([...args, '--out', out], io)).toBe(0);
    const results = readResults(out);
    expect(results.map((r) => [r.caseId, r.routing?.skills, r.routing?.chosen])).toEqual(
      expect.arrayContaining([
        ['slug', ['slugify', 'date-diff'], 'slugify'],
        ['days', ['slugify', 'date-diff'], 'date-diff'],
      ]),
    );
    expect(readSummary(out).routing?.[0]?.labels).toEqual(['slugify', 'date-diff', null]);

    // A skill outside the repository: an error at its line, which --trust lifts.
    write(['../plugin/skills/slugify', '../tools/date-diff', '../../elsewhere/csv-stats']);
    const refused = captureIO(REPO_ROOT, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'x',
    });
    expect(await main([...args, '--out', join(dir, 'refused')], refused)).toBe(2);
    expect(refused.err()).toMatch(
      /routing\.json:2:\d+: error: "\.\.\/\.\.\/elsewhere\/csv-stats" resolves to .*outside this project/,
    );
    expect(refused.err()).toContain('(triggers-json/outside-project)');
    const trusted = captureIO(REPO_ROOT, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'x',
    });
    expect(await main([...args, '--trust', '--out', join(dir, 'trusted')], trusted)).toBe(0);
    expect(readResults(join(dir, 'trusted'))[0]?.routing?.skills).toEqual(['slugify', 'date-diff', 'csv-stats']);
  }, 120_000);
});
