import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeGitRepository } from '@skill-eval/testing';
import { CORPUS_DIR } from '@skill-eval/testing/corpus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectEvalsJson } from './detect.js';
import { loadEvalsJson } from './load-evals-json.js';
import { teaIndexFragments } from './tea-index.js';

// Every expectation here is BMAD TEA's runner: bmad-code-org/bmad-method-test-architecture-enterprise
// test/eval-fragment-selection.js at c2fdbbb0fbaebee765bf2659751187e14c557fcf — loadSuites (lines 170-185),
// validateSuites (lines 194-274), buildPrompt (lines 277-308), RUN_TIMEOUT_MS (line 64), --runs default 2 (line 96),
// the agent's cwd, the repository root (line 444).

const WORKFLOW = 'bmad-testarch-trace';
const INDEX = [
  'id,name,description,tags,tier,fragment_file',
  'test-quality,Test Quality,"Deterministic, isolated tests","quality,tests",core,knowledge/test-quality.md',
  'risk-governance,Risk Governance,Risk scoring,risk,core,knowledge/risk-governance.md',
  'network-first,Network First,Intercept first,network,core,knowledge/network-first.md',
  '',
].join('\n');
const STEP = '# Step 1\n\nLoad test-quality.md and risk-governance.md.\n';

const tea = (cases: unknown[], top: Record<string, unknown> = {}) => ({
  workflow: WORKFLOW,
  about: 'Fragment selection for the trace workflow.',
  contextFiles: ['steps-c/step-01-load-context.md'],
  cases,
  ...top,
});
const CASE = {
  id: 'trace-go',
  name: 'Traceability for a Go service',
  stack: 'go',
  prompt: 'Map the acceptance criteria onto the existing tests.',
  repoFacts: ['Go module with *_test.go files', 'no package.json'],
  config: { test_stack_type: 'backend', tea_use_playwright_utils: true },
  expect: { mustLoad: ['test-quality.md', 'risk-governance.md'], mustNotLoad: ['network-first.md'] },
  assertions: [{ id: 'why', text: 'The required set is stack-neutral.' }],
};

let repo = '';
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'skill-eval-tea-'));
  makeGitRepository(repo);
  const workflowDir = join(repo, 'src/workflows/testarch', WORKFLOW);
  write(join(workflowDir, 'steps-c/step-01-load-context.md'), STEP);
  write(join(workflowDir, 'resources/tea-index.csv'), INDEX);
  for (const name of ['test-quality.md', 'risk-governance.md', 'network-first.md', 'unindexed.md'])
    write(join(workflowDir, 'resources/knowledge', name), `# ${name}\n`);
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Loads `doc` written (pretty, so each key has its own line) at test/evals/<dir>/evals.json of the fake repository. */
function load(doc: unknown, dir = WORKFLOW, options = {}) {
  const file = join(repo, 'test/evals', dir, 'evals.json');
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  write(file, text);
  const result = loadEvalsJson(file, text, { cwd: repo, ...options });
  const lines = text.split('\n');
  /** The line of the `nth` line holding `needle`, then `below` lines further. */
  const lineOf = (needle: string, nth = 1, below = 0) =>
    lines.map((line, i) => (line.includes(needle) ? i + 1 : 0)).filter(Boolean)[nth - 1]! + below;
  return { file, result, suite: result.suites[0], cases: result.suites[0]?.cases ?? [], lineOf };
}
const errors = (r: { diagnostics: { severity: string; ruleId: string; line?: number; message: string }[] }) =>
  r.diagnostics.filter((d) => d.severity === 'error');

describe('BMAD TEA evals.json: detection', () => {
  it('is taken as a TEA file (not a BMAD cases.json) by its expect.mustLoad / mustNotLoad', () => {
    expect(detectEvalsJson('evals.json', JSON.stringify(tea([CASE])))).toBe(0.95);
    expect(detectEvalsJson('x.json', JSON.stringify({ cases: [{ id: 'a', expect: { mustNotLoad: [] } }] }))).toBe(0.95);
    // a cases document without them stays what it was
    expect(detectEvalsJson('x.json', JSON.stringify({ cases: [{ id: 'a', prompt: 'p' }] }))).toBe(0);
  });
});

