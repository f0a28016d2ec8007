import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CaseResult, CaseResultSchema, RunSummarySchema } from './result.js';
import { routingSummaries } from './routing-summary.js';

const minimal: unknown = JSON.parse(readFileSync(new URL('./fixtures/case-result.json', import.meta.url), 'utf8'));
const SKILLS = ['pdf', 'csv', 'docx'];
let n = 0;
/** One routed run of query `caseId`: expected → chosen (undefined: the run errored before routing). */
const run = (caseId: string, expected: string | null, chosen: string | null | undefined, fields: object = {}) =>
  CaseResultSchema.parse({
    ...(minimal as object),
    executionId: `e${++n}`,
    caseId,
    caseName: `query ${caseId}`,
    kind: 'trigger',
    routing: { expected, ...(chosen === undefined ? {} : { chosen }), skills: SKILLS },
    ...fields,
  });

describe('routingSummaries', () => {
  const results: CaseResult[] = [
    run('q1', 'pdf', 'pdf'),
    run('q1', 'pdf', 'csv'),
    run('q2', 'csv', 'csv'),
    run('q3', null, null),
    run('q4', null, 'pdf'),
    run('q5', 'csv', null),
    run('q5', 'csv', undefined, { status: 'error' }),
    run('q5', 'csv', 'pdf', { status: 'error' }),
  ];
  const [table] = routingSummaries(results);

  it('lays the matrix out over the staged skills and a last "none" row and column', () => {
    expect(table!.labels).toEqual(['pdf', 'csv', 'docx', null]);
    expect(table!.matrix).toEqual([
      [1, 1, 0, 0], // pdf expected: once pdf, once csv
      [0, 1, 0, 1], // csv expected: once csv, once nothing
      [0, 0, 0, 0], // docx: never expected, never chosen
      [1, 0, 0, 1], // none expected: once pdf fired, once nothing
    ]);
    expect(table).toMatchObject({ executions: 6, correct: 3, accuracy: 0.5, unrouted: 2 });
  });

  it('gives precision and recall per skill, null where there is nothing to divide by', () => {
    const stats = Object.fromEntries(table!.skills.map((s) => [String(s.skill), s]));
    expect(stats.pdf).toEqual({ skill: 'pdf', expected: 2, chosen: 2, correct: 1, precision: 0.5, recall: 0.5 });
    expect(stats.csv).toEqual({ skill: 'csv', expected: 2, chosen: 2, correct: 1, precision: 0.5, recall: 0.5 });
    // Never expected and never chosen: neither ratio means anything.
    expect(stats.docx).toEqual({ skill: 'docx', expected: 0, chosen: 0, correct: 0, precision: null, recall: null });
    expect(stats.null).toEqual({ skill: null, expected: 2, chosen: 2, correct: 1, precision: 0.5, recall: 0.5 });
  });

  it('lists the queries that went to the wrong skill, with where their wrong runs went', () => {
    expect(table!.misrouted).toEqual([
      {
        suiteId: expect.any(String),
        caseId: 'q1',
        caseName: 'query q1',
        expected: 'pdf',
        runs: 2,
        wrong: [{ skill: 'csv', runs: 1 }],
      },
      {
        suiteId: expect.any(String),
        caseId: 'q4',
        caseName: 'query q4',
        expected: null,
        runs: 1,
        wrong: [{ skill: 'pdf', runs: 1 }],
      },
      {
        suiteId: expect.any(String),
        caseId: 'q5',
        caseName: 'query q5',
        expected: 'csv',
        runs: 1,
        wrong: [{ skill: null, runs: 1 }],
      },
    ]);
  });

  it('separates engines, gives a skill only chosen a column, and a skill only expected a row', () => {
    const tables = routingSummaries([
      run('a', 'pdf', 'stray', { engine: 'claude-code' }),
      run('a', 'pdf', 'pdf', { engine: 'codex' }),
      run('b', 'xlsx', null, { engine: 'codex' }),
    ]);
    expect(tables.map((t) => t.engine)).toEqual(['claude-code', 'codex']);
    const [claude, codex] = tables;
    expect(claude!.labels).toEqual(['pdf', 'csv', 'docx', 'stray', null]);
    expect(claude!.skills.find((s) => s.skill === 'stray')).toMatchObject({
      expected: 0,
      chosen: 1,
      precision: 0,
      recall: null,
    });
    expect(claude!.skills.find((s) => s.skill === 'pdf')).toMatchObject({
      expected: 1,
      chosen: 0,
      precision: null,
      recall: 0,
    });
    expect(codex!.labels).toEqual(['pdf', 'csv', 'docx', 'xlsx', null]);
    expect(codex!.accuracy).toBe(0.5);
  });

  it('has no table without routing results, and nothing to divide when every run errored', () => {
    expect(routingSummaries([CaseResultSchema.parse(minimal)])).toEqual([]);
    const [errored] = routingSummaries([run('q', 'pdf', undefined, { status: 'error' })]);
    expect(errored).toMatchObject({ executions: 0, correct: 0, accuracy: 0, unrouted: 1, misrouted: [] });
  });

  it('is written in summary.json additively: a summary without it still reads', () => {
    const old = RunSummarySchema.safeParse({
      runId: 'r',
      outDir: 'o',
      startedAt: 's',
      finishedAt: 'f',
      durationMs: 0,
      totals: { executions: 0, passed: 0, failed: 0, errors: 0, skipped: 0, usage: {}, costUsd: 0 },
      groups: [],
    });
    expect(old.success).toBe(true);
    expect(old.data?.routing).toBeUndefined();
  });
});
