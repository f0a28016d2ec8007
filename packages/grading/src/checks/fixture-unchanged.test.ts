import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { checkDiagnostics } from '../compat/check-diagnostics.js';
import { makeCase, makeSession, tempDir } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

// BMAD: "Fixtures are read-only inputs. The skill may read them; assertions may check that the skill did not modify
// them." fixture-unchanged compares each staged fixture in the workspace with the file it was staged from.

/** Fixture sources (a file and a folder), staged into a workspace by copy as the runner does. */
function staged() {
  const root = tempDir();
  const sources = path.join(root, 'evals', 'files');
  mkdirSync(path.join(sources, 'mossridge-brief'), { recursive: true });
  writeFileSync(path.join(sources, 'q2-brainstorm.md'), '# Q2\nideas\n');
  writeFileSync(path.join(sources, 'mossridge-brief', 'brief.md'), '# Brief\nv1\n');
  writeFileSync(path.join(sources, 'mossridge-brief', 'decision-log.md'), '- chose A\n');
  const workspace = path.join(root, 'ws');
  mkdirSync(path.join(workspace, 'in'), { recursive: true });
  cpSync(path.join(sources, 'q2-brainstorm.md'), path.join(workspace, 'in', 'q2.md'));
  cpSync(path.join(sources, 'mossridge-brief'), path.join(workspace, 'mossridge-brief'), { recursive: true });
  const files = [
    { from: path.join(sources, 'q2-brainstorm.md'), to: 'in/q2.md' },
    { from: path.join(sources, 'mossridge-brief'), to: 'mossridge-brief' },
  ];
  return { workspace, files };
}

async function grade(check: Check, change: (workspace: string) => void = () => {}) {
  const { workspace, files } = staged();
  change(workspace);
  return runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase({ workspace: { files } }),
    session: makeSession(),
    workspace,
  });
}

describe('fixture-unchanged', () => {
  it('passes when every fixture file is as it was staged, naming each', async () => {
    const { verdict } = await grade({ type: 'fixture-unchanged' });
    expect(verdict.passed).toBe(true);
    expect(verdict.evidence).toBe('unchanged: in/q2.md, mossridge-brief/brief.md, mossridge-brief/decision-log.md');
  });

  it('fails on a modified file, with its first differing line, and on a deleted one', async () => {
    const { verdict } = await grade({ type: 'fixture-unchanged' }, (ws) => {
      writeFileSync(path.join(ws, 'mossridge-brief', 'brief.md'), '# Brief\nv2\n');
      rmSync(path.join(ws, 'in', 'q2.md'));
    });
    expect(verdict.passed).toBe(false);
    expect(verdict.evidence).toBe(
      'modified: mossridge-brief/brief.md (line 2: expected "v1", got "v2"); deleted: in/q2.md; unchanged: mossridge-brief/decision-log.md',
    );
  });

  it('checks only the fixtures it names: a staged path, or a file inside a fixture folder', async () => {
    const edit = (ws: string) => writeFileSync(path.join(ws, 'mossridge-brief', 'brief.md'), 'rewritten');
    expect((await grade({ type: 'fixture-unchanged', value: 'in/q2.md' }, edit)).verdict.passed).toBe(true);
    expect(
      (await grade({ type: 'fixture-unchanged', value: ['mossridge-brief/decision-log.md'] }, edit)).verdict.passed,
    ).toBe(true);
    expect((await grade({ type: 'fixture-unchanged', value: 'mossridge-brief' }, edit)).verdict.passed).toBe(false);
    // Negated, it asserts the skill did change the fixture (an Update-mode eval).
    expect(
      (await grade({ type: 'not-fixture-unchanged', value: './mossridge-brief/brief.md' }, edit)).verdict.passed,
    ).toBe(true);
  });

  it('is an error, not a failure, for a path that is no fixture or a case without fixtures', async () => {
    const unknown = await grade({ type: 'fixture-unchanged', value: 'brief.md' });
    expect(unknown.verdict.errored).toBe(true);
    expect(unknown.error?.message).toContain('"brief.md" is not one of the case\'s fixtures');
    const none = await runCheck(normalizeCheck({ type: 'fixture-unchanged' }), 'check', {
      testCase: makeCase(),
      session: makeSession(),
      workspace: tempDir(),
    });
    expect(none.verdict.errored).toBe(true);
    expect(none.error?.message).toContain('the case stages no fixtures');
  });

  it('is a check type skill-eval knows when a file loads', async () => {
    const suite = {
      id: 's',
      name: 's',
      file: '/e.yaml',
      format: 'x',
      settings: {},
      cases: [makeCase({ checks: [{ type: 'fixture-unchanged' }] })],
    };
    expect(await checkDiagnostics(suite)).toEqual([]);
  });
});
