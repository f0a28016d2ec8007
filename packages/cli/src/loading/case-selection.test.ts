import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { caseGlob } from './case-selection.js';

describe('--case globs, as claude plugin eval reads them (2.1.330 function bd)', () => {
  it.each([
    ['lint-*', 'lint-yaml', true],
    ['lint-*', 'lint-', true],
    ['lint-*', 'my-lint-yaml', false], // the whole name must match
    ['lint-?', 'lint-a', true],
    ['lint-?', 'lint-ab', false],
    ['a.b', 'axb', false], // a dot is a dot
    ['(x)+[y]', '(x)+[y]', true], // the rest is literal
    ['Lint', 'lint', false], // letter case counts
    ['*/deep', 'suite/nested/deep', true], // * runs over slashes
    ['*', 'multi\nline', true],
  ])('%s on %j: %s', (glob, name, matches) => {
    expect(caseGlob(glob).test(name)).toBe(matches);
  });
});

describe('list and run with --case and --tag', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skill-eval-case-selection-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Claude Code's own suites carry tags, and `claude plugin eval --case/--tag` select by them.
  for (const [name, tags] of [
    ['lint-yaml', 'fast'],
    ['lint-json', 'slow'],
    ['format-md', 'fast, docs'],
  ]) {
    mkdirSync(join(dir, 'evals', name!), { recursive: true });
    writeFileSync(
      join(dir, 'evals', name!, 'case.yaml'),
      `schema_version: "1.1"\nname: ${name}\ntags: [${tags}]\nruns: 1\nexecution:\n  prompt: Say ${name}\ngraders:\n  - {name: said, type: regex, pattern: said}\n`,
    );
  }
  const listed = async (...args: string[]) => {
    const io = captureIO(dir);
    const code = await main(['list', '--json', 'evals', ...args], io);
    const json = JSON.parse(io.out()) as { suites: { cases: { id: string }[] }[] };
    return { code, ids: json.suites.flatMap((s) => s.cases.map((c) => c.id)) };
  };

  it('keeps the cases a glob matches, those with any of the tags, and both filters at once', async () => {
    expect((await listed()).ids).toEqual(['format-md', 'lint-json', 'lint-yaml']);
    expect((await listed('--case', 'lint-*')).ids).toEqual(['lint-json', 'lint-yaml']);
    expect((await listed('--case', 'lint-yaml', '--case', 'format-*')).ids).toEqual(['format-md', 'lint-yaml']);
    expect((await listed('--tag', 'docs', '--tag', 'slow')).ids).toEqual(['format-md', 'lint-json']);
    expect((await listed('--case', 'lint-*', '--tag', 'fast')).ids).toEqual(['lint-yaml']);
  });

  it('shows each case’s tags in the plan', async () => {
    const io = captureIO(dir);
    await main(['list', 'evals', '--tag', 'docs'], io);
    expect(io.out()).toMatch(/format-md .*\[fast, docs\]/);
  });

  it('a run whose filters keep no case is an error naming them and the count found; nothing runs', async () => {
    const io = captureIO(dir);
    const code = await main(['run', 'evals', '-e', 'command', '--case', 'lint-x*', '--tag', 'fast'], io);
    expect(code).toBe(2);
    expect(io.err()).toContain("error: None of the 3 case(s) found is selected by --case 'lint-x*' --tag 'fast'.");
    expect(io.err()).toContain('No run was started');
  });
});
