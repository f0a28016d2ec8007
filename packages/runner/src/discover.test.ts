import { join } from 'node:path';
import { createRegistry, defineFormat, type FormatPlugin, parseCase } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { loadSuites } from './discover.js';
import { makeCase, useTempTree, writeTree } from './test-support/fixtures.js';

type Load = ReturnType<FormatPlugin['create']>['load'];

/** A format that claims files whose text holds `marker`, with the given confidence; by default a case per file. */
function fakeFormat(
  id: string,
  patterns: string[],
  marker: string,
  confidence: number,
  load: Load = (file) => ({
    suites: [{ id: 'set-by-format', name: id, file, format: id, cases: [makeCase({ id: 'c1' })], settings: {} }],
    diagnostics: [],
  }),
): FormatPlugin {
  return defineFormat({
    contract: 'format-v1',
    id,
    description: `fake ${id}`,
    parseSettings: () => ({}),
    create: () => ({
      id,
      filePatterns: patterns,
      detect: (_file, text) => (text.includes(marker) ? confidence : 0),
      load,
    }),
  });
}

const registry = createRegistry({
  formats: [
    fakeFormat('alpha', ['*.alpha.json', 'evals.json'], 'ALPHA', 0.5),
    fakeFormat('beta', ['*.beta.yaml'], 'BETA', 0.9),
    fakeFormat('tie', ['*.tie'], 'ALPHA', 0.5),
    fakeFormat('gamma', ['**/cases/*.yml'], 'GAMMA', 0.9),
  ],
});