describe('BMAD TEA evals.json: a case as TEA builds and scores it', () => {
  it('reads the suite: name, dialect, about; each case with its id, name, runs, timeout and project copy', () => {
    const { result, suite, cases, lineOf } = load(tea([CASE]));
    expect(errors(result)).toEqual([]);
    expect(suite).toMatchObject({ name: WORKFLOW, format: 'evals-json', skill: undefined });
    expect(suite!.settings).toEqual({
      dialect: 'bmad-tea',
      metadata: { about: 'Fragment selection for the trace workflow.' },
    });
    expect(cases).toHaveLength(1);
    const [c] = cases;
    expect(c).toMatchObject({ id: 'trace-go', rawId: 'trace-go', name: 'Traceability for a Go service', kind: 'task' });
    expect(c!.runs).toBe(2);
    expect(c!.limits.timeoutSeconds).toBe(300);
    expect(c!.skills).toEqual([]);
    expect(c!.workspace.project).toEqual({ root: repo, exclude: [] });
    expect(c!.source).toMatchObject({ format: 'evals-json', dialect: 'bmad-tea', line: lineOf('"cases"', 1, 1) });
    // what TEA does not read for the prompt or the score is kept
    expect(c!.metadata).toEqual({
      stack: 'go',
      repoFacts: CASE.repoFacts,
      config: CASE.config,
      assertions: CASE.assertions,
    });
  });

  it('grades the reply with one fragment-selection check of expect, and nothing else (assertions are not graded)', () => {
    const { cases } = load(tea([CASE]));
    expect(cases[0]!.checks).toEqual([
      {
        type: 'fragment-selection',
        name: 'fragment selection',
        mustLoad: ['test-quality.md', 'risk-governance.md'],
        mustNotLoad: ['network-first.md'],
      },
    ]);
  });

  it('builds the one message exactly as buildPrompt does', () => {
    const { cases } = load(tea([CASE]));
    expect(cases[0]!.turns).toEqual([
      [
        `You are running the TEA workflow \`${WORKFLOW}\`. Below are the workflow's own knowledge-loading rules and its fragment index.`,
        '',
        'Decide which knowledge fragments this run must load, following those rules exactly. Do not load a fragment the rules do not call for: over-loading costs context and mixes patterns from stacks the project does not use.',
        '',
        `----- steps-c/step-01-load-context.md -----\n${STEP}`,
        '',
        '----- resources/tea-index.csv -----',
        INDEX,
        '',
        '----- the run -----',
        `Task: ${CASE.prompt}`,
        '',
        'Repository facts:',
        '- Go module with *_test.go files',
        '- no package.json',
        '',
        'TEA config for this run:',
        '{\n  "test_stack_type": "backend",\n  "tea_use_playwright_utils": true\n}',
        '',
        '----- output -----',
        'Reply with JSON only, no prose and no code fence:',
        '{"fragments": ["one-fragment-file-name.md", "..."]}',
        'Use the fragment file names exactly as they appear in the index, without the `knowledge/` prefix.',
      ].join('\n'),
    ]);
  });

  it('joins several contextFiles with a blank line, each under its own header; a missing config is {}', () => {
    const workflowDir = join(repo, 'src/workflows/testarch', WORKFLOW);
    write(join(workflowDir, 'steps-c/step-02.md'), 'two');
    const { config: _config, ...noConfig } = CASE;
    const { cases } = load(
      tea([noConfig], { contextFiles: ['steps-c/step-01-load-context.md', 'steps-c/step-02.md'] }),
    );
    const prompt = cases[0]!.turns[0]!;
    expect(prompt).toContain(
      `----- steps-c/step-01-load-context.md -----\n${STEP}\n\n----- steps-c/step-02.md -----\ntwo\n`,
    );
    expect(prompt).toContain('TEA config for this run:\n{}\n');
  });

  it('says once that TEA passes a run by its totals, which skill-eval does not grade', () => {
    const { result, lineOf } = load(tea([CASE, { ...CASE, id: 'trace-2' }]));
    const notes = result.diagnostics.filter((d) => d.ruleId === 'evals-json/tea-run-totals');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ severity: 'info', line: lineOf('"cases"') });
    expect(notes[0]!.message).toContain('required recall at least 90% and forbidden rate at most 10%');
  });

  it('projectCopy never leaves the repository out of the workspace', () => {
    const { cases } = load(tea([CASE]), WORKFLOW, { projectCopy: 'never' });
    expect(cases[0]!.workspace.project).toBeUndefined();
  });
});

