import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Check, normalizeCheck, type SessionInput } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession, tempDir } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

const answer = 'The Answer is 42.\nSee report.md for details.';

async function grade(check: Check, session: Partial<SessionInput> = {}, workspace = '/nonexistent') {
  const context = {
    testCase: makeCase({ skills: [{ name: 'pdf', dir: '/skills/pdf' }] }),
    session: makeSession({ finalMessage: answer, ...session }),
    workspace,
  };
  return runCheck(normalizeCheck(check), 'check', context);
}

describe('text checks on the final answer', () => {
  const table: [Check, boolean][] = [
    [{ type: 'contains', value: 'Answer is 42' }, true],
    [{ type: 'contains', value: 'answer is 42' }, false],
    [{ type: 'contains', value: 'answer is 42', caseSensitive: false }, true], // Skillet folds case
    [{ type: 'not-contains', value: 'answer is 42' }, true],
    [{ type: 'not_contains', value: 'Answer' }, false],
    [{ type: 'contains', value: 42 }, true],
    [{ type: 'icontains', value: 'ANSWER IS 42' }, true],
    [{ type: 'icontains', value: 'forty-two' }, false],
    [{ type: 'not-icontains', value: 'REPORT.MD' }, false],
    // promptfoo compares exactly; AgentV (trim: true) trims both sides.
    [{ type: 'equals', value: `  ${answer}\n` }, false],
    [{ type: 'equals', value: answer }, true],
    [{ type: 'equals', value: `  ${answer}\n`, trim: true }, true],
    [{ type: 'equals', value: { a: [1, 2] } }, false],
    [{ type: 'equals', value: 'The Answer is 42.' }, false],
    [{ type: 'not-equals', value: 'something else' }, true],
    [{ type: 'regex', value: '\\d+\\.$', flags: 'm' }, true],
    [{ type: 'regex', value: '\\d+\\.$' }, false],
    [{ type: 'regex', value: 'the answer', flags: 'i' }, true],
    [{ type: 'not-regex', value: 'report\\.md' }, false],
    [{ type: 'contains', value: 'x', negate: true }, true],
  ];
  it.each(table)('%j → %s', async (check, passed) => {
    const { verdict, error } = await grade(check);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.score).toBe(passed ? 1 : 0);
    expect(verdict.errored).toBe(false);
  });

  it('quotes what it found', async () => {
    const { verdict } = await grade({ type: 'regex', value: '\\d+' });
    expect(verdict.evidence).toContain('42');
    expect(verdict.name).toBe('regex: \\d+');
  });
});

describe('file-exists', () => {
  it.each<[Check, boolean]>([
    [{ type: 'file-exists', value: 'out/report.md' }, true],
    [{ type: 'file-exists', value: 'out' }, true],
    [{ type: 'file-exists', value: 'missing.txt' }, false],
    [{ type: 'file-exists', value: ['out/report.md', 'missing.txt'] }, false],
    [{ type: 'not-file-exists', value: 'missing.txt' }, true],
    [{ type: 'not-file-exists', value: 'out/report.md' }, false],
  ])('%j → %s', async (check, passed) => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'out'));
    writeFileSync(path.join(dir, 'out/report.md'), '# report');
    const { verdict } = await grade(check, {}, dir);
    expect(verdict.passed).toBe(passed);
    expect(verdict.errored).toBe(false);
  });
});

describe('skill-used', () => {
  const used = {
    skillsInvoked: [
      { name: 'pdf', via: 'tool' as const },
      { name: 'plug:xlsx', via: 'file-read' as const },
      { name: 'docx', via: 'mention' as const },
    ],
  };
  it.each<[Check, boolean, string]>([
    [{ type: 'skill-used', value: 'pdf' }, true, 'signal: tool'],
    [{ type: 'skill-used', value: 'xlsx' }, true, 'signal: file-read'],
    [{ type: 'skill-used', value: 'docx' }, false, 'only mentioned'],
    [{ type: 'skill-used', value: 'pptx' }, false, 'not used'],
    [{ type: 'skill-used', value: ['pdf', 'xlsx'] }, true, 'signal: tool'],
    [{ type: 'skill-used', value: ['pdf', 'pptx'] }, false, '"pptx" not used'],
    [{ type: 'skill-used' }, true, 'skill "pdf" used'],
    [{ type: 'not-skill-used', value: 'docx' }, true, 'only mentioned'],
    [{ type: 'not-skill-used', value: 'pdf' }, false, 'signal: tool'],
  ])('%j → %s', async (check, passed, evidence) => {
    const { verdict } = await grade(check, used);
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });
});

describe('checks that cannot be evaluated are errored, never passed', () => {
  it.each<[Check, string]>([
    [{ type: 'no-such-check', value: 'x' }, 'unknown check type no-such-check'],
    [{ type: 'not-no-such-check', value: 'x' }, 'unknown check type no-such-check'],
    [{ type: 'constructor', value: 'x' }, 'unknown check type constructor'],
    [{ type: 'contains' }, 'needs a string value'],
    [{ type: 'contains', value: { a: 1 } }, 'needs a string value'],
    [{ type: 'regex', value: '(' }, 'invalid regex'],
    [{ type: 'file-exists', value: '../etc/passwd' }, 'outside the workspace'],
  ])('%j', async (check, message) => {
    const { verdict, error } = await grade({ ...check, negate: check.negate });
    expect(verdict.errored).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(error?.code).toBe('BAD_INPUT');
    expect(error?.message).toContain(message);
  });
});
