import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Check, normalizeCheck } from '@skill-eval/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotWorkspace, type WorkspaceSnapshot } from '../judge/workspace-snapshot.js';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

describe('regex over the files the run created', () => {
  const dir = { dir: '' };
  let before: WorkspaceSnapshot;
  let pathsBefore: WorkspaceSnapshot;

  beforeAll(async () => {
    dir.dir = mkdtempSync(path.join(tmpdir(), 'regex-over-'));
    writeFileSync(path.join(dir.dir, 'old.md'), 'there before\n');
    before = await snapshotWorkspace(dir.dir);
    pathsBefore = await snapshotWorkspace(dir.dir, { contents: false });
    mkdirSync(path.join(dir.dir, 'notes'));
    writeFileSync(path.join(dir.dir, 'notes', 'b.txt'), 'made\n');
    writeFileSync(path.join(dir.dir, 'a.md'), 'made\n');
    writeFileSync(path.join(dir.dir, 'old.md'), 'changed, not created\n');
  });
  afterAll(() => rmSync(dir.dir, { recursive: true, force: true }));

  const grade = (check: Check, withBefore: WorkspaceSnapshot | false = before) =>
    runCheck(normalizeCheck(check), 'check', {
      testCase: makeCase({}),
      session: makeSession({ finalMessage: 'old.md a.md' }),
      workspace: dir.dir,
      ...(withBefore ? { workspaceBefore: withBefore } : {}),
    });

  it('tests the pattern on the created paths, sorted, one a line — as Claude Code tests `files`', async () => {
    const cases: [string, string | undefined, boolean][] = [
      ['^a\\.md\\nnotes/b\\.txt$', undefined, true],
      ['old\\.md', undefined, false], // changed, not created
      ['\\.md$', undefined, false], // the last line is notes/b.txt
      ['\\.md$', 'm', true],
    ];
    for (const [value, flags, passed] of cases) {
      // The same verdicts from a snapshot of the paths alone, which the runner takes when no judge needs the contents.
      for (const snapshot of [before, pathsBefore]) {
        const { verdict } = await grade(
          { type: 'regex', value, ...(flags ? { flags } : {}), over: 'created-files' },
          snapshot,
        );
        expect(verdict.passed, `${value}/${flags ?? ''}`).toBe(passed);
      }
    }
  });

  it("tests it on a file's text with over: file, and fails on a missing file whether negated or not", async () => {
    writeFileSync(path.join(dir.dir, 'bom.md'), '\uFEFF# Title\n');
    const cases: [Check, boolean][] = [
      [{ type: 'regex', value: '^# Title$', flags: 'm', over: 'file', path: 'bom.md' }, true],
      [{ type: 'regex', value: 'TODO', over: 'file', path: 'bom.md', negate: true }, true],
      [{ type: 'regex', value: 'TODO', over: 'file', path: 'missing.md', negate: true }, false],
      [{ type: 'regex', value: 'x', over: 'file', path: 'missing.md' }, false],
    ];
    for (const [check, passed] of cases) {
      const { verdict } = await grade(check);
      expect(verdict.passed, JSON.stringify(check)).toBe(passed);
      expect(verdict.errored).toBe(false);
    }
  });

  it('is an error when grading was not given the workspace before the run', async () => {
    const { verdict, error } = await grade({ type: 'regex', value: 'a', over: 'created-files' }, false);
    expect(verdict.errored).toBe(true);
    expect(error?.message).toContain('before the run');
  });
});

describe("regex over the calls of the case's MCP servers", () => {
  const testCase = makeCase({ mcpServers: [{ name: 'tickets', transport: 'stdio', mock: { tools: [] } }] });
  const session = makeSession({
    toolCalls: [
      { id: '1', name: 'Read', input: { file_path: 'x' }, output: 'x', isError: false },
      { id: '2', name: 'tickets::list', input: { project: 'web' }, output: 'T-1', isError: false },
      { id: '3', name: 'tickets::close', input: { id: 'T-1' }, output: 'denied', isError: true },
      { id: '4', name: 'other::list', input: {}, output: 'no', isError: false },
    ],
  });

  it('tests the pattern on one JSON line per call, as Claude Code logs its mocked calls', async () => {
    const expected = [
      '{"tool":"mcp__tickets__list","input":{"project":"web"},"output":"T-1","verdict":"ok"}',
      '{"tool":"mcp__tickets__close","input":{"id":"T-1"},"output":"denied","isError":true,"verdict":"tool_error"}',
    ].join('\n');
    const value = `^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
    const { verdict } = await runCheck(normalizeCheck({ type: 'regex', value, over: 'mcp-calls' }), 'check', {
      testCase,
      session,
      workspace: '/nonexistent',
    });
    expect(verdict.passed).toBe(true);
  });
});