describe('BMAD TEA evals.json: what TEA refuses is an error at its line, naming TEA’s runner', () => {
  const RUNNER = "BMAD TEA's fragment-selection runner (test/eval-fragment-selection.js)";

  // `at`: the needle of the line the error is at; the case itself (its `{`) is the line below "cases".
  it.each<[string, (c: typeof CASE) => unknown, string | [string, number, number], string]>([
    ['no id (line 240)', ({ id: _id, ...c }) => c, ['"cases"', 1, 1], 'has no id'],
    [
      'a prompt under 20 characters (line 243)',
      (c) => ({ ...c, prompt: '  Map the tests.    ' }),
      '"prompt"',
      'shorter than 20 characters',
    ],
    ['no repoFacts (lines 244-246)', (c) => ({ ...c, repoFacts: [] }), '"repoFacts"', 'has no repoFacts'],
    ['no assertions (lines 247-249)', (c) => ({ ...c, assertions: [] }), '"assertions"', 'has no assertions'],
    [
      'an assertion without text (line 251)',
      (c) => ({ ...c, assertions: [{ id: 'x' }] }),
      ['"id": "x"', 1, -1],
      'missing id or text',
    ],
    ['an empty mustLoad (line 256)', (c) => ({ ...c, expect: { mustLoad: [] } }), '"mustLoad"', 'mustLoad is empty'],
    [
      'a fragment not in the knowledge folder (lines 259-261)',
      (c) => ({ ...c, expect: { mustLoad: ['gone.md'] } }),
      '"gone.md"',
      'gone.md is not in bmad-testarch-trace/resources/knowledge/',
    ],
    [
      'a fragment on disk but not indexed (lines 263-265)',
      (c) => ({ ...c, expect: { mustLoad: ['test-quality.md'], mustNotLoad: ['unindexed.md'] } }),
      '"unindexed.md"',
      'unindexed.md is not indexed in bmad-testarch-trace/resources/tea-index.csv, so it can never be selected',
    ],
    [
      'a fragment both required and forbidden (lines 268-269)',
      (c) => ({ ...c, expect: { mustLoad: ['test-quality.md'], mustNotLoad: ['test-quality.md'] } }),
      '"test-quality.md"',
      'test-quality.md is both required and forbidden',
    ],
  ])('%s', (_, change, at, says) => {
    const { result, lineOf } = load(tea([change(CASE)]));
    const found = errors(result);
    expect(found).toHaveLength(1);
    expect(found[0]!.line).toBe(typeof at === 'string' ? lineOf(at) : lineOf(...at));
    expect(found[0]!.message).toContain(says);
    expect(found[0]!.message).toContain(RUNNER);
    expect(found[0]!.message).not.toMatch(/rename|rewrite|convert/);
  });

  it('a repeated id is refused (line 241) and its second case left out', () => {
    const { result, cases, lineOf } = load(tea([CASE, CASE]));
    expect(errors(result).map((d) => [d.ruleId, d.line])).toEqual([
      ['evals-json/duplicate-id', lineOf('"id": "trace-go"', 2)],
    ]);
    expect(cases).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    // with no workflow key, the error is at the document
    ['no workflow field (line 201)', { workflow: undefined }, '{', 'no "workflow" field'],
    [
      'a workflow that is not its folder (line 202)',
      { workflow: 'bmad-testarch-ci' },
      '"workflow"',
      'does not match its directory',
    ],
    ['no contextFiles (lines 215-216)', { contextFiles: [] }, '"contextFiles"', 'no contextFiles'],
    [
      'a contextFile that does not exist (lines 210-213)',
      { contextFiles: ['steps-c/nope.md'] },
      '"steps-c/nope.md"',
      'contextFile steps-c/nope.md',
    ],
    ['no cases (lines 232-234)', { cases: [] }, '"cases"', 'with no cases'],
  ])('%s', (_, top, at, says) => {
    const doc = Object.fromEntries(Object.entries(tea([CASE], top)).filter(([, v]) => v !== undefined));
    const { result, lineOf } = load(doc);
    const found = errors(result);
    expect(found.map((d) => [d.line, d.message.includes(says), d.message.includes(RUNNER)])).toEqual([
      [lineOf(at), true, true],
    ]);
  });

  it('a suite whose workflow folder is missing (lines 205-207) is refused, with no cases', () => {
    const { result, suite, lineOf } = load(tea([CASE], { workflow: 'bmad-testarch-nfr' }), 'bmad-testarch-nfr');
    expect(suite).toBeUndefined();
    expect(errors(result).map((d) => [d.ruleId, d.line])).toEqual([
      ['evals-json/tea-inconsistent', lineOf('"workflow"')],
    ]);
    expect(errors(result)[0]!.message).toContain('no workflow at src/workflows/testarch/bmad-testarch-nfr');
  });

  it('a workflow without tea-index.csv (line 229) is refused: every prompt holds it', () => {
    rmSync(join(repo, 'src/workflows/testarch', WORKFLOW, 'resources/tea-index.csv'));
    const { result, suite } = load(tea([CASE]));
    expect(suite).toBeUndefined();
    expect(errors(result).some((d) => d.message.includes('ships no resources/tea-index.csv'))).toBe(true);
  });

  it('an index that does not parse (line 226) is refused', () => {
    write(join(repo, 'src/workflows/testarch', WORKFLOW, 'resources/tea-index.csv'), 'id,fragment_file\na,b,c\n');
    const { result } = load(tea([{ ...CASE, expect: { mustLoad: ['test-quality.md'] } }]));
    expect(errors(result).map((d) => d.message)).toEqual([
      expect.stringContaining(
        'tea-index.csv does not parse: Invalid Record Length: columns length is 2, got 3 on line 2',
      ),
    ]);
  });

  it('a contextFile that climbs out of the repository is not read', () => {
    write(join(dirname(repo), `${WORKFLOW}-outside.md`), 'secret');
    const { result, suite } = load(tea([CASE], { contextFiles: [`../../../../../${WORKFLOW}-outside.md`] }));
    expect(suite).toBeUndefined();
    expect(errors(result)).toEqual([
      expect.objectContaining({ ruleId: 'evals-json/file-escapes-root', needsTrust: true }),
    ]);
    rmSync(join(dirname(repo), `${WORKFLOW}-outside.md`));
  });

  it('a repository of its own between the file and TEA’s root leaves the workflow out of the project', () => {
    makeGitRepository(join(repo, 'test'));
    const { result, suite } = load(tea([CASE]));
    expect(suite).toBeUndefined();
    expect(errors(result)).toEqual([
      expect.objectContaining({ ruleId: 'evals-json/file-escapes-root', needsTrust: true, line: 1 }),
    ]);
  });

  it('without any .git, the repository the file’s place names is the project', () => {
    rmSync(join(repo, '.git'), { recursive: true });
    expect(errors(load(tea([CASE])).result)).toEqual([]);
  });

  it('a TEA file away from test/evals/<workflow>/ cannot have its prompts built, and says where TEA reads it', () => {
    const file = join(repo, 'elsewhere', 'evals.json');
    const text = JSON.stringify(tea([CASE]));
    const result = loadEvalsJson(file, text);
    expect(result.suites).toEqual([]);
    expect(result.diagnostics.map((d) => [d.severity, d.ruleId, d.line])).toEqual([
      ['error', 'evals-json/tea-layout', 1],
    ]);
    expect(result.diagnostics[0]!.message).toContain('reads only test/evals/<workflow>/evals.json of its repository');
  });

  it('wrong types are errors at their line, never a crash', () => {
    const { result, cases, lineOf } = load(
      tea([
        { ...CASE, prompt: 42 },
        { ...CASE, id: 'b', expect: { mustLoad: 'test-quality.md' } },
      ]),
    );
    expect(cases).toEqual([]);
    expect(errors(result).map((d) => [d.ruleId, d.line])).toEqual([
      ['evals-json/wrong-type', lineOf('"prompt": 42')],
      ['evals-json/wrong-type', lineOf('"mustLoad": "test-quality.md"')],
    ]);
  });

  it('an unknown key is warned about where it is written', () => {
    const { result, lineOf } = load(tea([{ ...CASE, expect: { ...CASE.expect, mustload: [] } }]));
    expect(result.diagnostics.filter((d) => d.ruleId === 'evals-json/unknown-key').map((d) => d.line)).toEqual([
      lineOf('"mustload"'),
    ]);
  });
});

