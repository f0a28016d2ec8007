import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession, tempDir } from '../test-support/fixtures.js';
import { firstDifference } from './golden-file.js';
import { runCheck } from './run-check.js';

/** A workspace with out/report.md and a golden file beside it (outside the workspace). */
function setup() {
  const root = tempDir();
  const workspace = path.join(root, 'ws');
  mkdirSync(path.join(workspace, 'out'), { recursive: true });
  writeFileSync(path.join(workspace, 'out/report.md'), '# Report\r\nTotal: 42\r\n');
  writeFileSync(path.join(workspace, 'out/other.md'), '# Report\nTotal: 41\n');
  const golden = path.join(root, 'expected.md');
  writeFileSync(golden, '# Report\nTotal: 42\n');
  return { workspace, golden, missingGolden: path.join(root, 'missing.md') };
}

async function grade(make: (paths: ReturnType<typeof setup>) => Check, finalMessage = 'ok') {
  const paths = setup();
  return runCheck(normalizeCheck(make(paths)), 'check', {
    testCase: makeCase(),
    session: makeSession({ finalMessage }),
    workspace: paths.workspace,
  });
}

describe('file-not-exists, file-contains, golden-file', () => {
  it.each<[(p: ReturnType<typeof setup>) => Check, string, boolean, string]>([
    [() => ({ type: 'file-not-exists', value: 'tmp.txt' }), 'ok', true, 'absent: tmp.txt'],
    [() => ({ type: 'file-not-exists', value: 'out' }), 'ok', false, 'exists: out (directory)'],
    [() => ({ type: 'file-not-exists', value: ['tmp.txt', 'out/report.md'] }), 'ok', false, 'exists: out/report.md'],
    [() => ({ type: 'not-file-not-exists', value: 'out/report.md' }), 'ok', true, 'exists'],
    [() => ({ type: 'file-contains', path: 'out/report.md', value: 'Total: 42' }), 'ok', true, 'found "Total: 42"'],
    [() => ({ type: 'file-contains', path: 'out/report.md', value: 'total: 42' }), 'ok', false, 'not in out/report.md'],
    [
      () => ({ type: 'file-contains', path: 'out/report.md', value: 'TOTAL', caseSensitive: false }),
      'ok',
      true,
      'found',
    ],
    [() => ({ type: 'file-contains', path: 'nope.md', value: 'x' }), 'ok', false, 'nope.md is missing'],
    [() => ({ type: 'not-file-contains', path: 'out/report.md', value: 'secret' }), 'ok', true, 'not in'],
    [(p) => ({ type: 'golden-file', path: 'out/report.md', golden: p.golden }), 'ok', true, 'matches expected.md'],
    [
      (p) => ({ type: 'golden-file', path: 'out/other.md', golden: p.golden }),
      'ok',
      false,
      'line 2: expected "Total: 42", got "Total: 41"',
    ],
    [(p) => ({ type: 'golden-file', path: 'gone.md', golden: p.golden }), 'ok', false, 'gone.md is missing'],
    [(p) => ({ type: 'not-golden-file', path: 'out/other.md', golden: p.golden }), 'ok', true, 'differs'],
    [
      (p) => ({ type: 'golden-file', golden: p.golden, trim: true }),
      '\n# Report\nTotal: 42',
      true,
      'the final answer matches',
    ],
    [
      (p) => ({ type: 'golden-file', golden: p.golden }),
      '\n# Report\nTotal: 42',
      false,
      'line 1: expected "# Report", got ""',
    ],
    [
      (p) => ({ type: 'golden-file', golden: p.golden, trim: true }),
      '# Report',
      false,
      'line 2: expected "Total: 42", got (end of text)',
    ],
  ])('%#: %s', async (make, answer, passed, evidence) => {
    const { verdict, error } = await grade(make, answer);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it.each<[(p: ReturnType<typeof setup>) => Check, string]>([
    [() => ({ type: 'file-not-exists', value: '../etc/passwd' }), 'file-not-exists path "../etc/passwd" is outside'],
    [() => ({ type: 'not-file-not-exists', value: '/etc/passwd' }), 'is outside the workspace'],
    [() => ({ type: 'file-contains', path: '../expected.md', value: 'x' }), 'is outside the workspace'],
    [() => ({ type: 'file-contains', value: 'x' }), 'needs a string path'],
    [() => ({ type: 'file-contains', path: 'out/report.md' }), 'needs a string value'],
    [(p) => ({ type: 'golden-file', path: '../expected.md', golden: p.golden }), 'is outside the workspace'],
    [() => ({ type: 'golden-file', path: 'out/report.md' }), 'needs a string golden'],
    [() => ({ type: 'golden-file', golden: 'expected.md' }), 'is not an absolute path'],
    [(p) => ({ type: 'not-golden-file', golden: p.missingGolden }), 'cannot read the golden file'],
  ])('%# is errored: %s', async (make, message) => {
    const { verdict, error } = await grade(make);
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.code).toBe('BAD_INPUT');
    expect(error?.message).toContain(message);
  });

  it('firstDifference names the first differing line', () => {
    expect(firstDifference('a\nb', 'a\nb')).toBeUndefined();
    expect(firstDifference('a\nb\nc', 'a\nX\nc')).toBe('line 2: expected "X", got "b"');
    expect(firstDifference('a\nb\n', 'a\nb')).toBe('line 3: expected (end of text), got ""');
  });
});
