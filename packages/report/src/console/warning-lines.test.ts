import type { Warning } from '@skill-eval/core';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { caseResult } from '../test-support/results.js';
import { renderWarnings, tallyWarnings } from './warning-lines.js';

const colors = pc.createColors(false);
// Plain strings, as an older results.jsonl or a third-party engine has them: read as kind `engine`.
const withWarnings = (executionId: string, warnings: (string | Warning)[]) =>
  caseResult({ executionId, session: { status: 'completed', engineId: 'codex', warnings } });

describe('warnings in the closing lines', () => {
  it('counts each distinct warning once per execution that had it, most frequent first', () => {
    const results = [
      withWarnings('e1', ['codex has no turn limit', 'turn 1: stdout passed 8 MiB and was cut']),
      withWarnings('e2', ['turn 1: stdout passed 8 MiB and was cut', 'turn 1: stdout passed 8 MiB and was cut']),
      caseResult({ executionId: 'e3' }),
      caseResult({ executionId: 'e4', session: undefined, status: 'error', error: { code: 'X', message: 'y' } }),
    ];
    expect(tallyWarnings(results)).toEqual([
      { warning: { kind: 'engine', message: 'turn 1: stdout passed 8 MiB and was cut' }, executions: 2 },
      { warning: { kind: 'engine', message: 'codex has no turn limit' }, executions: 1 },
    ]);
    expect(renderWarnings(results, colors)).toEqual([
      'Warnings in 2 of 4 executions (per execution in results.jsonl, and under its line with -v):',
      '  2× [engine] turn 1: stdout passed 8 MiB and was cut',
      '  1× [engine] codex has no turn limit',
    ]);
    expect(renderWarnings(results, colors, true)).toEqual([
      'Warnings in 2 of 4 executions (per execution in results.jsonl)',
    ]);
  });

  it('lists a few distinct warnings and counts the rest, so varied warnings cannot flood the summary', () => {
    const results = Array.from({ length: 9 }, (_, i) =>
      withWarnings(`e${i}`, [{ kind: 'workspace', message: `Workspace kept at /tmp/ws-${i}` }]),
    );
    const lines = renderWarnings(results, colors);
    expect(lines[0]).toMatch(/^Warnings in 9 of 9 executions/);
    expect(lines.filter((line) => line.startsWith('  1× [workspace] Workspace kept at'))).toHaveLength(5);
    expect(lines.at(-1)).toBe('  … and 4 more distinct warnings');
  });

  it('counts the warnings of an execution that returned no session (a teardown that failed after its setup did)', () => {
    const teardown = 'Teardown command "exit 5" exited with status 5.';
    const failed = caseResult({
      session: undefined,
      status: 'error',
      error: { code: 'SETUP_FAILED', message: 'exit 4' },
      warnings: [teardown],
    });
    expect(renderWarnings([failed, caseResult({ executionId: 'e2' })], colors).slice(1)).toEqual([
      `  1× [workspace] ${teardown}`,
    ]);
  });

  it('tells apart one message of two kinds, and counts an execution once per warning it repeats', () => {
    const results = [
      withWarnings('e1', [
        { kind: 'engine', message: 'could not write t.jsonl' },
        { kind: 'engine', message: 'could not write t.jsonl' },
      ]),
      withWarnings('e2', [{ kind: 'artifacts', message: 'could not write t.jsonl' }]),
    ];
    expect(renderWarnings(results, colors).slice(1)).toEqual([
      '  1× [engine] could not write t.jsonl',
      '  1× [artifacts] could not write t.jsonl',
    ]);
  });

  it('lists once, with every execution that had one, messages that read the same up to where their line cuts them', () => {
    const tools = (more: string) =>
      `The case gives its agent only ${'Read, Glob, Grep, NotebookRead, Skill, '.repeat(4)}${more}but engine anthropic cannot restrict an agent's tools.`;
    const results = [
      withWarnings('e1', [tools('Write, Edit, ')]),
      withWarnings('e2', [tools('')]),
      withWarnings('e3', [tools('Write, Edit, '), tools('')]),
    ];
    const lines = renderWarnings(results, colors).slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ {2}3× \[engine\] The case gives its agent only Read, .*…$/);
  });

  it('prints nothing for a run without warnings', () => {
    expect(renderWarnings([caseResult()], colors)).toEqual([]);
  });
});