describe('loadSuites', () => {
  const folder = useTempTree({
    'skills/a/evals/evals.json': '{"ALPHA": 1}',
    'skills/b/evals/cases.beta.yaml': 'BETA ALPHA',
    'skills/c/evals/evals.json': '{"neither": 1}',
    'skills/c/notes.txt': 'ALPHA but not an eval file name',
    'node_modules/pkg/evals.json': '{"ALPHA": 1}',
    'dist/evals.json': '{"ALPHA": 1}',
    '.hidden/evals.json': '{"ALPHA": 1}',
    'README.md': '# nothing',
  });

  it('matches a pattern with a slash against the path below the scanned folder', async () => {
    await writeTree(folder.dir, { 'skills/g/evals/cases/one.yml': 'GAMMA', 'skills/g/evals/one.yml': 'GAMMA' });
    const { suites } = await loadSuites(['skills/g'], registry, { cwd: folder.dir });
    expect(suites.map((s) => s.id)).toEqual(['skills/g/evals/cases/one.yml']);
    // Scanning the cases folder itself still sees it as one.
    const inside = await loadSuites(['skills/g/evals/cases'], registry, { cwd: folder.dir });
    expect(inside.suites.map((s) => s.id)).toEqual(['skills/g/evals/cases/one.yml']);
  });

  it('does not load again the files a suite read as its parts, and keeps suites and diagnostics in path order', async () => {
    // A suite file that reads every `*.part.yml` below it, as a skill-up eval.yaml reads its cases/.
    const loads: string[] = [];
    const suiteFormat = fakeFormat('suite', ['suite.yml', '*.part.yml'], '', 1, (file, text) => {
      loads.push(file);
      if (!text.startsWith('SUITE')) return { suites: [], diagnostics: [] };
      const parts = ['a.part.yml', 'b.part.yml'].map((name) => join(folder.dir, 'skills/s/evals/cases', name));
      const cases = parts.map((part, i) => makeCase({ id: `c${i}`, source: { file: part, format: 'suite' } }));
      return { suites: [{ id: 'x', name: 's', file, format: 'suite', cases, settings: {} }], diagnostics: [], parts };
    });
    await writeTree(folder.dir, {
      'skills/s/evals/cases/a.part.yml': 'A',
      'skills/s/evals/cases/b.part.yml': 'B',
      'skills/s/evals/cases/c.part.yml': 'C, listed by no suite',
      'skills/s/evals/suite.yml': 'SUITE',
    });
    const { suites, diagnostics } = await loadSuites(['skills/s'], createRegistry({ formats: [suiteFormat] }), {
      cwd: folder.dir,
    });
    // The suite file loaded first; of its folder's files only the one it did not read loaded on its own.
    expect(loads.map((file) => file.slice(folder.dir.length + 1))).toEqual([
      'skills/s/evals/suite.yml',
      'skills/s/evals/cases/c.part.yml',
    ]);
    expect(suites.map((s) => s.id)).toEqual(['skills/s/evals/suite.yml']);
    // One note on the suite file counts the parts the scan skipped, instead of a line per part.
    expect(diagnostics.map((d) => [d.severity, d.ruleId, d.file.slice(folder.dir.length + 1), d.message])).toEqual([
      [
        'info',
        'discovery/part-of-suite',
        'skills/s/evals/suite.yml',
        '2 file(s) found by this scan are parts of this suite and load with it, not on their own: cases/a.part.yml, cases/b.part.yml.',
      ],
    ]);
    // A part named on the command line is not loaded on its own either, and the note is at that file.
    const named = await loadSuites(
      ['skills/s', 'skills/s/evals/cases/b.part.yml'],
      createRegistry({ formats: [suiteFormat] }),
      { cwd: folder.dir },
    );
    expect(named.suites.map((s) => s.id)).toEqual(['skills/s/evals/suite.yml']);
    expect(named.diagnostics.map((d) => [d.file.slice(folder.dir.length + 1), d.message])).toEqual([
      ['skills/s/evals/cases/b.part.yml', 'Read as part of ../suite.yml, which loads it; run that file to run it.'],
      [
        'skills/s/evals/suite.yml',
        '1 file(s) found by this scan are parts of this suite and load with it, not on their own: cases/a.part.yml.',
      ],
    ]);
  });

  it('names a few of many parts a scan skipped and counts the rest', async () => {
    const names = Array.from({ length: 5 }, (_, i) => `p${i}.part.yml`);
    const suiteFormat = fakeFormat('suite', ['suite.yml', '*.part.yml'], '', 1, (file) => ({
      suites: [],
      diagnostics: [],
      parts: file.endsWith('suite.yml') ? names.map((name) => join(folder.dir, 'x/cases', name)) : [],
    }));
    await writeTree(folder.dir, {
      'x/suite.yml': 'SUITE',
      ...Object.fromEntries(names.map((n) => [`x/cases/${n}`, 'P'])),
    });
    const { diagnostics } = await loadSuites(['x'], createRegistry({ formats: [suiteFormat] }), { cwd: folder.dir });
    expect(diagnostics.map((d) => d.message)).toEqual([
      '5 file(s) found by this scan are parts of this suite and load with it, not on their own: cases/p0.part.yml, cases/p1.part.yml, cases/p2.part.yml, … (2 more).',
    ]);
  });

  it('finds candidates by name, skips dependency and dot dirs, picks the most confident format', async () => {
    const { suites, diagnostics } = await loadSuites(['.'], registry, { cwd: folder.dir });
    expect(suites.map((s) => [s.id, s.format])).toEqual([
      ['skills/a/evals/evals.json', 'alpha'],
      ['skills/b/evals/cases.beta.yaml', 'beta'],
    ]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'info',
        ruleId: 'discovery/not-detected',
        file: join(folder.dir, 'skills/c/evals/evals.json'),
        message: expect.stringContaining('(keys found: neither)'),
      }),
    ]);
  });

  it("skips a file a format claims only weakly when a scan finds it (another tool's), and loads it when named", async () => {
    const weak = createRegistry({ formats: [fakeFormat('partly', ['*.task.yaml'], 'PARTLY', 0.4)] });
    await writeTree(folder.dir, { 'w/evals/a.task.yaml': 'PARTLY: 1\nname: other tool' });
    const scanned = await loadSuites(['w'], weak, { cwd: folder.dir });
    expect(scanned.suites).toEqual([]);
    expect(scanned.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'info',
        ruleId: 'discovery/not-detected',
        message: expect.stringMatching(
          /^Skipped: .*\(keys found: PARTLY, name\).* partly reads it only partly; name the file/,
        ),
      }),
    ]);
    const named = await loadSuites(['w/evals/a.task.yaml'], weak, { cwd: folder.dir });
    expect(named.suites.map((s) => s.format)).toEqual(['partly']);
    const forced = await loadSuites(['w'], weak, { cwd: folder.dir, format: 'partly' });
    expect(forced.suites.map((s) => s.format)).toEqual(['partly']);
  });

  it('loads an explicitly named file whatever its name, and dedupes files named twice', async () => {
    const { suites, diagnostics } = await loadSuites(
      ['skills/c/notes.txt', 'skills', join(folder.dir, 'skills/a/evals/evals.json')],
      registry,
      { cwd: folder.dir },
    );
    expect(suites.map((s) => s.id)).toEqual([
      'skills/a/evals/evals.json',
      'skills/b/evals/cases.beta.yaml',
      'skills/c/notes.txt',
    ]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('skips the run directories skill-eval wrote below a scanned folder, unless one is named', async () => {
    await writeTree(folder.dir, {
      'results/run-1/run.json': '{"format": "skill-eval-run-v1", "createdAt": "", "invocation": {}, "plan": []}',
      'results/run-1/evals.json': '{"ALPHA": 1}',
      'results/other/run.json': '{"format": "something else"}',
      'results/other/evals.json': '{"ALPHA": 1}',
    });
    const scanned = await loadSuites(['.'], registry, { cwd: folder.dir });
    expect(scanned.suites.map((s) => s.id)).toEqual([
      'results/other/evals.json',
      'skills/a/evals/evals.json',
      'skills/b/evals/cases.beta.yaml',
    ]);
    const named = await loadSuites(['results/run-1'], registry, { cwd: folder.dir });
    expect(named.suites.map((s) => s.id)).toEqual(['results/run-1/evals.json']);
  });

  it('walks a dot dir when it is named explicitly', async () => {
    const { suites } = await loadSuites(['.hidden'], registry, { cwd: folder.dir });
    expect(suites.map((s) => s.id)).toEqual(['.hidden/evals.json']);
  });

  it('on equal confidence the first registered format wins', async () => {
    await writeTree(folder.dir, { 'x.tie': 'ALPHA' });
    const { suites } = await loadSuites(['x.tie'], registry, { cwd: folder.dir });
    expect(suites.map((s) => s.format)).toEqual(['alpha']);
  });

  it('reports an explicit file no format claims, and a missing path, as errors', async () => {
    const { suites, diagnostics } = await loadSuites(['README.md', 'no/such/path'], registry, { cwd: folder.dir });
    expect(suites).toEqual([]);
    expect(diagnostics).toHaveLength(2);
    const unknown = diagnostics.find((d) => d.ruleId === 'discovery/unrecognised');
    expect(unknown).toMatchObject({ severity: 'error', file: join(folder.dir, 'README.md') });
    expect(unknown?.message).toMatch(/not a recognised eval file; formats: alpha, beta, tie/i);
    expect(diagnostics.find((d) => d.ruleId === 'discovery/not-found')).toMatchObject({
      severity: 'error',
      file: join(folder.dir, 'no/such/path'),
    });
  });

  it('points at where a file no format claims stops parsing, scanned or named, and says to fix it', async () => {
    await writeTree(folder.dir, { 'y/evals/evals.json': '{\n  "cases": [1,, 2]\n}\n' });
    const scanned = await loadSuites(['y'], registry, { cwd: folder.dir });
    expect(scanned.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'info',
        ruleId: 'discovery/not-detected',
        line: 2,
        column: 15,
        message:
          'Skipped: the file name looks like an eval file, but it does not parse (Invalid JSON: Unexpected , in flow sequence). If it is one, fix it there.',
      }),
    ]);
    const named = await loadSuites(['y/evals/evals.json'], registry, { cwd: folder.dir });
    expect(named.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        ruleId: 'discovery/unrecognised',
        line: 2,
        column: 15,
        message: 'Invalid JSON: Unexpected , in flow sequence. Fix it there, then run again.',
      }),
    ]);
  });

  it('says that a named SKILL.md no format claims is a skill, and to name its folder', async () => {
    await writeTree(folder.dir, { 'pdf/SKILL.md': '---\nname: pdf\ndescription: Reads PDFs.\n---\nRead it.\n' });
    const { diagnostics } = await loadSuites(['pdf/SKILL.md'], registry, { cwd: folder.dir });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        ruleId: 'discovery/unrecognised',
        file: join(folder.dir, 'pdf/SKILL.md'),
        message:
          "This is a skill's SKILL.md, not an eval file: name its folder instead to run the eval files found there, or name one of them.",
      }),
    ]);
  });

  it('asks a format that lists its extensions about those files only', async () => {
    const asked: string[] = [];
    const jsonOnly = defineFormat({
      contract: 'format-v1',
      id: 'json-only',
      description: 'claims every file it is asked about',
      parseSettings: () => ({}),
      create: () => ({
        id: 'json-only',
        filePatterns: ['*.json', '*.yaml'],
        extensions: ['.json'],
        detect: (file) => {
          asked.push(file);
          return 1;
        },
        load: (file) => ({
          suites: [{ id: 'x', name: 'n', file, format: 'json-only', cases: [makeCase({ id: 'c1' })], settings: {} }],
          diagnostics: [],
        }),
      }),
    });
    await writeTree(folder.dir, { 'a.JSON': '{}', 'b.yaml': '{}' });
    const { suites, diagnostics } = await loadSuites(
      ['a.JSON', 'b.yaml'],
      createRegistry({ formats: [jsonOnly, fakeFormat('any', [], '{}', 0.5)] }),
      { cwd: folder.dir },
    );
    // The extension is compared in lower case; the yaml file goes to the format that reads any file.
    expect(asked).toEqual([join(folder.dir, 'a.JSON')]);
    expect(suites.map((s) => [s.id, s.format])).toEqual([
      ['a.JSON', 'json-only'],
      ['b.yaml', 'any'],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('turns a loader that throws into an error diagnostic', async () => {
    const broken = fakeFormat('broken', ['*.broken'], '', 1, () => {
      throw new Error('kaput');
    });
    await writeTree(folder.dir, { 'a.broken': 'x' });
    const { suites, diagnostics } = await loadSuites(['a.broken'], createRegistry({ formats: [broken] }), {
      cwd: folder.dir,
    });
    expect(suites).toEqual([]);
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'error', ruleId: 'discovery/load-failed' })]);
    expect(diagnostics[0]!.message).toContain('kaput');
  });
});