describe('tea-index.csv, as csv-parse reads it with columns and skip_empty_lines', () => {
  it.each<[string, string, string[] | string]>([
    [
      'the fragment_file column, knowledge/ taken off',
      INDEX,
      ['test-quality.md', 'risk-governance.md', 'network-first.md'],
    ],
    [
      'quoted commas, doubled quotes, CRLF and empty lines',
      'id,fragment_file\r\n\r\n"a,""b""","knowledge/x,y.md"\r\n',
      ['x,y.md'],
    ],
    ['no fragment_file column', 'id,name\na,b\n', ['']],
    ['a short record', 'id,fragment_file\na\n', 'Invalid Record Length: columns length is 2, got 1 on line 2'],
    ['an open quote', 'id,fragment_file\na,"b\n', 'Quote Not Closed'],
    ['a quote inside a field', 'id,fragment_file\na,b"c\n', 'Invalid Opening Quote'],
    ['text after a closing quote', 'id,fragment_file\na,"b"c\n', 'Invalid Closing Quote'],
  ])('%s', (_, text, expected) => {
    const read = teaIndexFragments(text);
    if (typeof expected === 'string') expect('problem' in read && read.problem).toContain(expected);
    else expect('fragments' in read && [...read.fragments]).toEqual(expected);
  });
});

