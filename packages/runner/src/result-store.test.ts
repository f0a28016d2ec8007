import { appendFileSync, existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type CaseResult, createRedactor, type RunSummary } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { createResultStore } from './result-store.js';
import { useRunBesideHost } from './test-support/fixtures.js';

const redact = createRedactor([]);
const result = (executionId: string) =>
  ({ executionId, caseId: executionId, status: 'passed' }) as unknown as CaseResult;
const summary = { runId: 'r', cases: [] } as unknown as RunSummary;

describe.runIf(process.platform !== 'win32')('the result store in a run directory someone else wrote', () => {
  const { at, hostUntouched } = useRunBesideHost('result-store-');

  it('writes summary.json through no link planted at the temporary name an older skill-eval used', async () => {
    symlinkSync(join(at.host, 'bashrc'), join(at.run, `summary.json.${process.pid}.tmp`));
    const store = await createResultStore(at.run, redact);
    await store.writeSummary(summary);
    hostUntouched();
    expect(lstatSync(join(at.run, 'summary.json')).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(join(at.run, 'summary.json'), 'utf8'))).toEqual(summary);
  });

  it('writes results.jsonl again, at the seal, through no link planted at its temporary name', async () => {
    const store = await createResultStore(at.run, redact);
    await store.appendResult(result('a'));
    // Something else appended a line: the seal writes the file again from the harness's own copy.
    appendFileSync(join(at.run, 'results.jsonl'), '{"forged":true}\n');
    symlinkSync(join(at.host, 'bashrc'), join(at.run, `results.jsonl.${process.pid}.tmp`));
    expect(await store.seal()).toContain('results.jsonl (changed; removed)');
    hostUntouched();
    expect(readFileSync(join(at.run, 'results.jsonl'), 'utf8')).toBe(`${JSON.stringify(result('a'))}\n`);
  });

  it('appends to no results.jsonl that is a link (a dangling one would make its target), naming it', async () => {
    symlinkSync(join(at.host, 'made-through-a-link'), join(at.run, 'results.jsonl'));
    await expect(createResultStore(at.run, redact)).rejects.toMatchObject({ path: join(at.run, 'results.jsonl') });
    hostUntouched();
  });

  it('writes no transcript into a transcripts/ folder that is a link, nor through a link at a transcript', async () => {
    symlinkSync(at.host, join(at.run, 'transcripts'));
    await expect(createResultStore(at.run, redact)).rejects.toMatchObject({ path: join(at.run, 'transcripts') });
    hostUntouched();

    const other = join(at.run, 'other');
    mkdirSync(join(other, 'transcripts'), { recursive: true });
    symlinkSync(join(at.host, 'bashrc'), join(other, 'transcripts', 'x.json'));
    const store = await createResultStore(other, redact);
    expect(await store.copyTranscript('x', '{"engineId":"fake"}')).toBe('transcripts/x.json');
    hostUntouched();
    expect(lstatSync(join(other, 'transcripts', 'x.json')).isFile()).toBe(true);
    expect(existsSync(join(other, 'results.jsonl'))).toBe(true);
  });
});
