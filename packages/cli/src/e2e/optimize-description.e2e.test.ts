import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OptimizationReport } from '@skill-eval/report-html';
import { type FakeModelServer, type FakeResponse, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { CLAUDE_BIN } from '../test-support/paths.js';
import { processesWithEnv } from '../test-support/processes.js';
import { writeFiles } from '../test-support/write-files.js';

// skill-creator's description loop on the real claude binary against the fake model server. The fake model uses
// the skill for a spreadsheet request only when the skill listing Claude Code sends it says "spreadsheet"; the
// skill's own description does not, so its should-trigger queries fail until the proposing model (claude -p, also
// against the fake server) suggests a description that does.

const ORIGINAL = 'Formats text tables.';
const BETTER = 'Use this skill for spreadsheet work: editing xlsx and csv files, formulas, pivot tables.';
const SKILL = `---\nname: sheets\ndescription: ${ORIGINAL}\nlicense: MIT\n---\n# Sheets\n\nOpen the workbook, then edit it.\n`;
const POSITIVE = [
  'POS-A: add a profit column to Q4 sales.xlsx',
  'POS-B: fix the SUM formula in budget.xlsx',
  'POS-C: make a pivot of orders.csv by region',
];
const NEGATIVE = ['NEG-A: write a haiku about autumn', 'NEG-B: explain TCP slow start', 'NEG-C: rename my git branch'];
const triggers = [
  ...POSITIVE.map((query) => ({ query, should_trigger: true })),
  ...NEGATIVE.map((query) => ({ query, should_trigger: false })),
];
const skillCall: FakeResponse = { toolCalls: [{ name: 'Skill', input: { skill: 'sheets' } }] };
const PROPOSAL_ASK = 'You are improving the description of an agent skill';

describe('skill-eval optimize-description on the real claude binary', () => {
  let server: FakeModelServer;
  let dir: string;
  const tag = randomUUID();

  const optimize = async (out: string, ...extra: string[]) => {
    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-for-the-fake-server',
      SKILL_EVAL_E2E_TAG: tag,
    });
    const code = await main(
      ['optimize-description', 'sheets', '--ek', `path=${CLAUDE_BIN}`, '-o', out, '-j', '4', ...extra],
      io,
    );
    const report = existsSync(join(dir, out, 'optimize.json'))
      ? (JSON.parse(readFileSync(join(dir, out, 'optimize.json'), 'utf8')) as OptimizationReport)
      : undefined;
    return { code, report, out: io.out(), err: io.err() };
  };

  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: [
        {
          id: 'proposal',
          match: { user: PROPOSAL_ASK },
          responses: [{ text: `<new_description>${BETTER}</new_description>` }],
          whenExhausted: 'repeat-last',
        },
        {
          id: 'fires',
          match: { system: 'spreadsheet', user: 'POS-', tools: true },
          responses: [skillCall, { text: 'Done.' }],
        },
      ],
      fallback: { text: 'Sure.' },
    });
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-optimize-e2e-'));
    writeFiles(dir, { 'sheets/SKILL.md': SKILL, 'sheets/evals/triggers.json': JSON.stringify(triggers, null, 2) });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the better description by real trigger runs, chooses it by held-out score, and leaves SKILL.md alone', async () => {
    const before = server.requests.length;
    const { code, report, out, err } = await optimize('opt-1', '--runs-per-query', '1');
    expect(err).not.toMatch(/error/i);
    expect(code).toBe(0);
    // skill-creator's split of 3 + 3 queries (seed 42, holdout 0.4): one of each kind held out.
    expect(report!.split).toEqual({ holdout: 0.4, seed: 42, train: 4, test: 2 });
    const [first, second] = report!.candidates;
    expect(report!.candidates).toHaveLength(2);
    expect(first!.description).toBe(ORIGINAL);
    expect([first!.train.passed, first!.train.total, first!.test!.passed, first!.test!.total]).toEqual([2, 4, 1, 2]);
    for (const q of first!.train.queries) expect(q.triggers).toBe(0);
    expect(second!.description).toBe(BETTER);
    expect([second!.train.passed, second!.test!.passed]).toEqual([4, 2]);
    // One run per query, as asked (skill-creator's default is 3).
    for (const q of [...second!.train.queries, ...second!.test!.queries])
      expect([q.query, q.triggers, q.runs]).toEqual([q.query, q.shouldTrigger ? 1 : 0, 1]);
    expect(report!.exitReason).toBe('all-train-passed');
    expect(report!.best).toEqual({ iteration: 2, description: BETTER });
    expect(report!.applied).toBe(false);
    expect(second!.proposal).toBeDefined();
    expect(report!.totals.tokens).toBeGreaterThan(0);
    expect(out).toContain('SKILL.md is unchanged: pass --apply');
    expect(readFileSync(join(dir, 'sheets/SKILL.md'), 'utf8')).toBe(SKILL);

    // The proposing model saw the training failures, never a held-out query.
    const asked = server.requests.slice(before).filter((r) => r.conversation === 'proposal');
    expect(asked).toHaveLength(1);
    const prompt = JSON.stringify(asked[0]!.body);
    const heldOut = first!.test!.queries.map((q) => q.query);
    for (const q of first!.train.queries) expect(prompt).toContain(q.query.slice(0, 20));
    for (const q of heldOut) expect(prompt).not.toContain(q);
    // The trigger runs saw each description in the skill listing Claude Code sent.
    const runs = server.requests.slice(before).filter((r) => r.conversation !== 'proposal');
    expect(runs.some((r) => JSON.stringify(r.body).includes(ORIGINAL))).toBe(true);
    expect(runs.some((r) => JSON.stringify(r.body).includes(BETTER))).toBe(true);
    // Each iteration is a normal run directory, and the HTML report is written beside the JSON.
    expect(existsSync(join(dir, 'opt-1', second!.runDir, 'summary.json'))).toBe(true);
    const html = readFileSync(join(dir, 'opt-1', 'optimize.html'), 'utf8');
    expect(html).toContain(BETTER);
    expect(html).toContain('held out');
    expect(await processesWithEnv('SKILL_EVAL_E2E_TAG', tag)).toEqual([]);
  }, 120_000);

  it('--apply writes the best description into SKILL.md, keeping the rest of the file; --holdout 0 chooses by training score', async () => {
    const { code, report, out } = await optimize('opt-2', '--runs-per-query', '1', '--holdout', '0', '--apply');
    expect(code).toBe(0);
    expect(report!.split).toMatchObject({ train: 6, test: 0 });
    expect(report!.candidates.map((c) => [c.train.passed, c.test])).toEqual([
      [3, undefined],
      [6, undefined],
    ]);
    expect(report!.best?.iteration).toBe(2);
    expect(report!.applied).toBe(true);
    expect(out).toContain('description replaced by the best one');
    // Its ": " makes it one double-quoted line, which every YAML reader of SKILL.md (1.1 or 1.2) takes alike.
    expect(readFileSync(join(dir, 'sheets/SKILL.md'), 'utf8')).toBe(
      SKILL.replace(`description: ${ORIGINAL}`, `description: ${JSON.stringify(BETTER)}`),
    );
  }, 120_000);
});
