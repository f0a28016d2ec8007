import {
  appendFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { type CaseResult, createRedactor, type RunSummary } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { createResultStore } from './result-store.js';
import { useTempDir } from './test-support/fixtures.js';

const HOST_TEXT = 'host-only text\n';
const redact = createRedactor([]);
const result = (executionId: string) =>
  ({ executionId, caseId: executionId, status: 'passed' }) as unknown as CaseResult;
const summary = { runId: 'r', cases: [] } as unknown as RunSummary;

describe.runIf(process.platform !== 'win32')('the result store in a run directory someone else wrote', () => {
  let run = '';
  let host = '';
  useTempDir('result-store-', (made) => {
    run = join(made, 'run');
    host = join(made, 'host');
    mkdirSync(run);
    mkdirSync(host);
    writeFileSync(join(host, 'bashrc'), HOST_TEXT);
  });
  const hostUntouched = () => {
    expect(readFileSync(join(host, 'bashrc'), 'utf8')).toBe(HOST_TEXT);
    expect(readdirSync(host)).toEqual(['bashrc']);
  };

  it('writes summary.json through no link planted at the temporary name an older skill-eval used', async () => {
    symlinkSync(join(host, 'bashrc'), join(run, `summary.json.${process.pid}.tmp`));
    const store = await createResultStore(run, redact);
    await store.writeSummary(summary);
    hostUntouched();
    expect(lstatSync(join(run, 'summary.json')).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(join(run, 'summary.json'), 'utf8'))).toEqual(summary);
  });

  it('writes results.jsonl again, at the seal, through no link planted at its temporary name', async () => {
    const store = await createResultStore(run, redact);
    await store.appendResult(result('a'));
    // Something else appended a line: the seal writes the file again from the harness's own copy.
    appendFileSync(join(run, 'results.jsonl'), '{"forged":true}\n');
    symlinkSync(join(host, 'bashrc'), join(run, `results.jsonl.${process.pid}.tmp`));
    expect(await store.seal()).toContain('results.jsonl (changed; removed)');
    hostUntouched();
    expect(readFileSync(join(run, 'results.jsonl'), 'utf8')).toBe(`${JSON.stringify(result('a'))}\n`);
  });

  it('appends to no results.jsonl that is a link (a dangling one would make its target), naming it', async () => {
    symlinkSync(join(host, 'made-through-a-link'), join(run, 'results.jsonl'));
    await expect(createResultStore(run, redact)).rejects.toMatchObject({ path: join(run, 'results.jsonl') });
    hostUntouched();
  });

  it('writes no transcript into a transcripts/ folder that is a link, nor through a link at a transcript', async () => {
    symlinkSync(host, join(run, 'transcripts'));
    await expect(createResultStore(run, redact)).rejects.toMatchObject({ path: join(run, 'transcripts') });
    hostUntouched();

    const other = join(run, 'other');
    mkdirSync(join(other, 'transcripts'), { recursive: true });
    symlinkSync(join(host, 'bashrc'), join(other, 'transcripts', 'x.json'));
    const store = await createResultStore(other, redact);
    expect(await store.copyTranscript('x', '{"engineId":"fake"}')).toBe('transcripts/x.json');
    hostUntouched();
    expect(lstatSync(join(other, 'transcripts', 'x.json')).isFile()).toBe(true);
    expect(existsSync(join(other, 'results.jsonl'))).toBe(true);
  });
});
