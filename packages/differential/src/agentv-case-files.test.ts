import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadAgentv } from '@skill-eval/format-agentv';
import { afterAll, describe, expect, it } from 'vitest';
import { type AgentvVersion, agentvLoad } from './peers/agentv-loaders.js';

/**
 * How a suite names its case files, read by AgentV's own loader at both versions and by skill-eval's AgentV reader
 * (told the version, as a file written for it is read): which suites load, with which tests, and which are refused
 * (AgentV refuses the file ⇔ an error here). Every kind of case file, named by a `tests:` path or by a list entry,
 * with and without `file://`, a glob and a folder; then case files that differ only inside: JSON that only YAML
 * reads, tests with nothing to grade them by.
 */
const root = realpathSync(mkdtempSync(join(tmpdir(), 'agentv-case-files-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Files = Record<string, string>;

/** Both readings of a project of `files`, whose suite is `a.eval.yaml`. */
async function readings(version: AgentvVersion, files: Files) {
  const dir = mkdtempSync(join(root, 'suite-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const suite = join(dir, 'a.eval.yaml');
  const theirs = await agentvLoad(version, suite, dir);
  const ours = loadAgentv(suite, readFileSync(suite, 'utf8'), { cwd: dir, version: version === '5' ? '5' : '4' });
  const errors = ours.diagnostics.filter((d) => d.severity === 'error');
  const content = (m: { content?: unknown }) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
  return {
    agentv: theirs.refused === undefined ? theirs.tests.map((t) => t.id) : 'refused',
    skillEval: errors.length === 0 ? ours.suites.flatMap((s) => s.cases.map((c) => c.id)) : 'refused',
    diagnostics: ours.diagnostics,
    /** The user messages AgentV sends, and the turns skill-eval sends, of every test. */
    agentvInputs: theirs.tests.flatMap((t) => (t.input ?? []).filter((m) => m.role === 'user').map(content)),
    skillEvalTurns: ours.suites.flatMap((s) => s.cases.flatMap((c) => c.turns)),
  };
}

const CASE_FILES: Files = {
  'cases.yaml': '- id: y\n  input: hi\n  assert: [Greets]\n',
  'cases.json': '[{"id": "j", "input": "hi", "assert": ["Greets"]}]',
  'cases.jsonl': '{"id": "l", "input": "hi", "assert": ["Greets"]}\n',
  'cases.csv': 'id,input,__expected\nc,hi,contains:hi\n',
  'folder/one/case.yaml': 'input: hi\nassert: [Greets]\n',
};

const REFERENCES = [
  ...['cases.yaml', 'cases.json', 'cases.jsonl', 'cases.csv'].flatMap((name) => [`file://${name}`, `./${name}`]),
  'file://cases.y*ml',
  './folder',
  'file://folder',
];

describe.each(['5', '4.42.4'] as const)('AgentV %s and skill-eval on how a suite names its case files', (version) => {
  it.each(REFERENCES.flatMap((ref) => [[`tests: ${ref}`], [`tests: [${ref}]`]]))('%s', async (tests) => {
    const read = await readings(version, { ...CASE_FILES, 'a.eval.yaml': `${tests}\n` });
    expect(read.skillEval).toEqual(read.agentv);
  });
});

const INSIDE: Record<string, Files> = {
  'a JSON case file only YAML reads': { 'cases.json': '[{id: j, input: hi, assert: [Greets]}]' },
  'a JSON case file with a key given twice': {
    'cases.json': '[{"id": "j", "id": "k", "input": "hi", "assert": ["Greets"]}]',
  },
  'a JSON case file with a comment': { 'cases.json': '# tests\n[{"id": "j", "input": "hi", "assert": ["Greets"]}]' },
  'a test with nothing to grade it by': { 'cases.yaml': '- id: y\n  input: hi\n' },
  'a test with only criteria': { 'cases.yaml': '- id: y\n  input: hi\n  criteria: Greets\n' },
  'a test with only expected_output': { 'cases.yaml': '- id: y\n  input: hi\n  expected_output: Hello\n' },
  'a test with an empty assert list': { 'cases.yaml': '- id: y\n  input: hi\n  assert: []\n' },
  'a CSV row with no __expected': { 'cases.csv': 'id,input\nc,hi\n' },
};

const MERGE_KEYS: Record<AgentvVersion, Record<string, string>> = {
  '4.42.4': {
    'a test sharing its fields through a merge key':
      'x-base: &b {input: hi, assertions: [Greets]}\ntests:\n  - id: a\n    <<: *b\n',
    'a merge key naming no map': 'x-base: &b text\ntests:\n  - id: a\n    input: hi\n    <<: *b\n',
  },
  '5': {
    'a test sharing its fields through a merge key':
      'prompts: ["{{ q }}"]\nx-base: &b {vars: {q: hi}, assert: [Greets]}\ntests:\n  - id: a\n    description: own\n    <<: *b\n',
    'merge keys of two maps, the first winning':
      'prompts: ["{{ q }}"]\nx-a: &a {vars: {q: first}}\nx-b: &b {vars: {q: second}, assert: [Greets]}\ntests:\n  - id: a\n    <<: [*a, *b]\n',
    'a merge key naming no map':
      'prompts: ["{{ q }}"]\nx-base: &b text\ntests:\n  - id: a\n    vars: {q: hi}\n    <<: *b\n',
  },
};

describe.each(['5', '4.42.4'] as const)('AgentV %s and skill-eval on merge keys', (version) => {
  it.each(Object.entries(MERGE_KEYS[version]))('%s', async (_, suite) => {
    const read = await readings(version, { 'a.eval.yaml': suite });
    expect(read.skillEval).toEqual(read.agentv);
  });
});

describe('AgentV 5 and skill-eval on what a case file holds', () => {
  it.each(Object.entries(INSIDE))('%s', async (_, files) => {
    const [name] = Object.keys(files);
    const read = await readings('5', { ...files, 'a.eval.yaml': `tests: ./${name}\n` });
    expect(read.skillEval).toEqual(read.agentv);
  });

  it('a suite whose tests inherit graders from default_test keeps a test of its own with none', async () => {
    const read = await readings('5', {
      'cases.yaml': '- id: y\n  input: hi\n',
      'a.eval.yaml': 'default_test:\n  assert: [Greets]\ntests: ./cases.yaml\n',
    });
    expect(read.agentv).toEqual(['y']);
    expect(read.skillEval).toEqual(read.agentv);
  });

  it("warns, at the case file's value, of a {{ env.X }} AgentV fills from the environment and skill-eval sends as written", async () => {
    process.env.SKILL_EVAL_DIFFERENTIAL_PROBE = 'there';
    try {
      const read = await readings('5', {
        'cases.yaml': '- id: y\n  vars: {q: "Hi {{ env.SKILL_EVAL_DIFFERENTIAL_PROBE }}"}\n  assert: [Greets]\n',
        'a.eval.yaml': 'prompts: ["{{ q }}"]\ntests: ./cases.yaml\n',
      });
      expect(read.agentvInputs).toEqual(['Hi there']);
      expect(read.skillEvalTurns).toEqual(['Hi {{ env.SKILL_EVAL_DIFFERENTIAL_PROBE }}']);
      expect(read.diagnostics).toEqual([
        expect.objectContaining({
          ruleId: 'agentv/env-template',
          file: expect.stringMatching(/cases\.yaml$/),
          line: 2,
        }),
      ]);
    } finally {
      delete process.env.SKILL_EVAL_DIFFERENTIAL_PROBE;
    }
  });

  it('says why a test is skipped and what to add, at the test', async () => {
    const read = await readings('5', {
      'cases.yaml': '- id: y\n  input: hi\n',
      'a.eval.yaml': 'tests: ./cases.yaml\n',
    });
    expect(read.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'agentv/dropped-by-agentv',
        file: expect.stringMatching(/cases\.yaml$/),
        line: 1,
        message: expect.stringMatching(
          /skips this test: it has no assert, criteria, expected_output or turns.*Add assert/,
        ),
      }),
    ]);
  });
});
