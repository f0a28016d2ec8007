import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunAssertion, runCheckScript, shellQuoted, skilletRegex } from './run-check-script.js';

// Expectations from getsentry/skillet src/eval/checks.ts at 443bf3dd83af699d4aca02317733710af391b7a4
// (runWorkspaceCheck, lines 57-171), run here as skill-eval's script check runs them: /bin/sh in the workspace.
const workspace = mkdtempSync(join(tmpdir(), 'skillet-run-check-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));
writeFileSync(join(workspace, 'DRAFT.md'), 'Title: Fix the bug\n\nBody  \n\n');

const passes = (run: string, assertion?: RunAssertion): boolean =>
  spawnSync('/bin/sh', ['-c', runCheckScript(run, assertion)], { cwd: workspace, encoding: 'utf8' }).status === 0;

describe('a run: check as a script check', () => {
  it('passes on exit 0 and fails otherwise with no assertion (checks.ts:95-102, 170)', () => {
    expect(passes('test -f DRAFT.md')).toBe(true);
    expect(passes('test -f MISSING.md')).toBe(false);
  });

  it('compares only the exit code with exits (checks.ts:83-90)', () => {
    expect(passes('exit 3', { kind: 'exits', value: 3 })).toBe(true);
    expect(passes('exit 0', { kind: 'exits', value: 3 })).toBe(false);
    expect(passes('true', { kind: 'exits', value: 0 })).toBe(true);
    // No command exits 1.5 or 300: skillet's `exitCode === check.exits` never holds.
    expect(passes('true', { kind: 'exits', value: 1.5 })).toBe(false);
    expect(passes('exit 44', { kind: 'exits', value: 300 })).toBe(false);
  });

  it('fails a stdout assertion when the command exits non-zero, whatever it printed (checks.ts:92-102)', () => {
    expect(passes('cat MISSING.md', { kind: 'not_contains', value: 'secret' })).toBe(false);
    expect(passes('echo ok; exit 2', { kind: 'contains', value: 'ok' })).toBe(false);
  });

  it('reads contains / not_contains as a case-sensitive substring of the stdout (checks.ts:119-142)', () => {
    expect(passes('cat DRAFT.md', { kind: 'contains', value: 'Fix the bug' })).toBe(true);
    expect(passes('cat DRAFT.md', { kind: 'contains', value: 'fix the bug' })).toBe(false);
    expect(passes('cat DRAFT.md', { kind: 'not_contains', value: 'TODO' })).toBe(true);
    expect(passes('cat DRAFT.md', { kind: 'not_contains', value: 'Body' })).toBe(false);
    // Glob characters and quotes in the value are plain text.
    expect(passes("printf '%s' \"it's *\"", { kind: 'contains', value: "it's *" })).toBe(true);
    expect(passes('echo abc', { kind: 'contains', value: 'a*c' })).toBe(false);
  });

  it('compares the right-trimmed stdout with the value trimmed at both ends for equals (checks.ts:79, 146, 159)', () => {
    expect(passes("printf 'done  \\n\\n'", { kind: 'equals', value: '  done\n' })).toBe(true);
    expect(passes("printf '  done'", { kind: 'equals', value: 'done' })).toBe(false);
    expect(passes('echo done', { kind: 'not_equals', value: 'done' })).toBe(false);
    expect(passes('echo done', { kind: 'not_equals', value: 'Done' })).toBe(true);
    // A trailing space before the end is trimmed too, so "Body  " ends the file's text as "Body".
    expect(passes('cat DRAFT.md', { kind: 'contains', value: 'Body ' })).toBe(false);
  });

  it('matches with skillet’s JavaScript regex: flag m, and a leading (?i)/(?s) as flags (checks.ts:26-46, 105-107)', () => {
    expect(skilletRegex('(?is)^body$')).toEqual({ source: '^body$', flags: 'mis' });
    expect(skilletRegex('a(?i)b')).toEqual({ source: 'a(?i)b', flags: 'm' });
    expect(passes('cat DRAFT.md', { kind: 'matches', value: '^Body$' })).toBe(true);
    expect(passes('cat DRAFT.md', { kind: 'matches', value: '^body$' })).toBe(false);
    expect(passes('cat DRAFT.md', { kind: 'matches', value: '(?i)^body$' })).toBe(true);
    expect(passes('cat DRAFT.md', { kind: 'matches', value: '\\d+' })).toBe(false);
    expect(passes('cat DRAFT.md', { kind: 'matches', value: 'Title:(?= Fix)' })).toBe(true);
  });

  it('quotes any text as one shell word', () => {
    const text = `a 'b' "c" $HOME \`x\` \\ ;|&`;
    expect(spawnSync('/bin/sh', ['-c', `printf '%s' ${shellQuoted(text)}`], { encoding: 'utf8' }).stdout).toBe(text);
  });
});
