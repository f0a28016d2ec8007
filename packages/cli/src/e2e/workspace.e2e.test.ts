import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { readResults } from '../test-support/run-output.js';
import { writeFiles } from '../test-support/write-files.js';

// A skill-up suite whose case needs every workspace feature: repo_fixture, git steps, inline files, a diff,
// setup_steps and collect_artifacts, run on the anthropic engine against the fake model server.
const files: Record<string, string> = {
  'reviewer/SKILL.md': '---\nname: reviewer\ndescription: Reviews a patched repository.\n---\nWrite a summary.\n',
  'reviewer/evals/eval.yaml': [
    'schema_version: v1alpha1',
    'environment:',
    '  type: none',
    '  setup_steps:',
    '    - run: echo "ready $(git branch --show-current)" > setup-ran.txt',
    'skills:',
    '  - {source: local_path, path: .}',
    'cases:',
    '  files: [evals/cases/review.yaml]',
    '  defaults:',
    '    collect_artifacts: ["report/**"]',
  ].join('\n'),
  'reviewer/evals/cases/review.yaml': [
    'id: review',
    'input: {prompt: "Review the patched repo (workspace e2e)."}',
    'context:',
    '  repo_fixture: evals/fixtures/repos/sample',
    '  git:',
    '    init: true',
    '    checkout: feature/x',
    '    apply_diff: evals/fixtures/change.diff',
    '    remotes: [{name: origin, url: "https://example.invalid/r.git"}]',
    '  files:',
    '    NOTES.md: "inline notes\\n"',
    'collect_artifacts: ["*.txt", "**/.git/**"]',
    'expect:',
    '  file_contains:',
    '    - {path: NOTES.md, content: patched by the diff}',
    '    - {path: setup-ran.txt, content: ready feature/x}',
    '    - {path: .git/config, content: "https://example.invalid/r.git"}',
    '    - {path: main.go, content: package main}',
    'judge:',
    '  type: rule_based',
    '  success:',
    '    - files_exist: [report/summary.md]',
    '    - output_contains: {all: [reviewed]}',
  ].join('\n'),
  'reviewer/evals/fixtures/repos/sample/main.go': 'package main\n',
  'reviewer/evals/fixtures/change.diff': [
    'diff --git a/NOTES.md b/NOTES.md',
    '--- a/NOTES.md',
    '+++ b/NOTES.md',
    '@@ -1 +1,2 @@',
    ' inline notes',
    '+patched by the diff',
    '',
  ].join('\n'),
};

describe('skill-eval run: a skill-up workspace with git, repo_fixture, setup_steps and artifacts', () => {
  let server: FakeModelServer;
  let dir: string;

  beforeAll(async () => {
    server = await startFakeModelServer({
      conversations: [
        {
          id: 'review',
          match: { user: 'workspace e2e' },
          responses: [
            { toolCalls: [{ name: 'Read', input: { file_path: 'NOTES.md' } }] },
            { toolCalls: [{ name: 'Write', input: { file_path: 'report/summary.md', content: '# Summary\n' } }] },
            { text: 'reviewed' },
          ],
        },
      ],
    });
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-ws-e2e-'));
    writeFiles(dir, files);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (out: string, ...extra: string[]) => {
    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-anthropic',
    });
    const code = await main(['run', 'reviewer', '--engine', 'anthropic', '--out', out, ...extra], io);
    return { code, result: readResults(join(dir, out))[0]!, stderr: io.err() };
  };

  it('with --trust: the agent finds the prepared repository, and the artifacts are collected', async () => {
    const { code, result, stderr } = await run('out', '--trust');
    expect(stderr).not.toMatch(/not-honoured|does not run/);
    expect(result.checks.filter((c) => !c.passed)).toEqual([]);
    expect(result.status).toBe('passed');
    expect(code).toBe(0);
    // The tool result the model saw: the inline file with the diff applied over it.
    expect(JSON.stringify(server.requests.map((r) => r.body))).toContain('patched by the diff');
    const artifacts = join(dir, 'out', 'artifacts', result.executionId);
    expect(readFileSync(join(artifacts, 'collected', 'report', 'summary.md'), 'utf8')).toBe('# Summary\n');
    expect(readFileSync(join(artifacts, 'collected', 'setup-ran.txt'), 'utf8')).toBe('ready feature/x\n');
    expect(existsSync(join(artifacts, 'collected', '.git'))).toBe(false);
    expect(result.workspace?.collected?.sort()).toEqual([
      `artifacts/${result.executionId}/collected/report/summary.md`,
      `artifacts/${result.executionId}/collected/setup-ran.txt`,
    ]);
    expect(['overlay', 'reflink', 'copy']).toContain(result.workspace?.staging);
    expect(readFileSync(join(artifacts, 'setup.log'), 'utf8')).toContain('$ echo "ready');
  }, 60_000);

  it('without --trust: the case is an error saying to pass --trust, and the model is never asked', async () => {
    const before = server.requests.length;
    const { code, result } = await run('out-untrusted');
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatch(/--trust/);
    expect(server.requests.length).toBe(before);
    expect(code).not.toBe(0);
  }, 60_000);
});