describe('loadSuites: checking what formats return', () => {
  /** A format whose one suite holds `cases` and, unless given, a valid shell. */
  const returning = (cases: unknown[], shell: Record<string, unknown> = {}) =>
    createRegistry({
      formats: [
        fakeFormat('fixed', ['*.fixed'], '', 1, (file) => ({
          suites: [{ id: 'x', name: 'n', file, format: 'fixed', cases, settings: {}, ...shell } as never],
          diagnostics: [],
        })),
      ],
    });
  /** A case as the bundled formats build it: through core's parseCase. */
  const checked = (id: string) => parseCase(makeCase({ id }));
  const folder = useTempTree({ 'a.fixed': 'x' });

  it('an invalid case is reported, whether or not the suite also holds checked cases', async () => {
    const invalid = { ...makeCase({ id: 'bad' }), turns: [] };
    for (const cases of [[invalid], [checked('ok'), invalid]]) {
      const { suites, diagnostics } = await loadSuites(['a.fixed'], returning(cases), { cwd: folder.dir });
      expect(suites).toEqual([]);
      expect(diagnostics.map((d) => d.ruleId)).toEqual(['discovery/invalid-suite']);
      expect(diagnostics[0]!.message).toContain('turns');
    }
  });

  it('checked cases load as built; the suite around them is still checked', async () => {
    const cases = [checked('one'), checked('two')];
    const loaded = await loadSuites(['a.fixed'], returning(cases), { cwd: folder.dir });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.suites[0]!.cases).toEqual(cases);
    const unnamed = await loadSuites(['a.fixed'], returning([checked('three')], { name: 3 }), { cwd: folder.dir });
    expect(unnamed.suites).toEqual([]);
    expect(unnamed.diagnostics[0]!.message).toContain('name');
  });
});