describe('corpus: TEA’s own trace suite (bmad-method-test-architecture-enterprise @ee29297)', () => {
  const repository = join(
    CORPUS_DIR,
    'wild/bmad-tea-evals-json/bmad-code-org-bmad-method-test-architecture-enterprise',
  );
  const file = join(repository, 'test/evals/bmad-testarch-trace/evals.json');
  const workflowDir = join(repository, 'src/workflows/testarch/bmad-testarch-trace');

  it('reads both cases, each checked against its own expect and prompted with the step file and the index', () => {
    const text = readFileSync(file, 'utf8');
    const data = JSON.parse(text) as { cases: { id: string; prompt: string; expect: Record<string, string[]> }[] };
    const result = loadEvalsJson(file, text, { cwd: repository });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const cases = result.suites[0]!.cases;
    expect(cases.map((c) => c.id)).toEqual(['trace-go-service-no-js', 'trace-mobile-epic']);
    const step = readFileSync(join(workflowDir, 'steps-c/step-01-load-context.md'), 'utf8');
    const index = readFileSync(join(workflowDir, 'resources/tea-index.csv'), 'utf8');
    cases.forEach((c, i) => {
      expect(c.checks).toEqual([{ type: 'fragment-selection', name: 'fragment selection', ...data.cases[i]!.expect }]);
      expect(c.turns[0]).toContain(
        `----- steps-c/step-01-load-context.md -----\n${step}\n\n----- resources/tea-index.csv -----\n${index}\n`,
      );
      expect(c.turns[0]).toContain(`Task: ${data.cases[i]!.prompt}\n`);
    });
  });
});
