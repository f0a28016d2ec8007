import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRunDir } from './read-run-dir.js';
import { embeddedJson } from './test-support/extract.js';
import { writeSampleRun } from './test-support/sample-run.js';
import { writeHtmlReport } from './write-html-report.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-html-write-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeHtmlReport', () => {
  it('writes report.html into the run directory with transcripts and artifacts from it', async () => {
    const { results } = await writeSampleRun(dir);
    const file = await writeHtmlReport(dir);
    expect(file).toBe(join(dir, 'report.html'));
    const page = await readFile(file, 'utf8');
    const data = embeddedJson(page, 'report-data') as { results: { executionId: string; artifacts: string[] }[] };
    expect(data.results.map((r) => r.executionId)).toEqual(results.map((r) => r.executionId));
    const withArtifact = results.findIndex((r) => r.workspace?.collected?.length);
    expect(data.results[withArtifact]!.artifacts).toEqual(results[withArtifact]!.workspace!.collected);
    const withTranscript = results.findIndex((r) => r.transcriptFile);
    expect(embeddedJson(page, `transcript-${withTranscript}`)).toMatchObject({ engineId: 'anthropic' });
  });

  it('says clearly when the directory is not a finished run', async () => {
    await expect(writeHtmlReport(dir)).rejects.toMatchObject({ code: 'USAGE', message: /holds no results\.jsonl/ });
    await writeFile(join(dir, 'results.jsonl'), '');
    await expect(writeHtmlReport(dir)).rejects.toMatchObject({ code: 'USAGE', message: /has no summary\.json/ });
    await writeFile(join(dir, 'summary.json'), '{"runId": 3}');
    await expect(writeHtmlReport(dir)).rejects.toMatchObject({ code: 'BAD_INPUT', message: /not a run summary/ });
  });
});

describe('readRunDir', () => {
  it('skips damaged lines, refuses a repeated execution, and reads nothing outside the run', async () => {
    const { results } = await writeSampleRun(dir);
    const first = results[0]!;
    const escaped = { ...results[1]!, transcriptFile: '../../etc/passwd' };
    const lines = [first, escaped, ...results.slice(2)].map((r) => JSON.stringify(r));
    await writeFile(join(dir, 'results.jsonl'), `${lines.join('\n')}\n{"cut off`);
    const run = await readRunDir(dir);
    expect(run.damagedLines).toBe(1);
    expect(run.results.map((r) => r.executionId)).toEqual(results.map((r) => r.executionId));
    expect(await run.transcript(escaped.executionId)).toEqual({
      leftOut: '../../etc/passwd was left out: it is outside the run directory',
    });
    expect(await run.transcript(first.executionId)).toMatchObject({ engineId: 'anthropic' });
    expect(await run.artifacts('../..')).toEqual([]);
    expect(await run.artifacts('no-such-execution')).toEqual([]);
    const forged = { ...first, status: 'passed' as const, score: 1 };
    await writeFile(join(dir, 'results.jsonl'), `${[...lines, JSON.stringify(forged)].join('\n')}\n`);
    await expect(readRunDir(dir)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining(`results.jsonl:${lines.length + 1}: execution`),
    });
  });
});
