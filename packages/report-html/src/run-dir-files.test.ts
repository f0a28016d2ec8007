import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDirFiles } from './run-dir-files.js';
import { embeddedJson } from './test-support/extract.js';
import { sampleRun, writeSampleRun } from './test-support/sample-run.js';
import { writeHtmlReport } from './write-html-report.js';

const SECRET = 'OUTSIDE-SECRET-7f3a';

let top: string;
let run: string;
let fifos: string[] = [];
beforeEach(async () => {
  top = await mkdtemp(join(tmpdir(), 'report-html-planted-'));
  run = join(top, 'run');
  // A file outside the run directory that would pass for a transcript: embedded, it would show the secret.
  const session = sampleRun(run).results.find((r) => r.session)!.session!;
  await writeFile(join(top, 'outside.json'), JSON.stringify({ ...session, finalMessage: SECRET }));
  await mkdir(join(top, 'outside-folder'));
  await writeFile(join(top, 'outside-folder', 'id_rsa'), SECRET);
});
afterEach(async () => {
  // A reader still waiting on a FIFO (the report without its fix) gets end of file, so the test process can end.
  for (const fifo of fifos) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {}
  }
  fifos = [];
  await rm(top, { recursive: true, force: true });
});

/** The sample run, with the transcripts and artifacts of its first executions replaced as `plant` says. */
async function plantedRun(): Promise<CaseResult[]> {
  const { results } = await writeSampleRun(run);
  return results.filter((r) => r.transcriptFile);
}

const mkfifo = (path: string) => {
  execFileSync('mkfifo', [path]);
  fifos.push(path);
};

describe('the HTML report reads a run directory someone else wrote through the file layer', () => {
  it('follows no link, reads no device, and says in the page what it left out', async () => {
    const [linked, device, ...rest] = await plantedRun();
    await rm(join(run, linked!.transcriptFile!));
    await symlink(join(top, 'outside.json'), join(run, linked!.transcriptFile!));
    await rm(join(run, device!.transcriptFile!));
    await symlink('/dev/null', join(run, device!.transcriptFile!));
    // An execution's artifacts: one a link to a file outside, and another's whole folder a link to a folder outside.
    const collected = join(run, 'artifacts', rest[0]!.executionId, 'collected');
    await mkdir(collected, { recursive: true });
    await symlink(join(top, 'outside-folder', 'id_rsa'), join(collected, 'id_rsa'));
    await rm(join(run, 'artifacts', rest[1]!.executionId), { recursive: true, force: true });
    await mkdir(join(run, 'artifacts'), { recursive: true });
    await symlink(join(top, 'outside-folder'), join(run, 'artifacts', rest[1]!.executionId));

    const page = await readFile(await writeHtmlReport(run), 'utf8');
    expect(page).not.toContain(SECRET);
    const data = embeddedJson(page, 'report-data') as { results: { executionId: string; artifacts: string[] }[] };
    const index = (r: CaseResult) => data.results.findIndex((d) => d.executionId === r.executionId);
    expect(embeddedJson(page, `transcript-${index(linked!)}`)).toEqual({
      leftOut: `${linked!.transcriptFile} was left out: it is a symbolic link, which is never followed`,
    });
    expect(embeddedJson(page, `transcript-${index(device!)}`)).toEqual({
      leftOut: `${device!.transcriptFile} was left out: it is a symbolic link, which is never followed`,
    });
    for (const r of rest.slice(0, 2)) expect(data.results[index(r)]!.artifacts.join()).not.toMatch(/id_rsa/);
    expect(page).toContain('Left out of this report (4)');
    expect(page).toContain(
      `artifacts/${rest[0]!.executionId}/collected/id_rsa was left out: it is a symbolic link, which is never followed`,
    );
    expect(page).toContain(
      `artifacts/${rest[1]!.executionId} was left out: it is a symbolic link, which is never followed`,
    );
  });

  it('never waits on a FIFO planted as a transcript', async () => {
    const [piped] = await plantedRun();
    await rm(join(run, piped!.transcriptFile!));
    mkfifo(join(run, piped!.transcriptFile!));
    const page = await readFile(await writeHtmlReport(run), 'utf8');
    expect(page).toContain(`${piped!.transcriptFile} was left out: it is a FIFO, not a file`);
  }, 10_000);

  it('reads a transcript up to its cap, and says how large the one left out was', async () => {
    const [large, small] = await plantedRun();
    await writeFile(join(run, large!.transcriptFile!), Buffer.alloc(3 * 1024 * 1024, ' '));
    const { results } = sampleRun(run);
    const files = runDirFiles(run, results, { maxTranscriptBytes: 2 * 1024 * 1024 });
    expect(await files.transcript(large!.executionId)).toEqual({
      leftOut: `${large!.transcriptFile} was left out: it is 3.0 MiB, more than the 2.0 MiB the report reads of a transcript`,
    });
    expect(await files.transcript(small!.executionId)).toMatchObject({ engineId: 'anthropic' });
    expect(files.leftOut).toHaveLength(1);
  });

  it('writes report.html through no link planted at its place', async () => {
    await plantedRun();
    const victim = join(top, 'victim.txt');
    await writeFile(victim, 'mine\n');
    await symlink(victim, join(run, 'report.html'));
    // The link itself is replaced (renamed over), never followed: what it pointed to is left as it was.
    expect(await writeHtmlReport(run)).toBe(join(run, 'report.html'));
    expect(await readFile(victim, 'utf8')).toBe('mine\n');
    expect((await lstat(join(run, 'report.html'))).isFile()).toBe(true);
  });

  it('reads summary.json through no link', async () => {
    await plantedRun();
    await rm(join(run, 'summary.json'));
    await symlink(join(top, 'outside.json'), join(run, 'summary.json'));
    await expect(writeHtmlReport(run)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/summary\.json: is a symbolic link, which is never followed/),
    });
  });
});
