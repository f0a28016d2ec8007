import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { renderWorkspaceFiles } from '../judge/workspace-files.js';
import { snapshotWorkspace } from '../judge/workspace-snapshot.js';
import { makeCase, makeSession, tempDir } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

const HOST = 'HOST-ONLY-CONTENT';

/**
 * A workspace an agent turned hostile: a link to a host file in place of the file a check reads, a folder of the
 * path that is a link to a host folder, a FIFO, and a file over the read cap (sparse, so the test stays cheap).
 */
function hostileWorkspace() {
  const root = tempDir();
  const ws = path.join(root, 'ws');
  const host = path.join(root, 'host');
  mkdirSync(ws);
  mkdirSync(host);
  writeFileSync(path.join(host, 'report.md'), HOST);
  symlinkSync(path.join(host, 'report.md'), path.join(ws, 'report.md'));
  symlinkSync(host, path.join(ws, 'out'));
  execFileSync('mkfifo', [path.join(ws, 'pipe.md')]);
  const huge = path.join(ws, 'huge.md');
  writeFileSync(huge, HOST);
  execFileSync('truncate', ['-s', '100M', huge]);
  return { ws, host };
}

async function grade(ws: string, check: Check) {
  return runCheck(normalizeCheck(check), 'check', { testCase: makeCase(), session: makeSession(), workspace: ws });
}

describe('checks reading workspace files an agent made hostile', () => {
  it.each([
    ['report.md', /report\.md is a symbolic link, which is never followed/],
    ['out/report.md', /out\/report\.md leads outside the folder through a link/],
    ['pipe.md', /pipe\.md is a FIFO, not a file/],
    ['huge.md', /huge\.md is 104857600 bytes, more than the 67108864 read at most/],
  ])('file-contains and golden-file on %s fail without quoting a host file or hanging', async (rel, why) => {
    const { ws } = hostileWorkspace();
    for (const check of [
      { type: 'file-contains', path: rel, value: 'HOST' },
      { type: 'golden-file', path: rel, golden: path.join(ws, '..', 'host', 'report.md') },
    ] as Check[]) {
      const { verdict } = await grade(ws, check);
      expect(verdict.passed).toBe(false);
      expect(verdict.evidence).toMatch(why);
      expect(verdict.evidence).not.toContain(HOST);
    }
  });

  it('file-exists tells a link as a link and a path through a linked folder as missing', async () => {
    const { ws } = hostileWorkspace();
    const { verdict } = await grade(ws, { type: 'file-exists', value: ['report.md', 'out/report.md'] } as Check);
    expect(verdict.evidence).toBe('exists: report.md (symbolic link); missing: out/report.md');
  });

  it("the judge's view lists no link, FIFO or linked folder's file, and shows only the head of a huge one", async () => {
    const { ws } = hostileWorkspace();
    const before = await snapshotWorkspace(ws);
    expect([...before.keys()]).toEqual(['huge.md']);
    const view = await renderWorkspaceFiles(ws);
    expect(view).not.toContain('report.md');
    expect(view).not.toContain('pipe.md');
    expect(view).toContain('<file path="huge.md">');
    expect(view).toContain('[binary file, 104857600 bytes, content skipped]');
  });
});
