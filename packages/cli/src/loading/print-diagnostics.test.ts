import { join } from 'node:path';
import type { Diagnostic } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { printDiagnostics } from './print-diagnostics.js';

const cwd = '/project';
const file = join(cwd, 'evals', 'evals.json');

const typed = (n: number): Diagnostic => ({
  severity: 'info',
  ruleId: 'evals-json/typed-assertion',
  message: `Item 1 of "assertions" in eval ${n} is a typed check; it is graded as "contains".`,
  file,
  line: 3 + n * 4,
  column: 9,
});

function printed(diagnostics: Diagnostic[], quiet = false): string[] {
  let text = '';
  const out = {
    write: (chunk: string) => {
      text += chunk;
      return true;
    },
  } as NodeJS.WritableStream;
  printDiagnostics(diagnostics, cwd, out, { quiet });
  return text.split('\n').filter(Boolean);
}

describe('printDiagnostics', () => {
  it('prints a few diagnostics of a rule each on its own line', () => {
    expect(printed([typed(1), typed(2), typed(3)])).toEqual([
      'evals/evals.json:7:9: info: Item 1 of "assertions" in eval 1 is a typed check; it is graded as "contains". (evals-json/typed-assertion)',
      'evals/evals.json:11:9: info: Item 1 of "assertions" in eval 2 is a typed check; it is graded as "contains". (evals-json/typed-assertion)',
      'evals/evals.json:15:9: info: Item 1 of "assertions" in eval 3 is a typed check; it is graded as "contains". (evals-json/typed-assertion)',
    ]);
  });

  it('groups many of one rule in one file into one line with the count and the first positions', () => {
    const many = Array.from({ length: 400 }, (_, i) => typed(i + 1));
    const other = { ...typed(1), file: join(cwd, 'other', 'evals.json') };
    expect(printed([...many, other])).toEqual([
      'evals/evals.json:7:9: info: Item 1 of "assertions" in eval 1 is a typed check; it is graded as "contains". (evals-json/typed-assertion) — 400 of these in this file, at 7:9, 11:9, 15:9, 19:9, 23:9, …',
      'other/evals.json:7:9: info: Item 1 of "assertions" in eval 1 is a typed check; it is graded as "contains". (evals-json/typed-assertion)',
    ]);
  });

  it('prints every error on its own, however many, and last', () => {
    const errors = Array.from(
      { length: 5 },
      (_, i): Diagnostic => ({
        ...typed(i + 1),
        severity: 'error',
        ruleId: 'evals-json/missing-prompt',
        message: `Eval ${i + 1} has no prompt.`,
      }),
    );
    const lines = printed([...errors, typed(1)]);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toContain(': info: ');
    expect(lines.slice(1).every((line) => line.includes(': error: '))).toBe(true);
  });

  it('leaves info out when quiet, and keeps warnings and errors', () => {
    const warning: Diagnostic = { ...typed(1), severity: 'warning', ruleId: 'evals-json/blank-assertion' };
    const lines = printed([typed(1), warning], true);
    expect(lines).toEqual([expect.stringContaining(': warning: ')]);
    expect(printed([typed(1), typed(2)], true)).toEqual([]);
  });
});
