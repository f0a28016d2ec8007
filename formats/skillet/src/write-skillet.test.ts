import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Case, CaseSchema, type Suite } from '@skill-eval/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSkillet } from './load-skillet.js';
import { loadCorpus, skilletFiles } from './test-support/corpus.js';
import { writeSkillet } from './write-skillet.js';

let tmp: string;
beforeAll(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'skillet-write-')));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const comparable = (cases: Case[]) => cases.map(({ source, ...rest }) => rest);

/** Writes the files under `<tmp>/<dir>/` (paths are relative to the skill root: `evals/<set>/…`) and loads them back. */
function writeAndLoad(suite: Suite, dir: string) {
  const { files, lost } = writeSkillet(suite);
  const cases = files.flatMap((f) => {
    const path = join(tmp, dir, f.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.text);
    const result = loadSkillet(path, f.text);
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    return result.suites[0]!.cases;
  });
  return { files, lost, cases };
}

describe('write → load round trip', () => {
  for (const relative of skilletFiles()) {
    it(relative, () => {
      const { suite } = loadCorpus(relative);
      const { files, lost, cases } = writeAndLoad(suite, relative.replaceAll('/', '_'));
      expect(lost).toEqual([]);
      expect(files.map((f) => f.path)).toEqual([`evals/${suite.name}/${suite.cases[0]!.id}.yaml`]);
      expect(comparable(cases)).toEqual(comparable(suite.cases));
    });
  }
});

describe('property: written text reads back exactly', () => {
  it('any turns, rubric, setup and name survive write → load', () => {
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), text, text, text, (turns, rubric, setup, name) => {
        const evalCase = CaseSchema.parse({
          source: { file: '/x', format: 'skillet' },
          id: 'p',
          name,
          kind: 'task',
          turns,
          checks: [{ type: 'llm-rubric', value: rubric, name: 'expected', verdict: 'pass-fail' }],
          workspace: { setup: [setup] },
          runs: 3,
          metadata: { timestamp: '2025-01-15T00:00:00Z' },
        });
        const suite: Suite = { id: 's', name: 's', file: '/x', format: 'skillet', settings: {}, cases: [evalCase] };
        const { files, lost } = writeSkillet(suite);
        expect(lost).toEqual([]);
        const again = loadSkillet('/nonexistent-skill-eval-test/evals/s/p.yaml', files[0]!.text);
        expect(again.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
        expect(comparable(again.suites[0]!.cases)).toEqual(comparable([evalCase]));
      }),
      { numRuns: 200 },
    );
  });
});

describe('what Skillet cannot express goes to lost', () => {
  const source = { file: '/x/evals.json', format: 'evals-json' };
  const suite: Suite = {
    id: 'x',
    name: 'set',
    file: '/x/evals.json',
    format: 'evals-json',
    settings: {},
    cases: [
      CaseSchema.parse({
        source,
        id: '1',
        name: 'checks',
        kind: 'task',
        turns: ['do it'],
        reference: 'the ref',
        checks: [
          { type: 'icontains', value: 'Hello' },
          { type: 'not-contains', value: 'oops', caseSensitive: false },
          { type: 'regex', value: 'a+', flags: 'iu' },
          { type: 'tool-called', value: 'Bash', args: { command: 'ls' } },
          { type: 'file-exists', value: 'out.txt' },
          { type: 'llm-rubric', value: 'is polite' },
        ],
        gates: [{ type: 'contains', value: 'x' }],
        workspace: { files: [{ from: '/x/a.txt', to: 'a.txt' }], setup: ['mkdir a', 'touch a/b'] },
        limits: { timeoutSeconds: 60 },
        runs: 1,
        tags: ['t'],
        metadata: { category: 'c', name: 'clash' },
      }),
      CaseSchema.parse({
        source,
        id: 'A B/../c',
        name: 'trigger',
        kind: 'trigger',
        turns: ['q'],
        shouldTrigger: false,
        checks: [
          { type: 'llm-rubric', value: 'one' },
          { type: 'llm-rubric', value: 'two' },
        ],
      }),
    ],
  };

  it('lists each loss and writes the rest', () => {
    const { files, lost } = writeSkillet(suite);
    expect(files.map((f) => f.path)).toEqual(['evals/set/1.yaml', 'evals/set/A-B/c.yaml']);
    expect(lost).toEqual([
      'case 1: check regex "a+": flags "iu"',
      'case 1: check tool-called "Bash": args',
      'case 1: check file-exists "out.txt"',
      'case 1: 1 rubric(s) — assertions replace Skillet\'s judge, so they are only written into "expected"',
      'case 1: 2 setup commands joined into one script',
      'case 1: metadata "name" (the key is Skillet\'s own)',
      'case 1: 1 gate(s)',
      'case 1: workspace files a.txt',
      'case 1: limits',
      "case 1: runs 1 (Skillet's --samples is a command-line option)",
      'case 1: tags t',
      'case A B/../c: id written as the file name A-B/c.yaml',
      'case A B/../c: 2 rubrics merged into one "expected" (Skillet judges one criterion)',
      'case A B/../c: trigger case (should not trigger) — written as a task',
    ]);
    const [first, second] = files.map((f) =>
      loadSkillet(join('/nonexistent-skill-eval-test/evals/set', f.path), f.text),
    );
    expect(first!.suites[0]!.cases[0]!.checks).toEqual([
      { type: 'contains', value: 'Hello', caseSensitive: false },
      { type: 'contains', value: 'oops', caseSensitive: false, negate: true },
      { type: 'regex', value: 'a+' },
      { type: 'tool-called', value: 'Bash' },
    ]);
    expect(first!.suites[0]!.cases[0]!.reference).toBe('the ref');
    expect(first!.suites[0]!.cases[0]!.workspace.setup).toEqual(['mkdir a\ntouch a/b']);
    expect(first!.suites[0]!.cases[0]!.metadata).toMatchObject({ category: 'c' });
    expect(second!.suites[0]!.cases[0]!.checks[0]!.value).toBe('one\n\ntwo');
    expect(second!.suites[0]!.cases[0]!.id).toBe('A-B/c');
  });

  it('case-sensitive checks are flagged, since Skillet folds case', () => {
    const c = CaseSchema.parse({
      source,
      id: 'cs',
      name: 'cs',
      kind: 'task',
      turns: ['x'],
      checks: [
        { type: 'contains', value: 'A' },
        { type: 'ends-with', value: 'B', caseSensitive: false },
      ],
    });
    expect(writeSkillet({ ...suite, cases: [c] }).lost).toEqual([
      'case cs: check contains "A": case-sensitive, Skillet compares case-insensitively',
      'case cs: check ends-with "B": Skillet ignores trailing whitespace',
    ]);
  });

  it("AgentV's trimmed affixes are written with their value trimmed; the start of the answer Skillet does not trim", () => {
    const c = CaseSchema.parse({
      source,
      id: 'av',
      name: 'av',
      kind: 'task',
      turns: ['x'],
      checks: [
        { type: 'starts-with', value: '  Well,', caseSensitive: false, trim: true },
        { type: 'ends-with', value: 'Goodbye.\n', caseSensitive: false, trim: true },
      ],
    });
    const { files, lost } = writeSkillet({ ...suite, cases: [c] });
    expect(lost).toEqual(['case av: check starts-with "  Well,": Skillet does not trim the start of the answer']);
    const written = files[0]!.text;
    expect(written).toContain('value: Well,');
    expect(written).toContain('value: Goodbye.\n');
    expect(written).not.toContain('value: |');
  });
});
