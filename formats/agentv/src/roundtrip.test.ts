import { copyFileSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type Case, CaseSchema, type Check, type Suite } from '@skill-eval/core';
import { corpusPath } from '@skill-eval/testing/corpus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AgentvEvalFileSchema } from './agentv-file-schema.js';
import { loadAgentv } from './load-agentv.js';
import { AGENTV } from './test-support/corpus.js';
import { writeAgentv } from './write-agentv.js';

let tmp: string;
beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'agentv-rt-')));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** A case without its source and the vars it was templated with (a written file templates its prompts anew). */
/** A check without what the reader records of the test for code graders (the test itself holds it). */
const unrecorded = (check: Check): Check => {
  const { payload: _payload, ...rest } = check;
  return Array.isArray(rest.checks) ? { ...rest, checks: (rest.checks as Check[]).map(unrecorded) } : rest;
};

const comparable = (cases: Case[]) =>
  cases.map(({ source: _source, verdictRule: _rule, metadata: { vars: _vars, ...metadata }, checks, ...rest }) => ({
    ...rest,
    checks: checks.map(unrecorded),
    metadata,
  }));

/** Writes a suite next to its own file and loads the result back. */
function rewrite(suite: Suite) {
  const written = writeAgentv(suite);
  expect(written.files).toHaveLength(1);
  // Written paths are relative to the skill root (`evals/<name>.eval.yaml`); keep the file beside its source.
  const out = join(tmp, basename(written.files[0]!.path));
  writeFileSync(out, written.files[0]!.text);
  const reloaded = loadAgentv(out, written.files[0]!.text);
  return { written, reloaded, doc: parse(written.files[0]!.text) };
}

const CORPUS_FILES = [
  'examples/features/agent-skills-evals/csv-analyzer.EVAL.yaml',
  'examples/features/agent-skills-evals/multi-provider-skill-use.EVAL.yaml',
  'examples/features/rubric/evals/operators.eval.yaml',
];