describe("loadSuites: a format's load() result of the wrong shape", () => {
  const folder = useTempTree({ 'a.odd': 'x' });
  const loadWith = (result: unknown) =>
    loadSuites(['a.odd'], createRegistry({ formats: [fakeFormat('odd', ['*.odd'], '', 1, () => result as never)] }), {
      cwd: folder.dir,
    });

  it('a diagnostic that is not one is an error naming the format, keeping what it said', async () => {
    const { diagnostics } = await loadWith({ suites: [], diagnostics: [{ severity: 'warning', message: 'odd line' }] });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        ruleId: 'discovery/invalid-diagnostic',
        file: join(folder.dir, 'a.odd'),
      }),
    ]);
    expect(diagnostics[0]!.message).toMatch(/^Format odd produced an invalid diagnostic \(ruleId: .*\): odd line$/);
  });

  it.each([
    [undefined, 'undefined'],
    [{ suites: [] }, 'no diagnostics list'],
    [{ diagnostics: [] }, 'no suites list'],
  ])('%o is an error saying what load() returns', async (result, what) => {
    const { suites, diagnostics } = await loadWith(result);
    expect(suites).toEqual([]);
    expect(diagnostics.map((d) => [d.ruleId, d.message])).toEqual([
      [
        'discovery/invalid-load-result',
        `Format odd returned ${what} from load(); a format returns { suites: [...], diagnostics: [...] }.`,
      ],
    ]);
  });
});

describe('loadSuites with a forced format and undetected files', () => {
  const folder = useTempTree({
    'a/evals.json': '{"skill": "x", "tests": []}',
    'b/plain.alpha.json': '{"no marker": true}',
    'c/list.yaml': '- query: hi\n- query: there\n',
  });

  it('lists the keys it found when a file looks like an eval but no format reads it', async () => {
    const { diagnostics } = await loadSuites(['a', 'c/list.yaml'], registry, { cwd: folder.dir });
    expect(diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ['info', expect.stringContaining('(keys found: skill, tests)')],
      ['error', expect.stringContaining('(a list of 2 item(s) with keys query)')],
    ]);
  });

  it('--format skips detection and reads the file with the named format', async () => {
    const { suites, diagnostics } = await loadSuites(['b/plain.alpha.json'], registry, {
      cwd: folder.dir,
      format: 'alpha',
    });
    expect(diagnostics).toEqual([]);
    expect(suites.map((s) => s.format)).toEqual(['alpha']);
  });

  it('an unknown --format is a usage error naming the formats', async () => {
    await expect(loadSuites(['b'], registry, { cwd: folder.dir, format: 'nope' })).rejects.toThrow(
      /Unknown format 'nope'/,
    );
  });
});