describe('write → load round trip', () => {
  for (const relativePath of CORPUS_FILES) {
    it(`corpus ${basename(relativePath)}: the written v5 file loads into the same cases, without errors`, () => {
      const copy = join(tmp, basename(relativePath));
      copyFileSync(corpusPath(AGENTV + relativePath), copy);
      const original = loadAgentv(copy, readFileSync(copy, 'utf8'));
      const suite = original.suites[0]!;
      const { written, reloaded, doc } = rewrite(suite);
      expect(reloaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(comparable(reloaded.suites[0]!.cases)).toEqual(comparable(suite.cases));
      expect(reloaded.suites[0]!.cases.every((c) => c.source.dialect === 'agentv-5')).toBe(true);
      expect(written.lost).toEqual([]);
      expect(AgentvEvalFileSchema.safeParse(doc).success).toBe(true);
      expect(doc.prompts).toEqual(['{{ input }}']);
    });
  }

  it('skill-used and not-skill-used lists are written back as the lists they were', () => {
    const text = [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - vars: {input: go}',
      '    assert:',
      '      - {type: skill-used, value: [a, b]}',
      '      - {type: not-skill-used, value: [c, d], weight: 2}',
    ].join('\n');
    const suite = loadAgentv(join(tmp, 'a.eval.yaml'), text).suites[0]!;
    const { written, reloaded, doc } = rewrite(suite);
    expect(doc.tests[0].assert).toEqual([
      { type: 'skill-used', value: ['a', 'b'] },
      { type: 'not-skill-used', value: ['c', 'd'], weight: 2 },
    ]);
    expect(written.lost).toEqual([]);
    expect(comparable(reloaded.suites[0]!.cases)).toEqual(comparable(suite.cases));
  });

  it("Skillet's case-folding checks: contains becomes icontains; what AgentV would compare by case is listed", () => {
    const file = join(tmp, 'greet.yaml');
    const checks = [
      { type: 'contains', value: 'HELLO', caseSensitive: false },
      { type: 'contains', value: 'ERROR', caseSensitive: false, negate: true },
      { type: 'starts-with', value: 'Hi', caseSensitive: false },
      { type: 'ends-with', value: 'bye', caseSensitive: false, trimEnd: true },
      { type: 'cost', max: 0.5 },
    ];
    const testCase = CaseSchema.parse({
      id: 'greet',
      name: 'greet',
      kind: 'task',
      turns: ['hello world'],
      checks,
      source: { file, format: 'skillet' },
    });
    const suite: Suite = { id: 'x', name: 'greet', file, format: 'skillet', cases: [testCase], settings: {} };
    const { written, reloaded, doc } = rewrite(suite);
    expect(doc.tests[0].assert.slice(0, 2)).toEqual([
      { type: 'icontains', value: 'HELLO' },
      // AgentV 5 has no not-icontains grader: the negation is its `negate`.
      { type: 'icontains', value: 'ERROR', negate: true },
    ]);
    expect(written.lost).toEqual([
      'case greet: check starts-with "Hi" ignores case; AgentV compares case (caseSensitive: false is kept)',
      'case greet: check ends-with "bye" ignores case; AgentV compares case (caseSensitive: false is kept)',
      'case greet: check cost: an engine that reports no cost makes it an error here; AgentV fails it instead',
    ]);
    expect(reloaded.suites[0]!.cases[0]!.checks).toEqual([
      { type: 'icontains', value: 'HELLO' },
      { type: 'icontains', value: 'ERROR', negate: true },
      // AgentV trims both sides of an affix comparison, and so does a check read back from it.
      ...checks.slice(2, 4).map((c) => ({ ...c, trim: true })),
      { type: 'cost', max: 0.5, failUnreported: true },
    ]);
  });

  it('every case field survives: what AgentV cannot express goes under metadata.skill_eval and is listed in lost', () => {
    const file = join(tmp, 'from-elsewhere.json');
    writeFileSync(join(tmp, 'data.csv'), 'a,b\n');
    const source = { file, format: 'other' };
    const cases: Case[] = [
      CaseSchema.parse({
        id: '7',
        rawId: 7,
        name: 'Multi-turn with everything',
        kind: 'task',
        turns: ['First', 'Second'],
        system: 'Be brief.',
        reference: 'Ref',
        gates: [{ type: 'file-exists', path: 'out.txt' }],
        checks: [
          { type: 'contains', value: 'x', weight: 2, required: true, name: 'has x' },
          { type: 'regex', value: '^a', flags: 'i', negate: true },
          { type: 'latency', max: 5000 },
          { type: 'cost', max: 0.5, failUnreported: true },
          { type: 'token-usage', max: 1000 },
          { type: 'tool-called', value: 'Bash', args: { command: 'ls' } },
          { type: 'tool-called', value: 'Read', negate: true },
          { type: 'tool-trajectory', tools: ['Read', 'Edit'], mode: 'in-order' },
          { type: 'code-grader', command: 'node check.js', cwd: 'scripts' },
          {
            type: 'assert-set',
            threshold: 0.5,
            checks: [{ type: 'is-json' }, { type: 'llm-rubric', value: 'ok', weight: 3 }],
          },
          { type: 'golden-file', path: 'a', golden: 'b' },
        ],
        failIf: [{ type: 'contains', value: 'rm -rf' }],
        threshold: 0.75,
        workspace: {
          files: [{ from: join(tmp, 'data.csv'), to: 'data.csv' }],
          inline: { 'a.txt': 'hello' },
          setup: ['make'],
          teardown: ['make clean'],
          artifacts: ['out/**'],
          overlays: [tmp],
        },
        limits: { timeoutSeconds: 60, maxTurns: 8 },
        runs: 4,
        engine: 'codex',
        judge: 'anthropic',
        tags: ['slow'],
        metadata: { owner: 'me' },
        source,
      }),
      CaseSchema.parse({
        id: '2',
        name: '2',
        kind: 'trigger',
        turns: ['deploy it'],
        shouldTrigger: true,
        triggerThreshold: 0.7,
        source,
      }),
      CaseSchema.parse({
        id: 'q',
        rawId: 'q',
        name: 'q',
        kind: 'task',
        turns: ['Hi'],
        system: 'Sys',
        checks: [{ type: 'skill-used', value: 's' }],
        source,
      }),
    ];
    const suite: Suite = { id: 'x', name: 'Mixed Suite!', file, format: 'other', cases, settings: {} };
    const { written, reloaded, doc } = rewrite(suite);
    expect(written.files[0]!.path).toBe('evals/mixed-suite.eval.yaml');
    // The trigger case has no checks (its source format grades the trigger itself): written without assert, which AgentV
    // skips as an incomplete test, and so does the reader, saying so; `lost` says it too.
    expect(reloaded.diagnostics.map((d) => d.ruleId)).toEqual(['agentv/dropped-by-agentv']);
    expect(comparable(reloaded.suites[0]!.cases)).toEqual(
      comparable(cases)
        .filter((c) => c.id !== '2')
        .map((c) => (c.id === '7' ? { ...c, rawId: '7' } : c)),
    );
    expect(written.lost).toEqual([
      'case 7: the id 7 is written as a string',
      'case 7: system prompt of a conversation (kept under metadata.skill_eval; AgentV ignores it)',
      'case 7: workspace overlays, inline, setup, teardown, artifacts (kept under metadata.skill_eval; AgentV ignores it)',
      'case 7: 1 gate check(s) (kept under metadata.skill_eval; AgentV ignores it)',
      'case 7: 1 fail-if check(s) (kept under metadata.skill_eval; AgentV ignores it)',
      'case 7: max turns (kept under metadata.skill_eval; AgentV ignores it)',
      'case 7: engine hint codex (kept under metadata.skill_eval; AgentV ignores it)',
      'case 7: judge hint anthropic (kept under metadata.skill_eval; AgentV ignores it)',
      'case 2: no check to grade it by, so AgentV skips the test ("Skipping incomplete test"), and so does skill-eval reading the file',
      'case 2: kind trigger (should trigger: true) not expressed by skill-used assertions alone (kept under metadata.skill_eval; AgentV ignores it)',
      'case 2: trigger threshold (kept under metadata.skill_eval; AgentV ignores it)',
      'case q: kind task not expressed by skill-used assertions alone (kept under metadata.skill_eval; AgentV ignores it)',
    ]);
    // AgentV-native spellings where AgentV has them.
    const [t7, t2, tq] = doc.tests;
    expect(t7).toMatchObject({
      id: '7',
      description: 'Multi-turn with everything',
      mode: 'conversation',
      turns: [{ input: 'First' }, { input: 'Second' }],
      threshold: 0.75,
      run: { repeat: { count: 4 }, timeout_seconds: 60 },
      input_files: ['data.csv'],
      vars: { expected_output: 'Ref' },
    });
    expect(t7.assert.slice(1, 9)).toEqual([
      { type: 'regex', value: '^a', flags: 'i', negate: true },
      { type: 'latency', threshold: 5000 },
      { type: 'cost', budget: 0.5 },
      { type: 'token-usage', max_total: 1000 },
      { type: 'trajectory:tool-args-match', value: { name: 'Bash', args: { command: 'ls' } } },
      { type: 'not-trajectory:tool-used', value: 'Read' },
      { type: 'trajectory:tool-sequence', value: { mode: 'in_order', steps: ['Read', 'Edit'] } },
      { type: 'script', cwd: 'scripts', command: 'node check.js' },
    ]);
    expect(t2).not.toHaveProperty('id');
    expect(tq.vars.input).toEqual([
      { role: 'system', content: 'Sys' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(AgentvEvalFileSchema.safeParse(doc).error?.issues).toBeUndefined();
  });
});
