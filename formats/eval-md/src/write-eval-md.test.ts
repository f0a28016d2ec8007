import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Case, type CaseInput, CaseSchema, SuiteSchema } from '@skill-eval/core';
import { corpusFiles } from '@skill-eval/testing/corpus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEvalMd } from './load-eval-md.js';
import { readSkillKitLine } from './skillkit-lines.js';
import { loadCorpus, SKILLKIT } from './test-support/corpus.js';
import { writeEvalMd } from './write-eval-md.js';

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'eval-md-write-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes the text as an EVAL.md in a fresh folder and loads it back. */
async function reload(text: string) {
  const dir = mkdtempSync(join(tmp, 'out-'));
  const file = join(dir, 'EVAL.md');
  writeFileSync(file, text);
  return loadEvalMd(file, text);
}

const comparable = (c: Case) => {
  const { source: _source, ...rest } = c;
  return rest;
};

const suiteOf = (cases: CaseInput[], settings: Record<string, unknown> = {}) =>
  SuiteSchema.parse({ id: 's', name: 's', file: '/x/evals.json', format: 'evals-json', cases, settings });
const base = (id: string, extra: Partial<CaseInput> = {}): CaseInput => ({
  id,
  name: id,
  kind: 'task',
  turns: ['Do it.'],
  checks: [{ type: 'llm-rubric', value: 'It is done.' }],
  source: { file: '/x/evals.json', format: 'evals-json' },
  ...extra,
});

describe('write → load round trip', () => {
  const mine = corpusFiles(SKILLKIT).map((f) => f.slice(SKILLKIT.length));

  it.each(mine)('%s reads back the same cases, nothing lost', async (relative) => {
    const { suite } = await loadCorpus(relative);
    const { files, lost } = writeEvalMd(suite!);
    expect(lost).toEqual([]);
    expect(files.map((f) => f.path)).toEqual(['EVAL.md']);
    const again = await reload(files[0]!.text);
    expect(again.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(again.suites[0]!.cases.map(comparable)).toEqual(suite!.cases.map(comparable));
    // A second write is a fixed point.
    expect(writeEvalMd(again.suites[0]!).files[0]!.text).toBe(files[0]!.text);
  });

  it('the legacy corpus file is written in the current layout, which SkillKit can run', async () => {
    const { suite } = await loadCorpus('test/support/fixtures/evals/greeting/EVAL.md');
    expect(writeEvalMd(suite!).files[0]!.text).toBe(
      "---\ndescription: The greeter should address the user warmly by name\n---\n\n## greets the user by name\n### Prompt\nHi, I'm Sam\n\n### Expect\nThe assistant greets the user by their name, Sam, in a warm, friendly tone.\n",
    );
  });

  it('notes, preamble, shared frontmatter and agent mode survive (the agent as its system prompt)', async () => {
    mkdirSync(join(tmp, 'agent'));
    writeFileSync(join(tmp, 'agent', 'AGENT.md'), 'You are Neve.\n');
    const text =
      '---\ntools: [SkillKit.Tools.Shell]\nmodel: m\nmetadata: {owner: qa}\nextra: 1\n---\nAbout these cases.\n\n## a\nWhy this case.\n\n### Prompt\np\n### Expect\ne\n## b\n### Prompt\nq\n### Expect\nf\n';
    writeFileSync(join(tmp, 'agent', 'EVAL.md'), text);
    const first = await loadEvalMd(join(tmp, 'agent', 'EVAL.md'), text);
    const { files, lost } = writeEvalMd(first.suites[0]!);
    expect(lost).toEqual([
      `case "a": agent ${join(tmp, 'agent')} — written as its system prompt only`,
      `case "b": agent ${join(tmp, 'agent')} — written as its system prompt only`,
    ]);
    const again = await reload(files[0]!.text);
    expect(again.suites[0]!.settings.preamble).toBe('About these cases.');
    const withoutAgent = (c: Case) => {
      const { agent: _agent, ...metadata } = c.metadata;
      return { ...comparable(c), metadata };
    };
    expect(again.suites[0]!.cases.map(comparable)).toEqual(first.suites[0]!.cases.map(withoutAgent));
    expect(again.suites[0]!.cases[0]!.metadata.notes).toBe('Why this case.');
    expect(again.suites[0]!.cases[0]!.system).toBe('You are Neve.');
  });
});

describe('write: what EVAL.md cannot say is lost, never dropped silently', () => {
  it('multi-turn, deterministic checks, trigger kind, workspace, limits and more', () => {
    const suite = suiteOf([
      base('1', {
        name: 'first case',
        kind: 'trigger',
        shouldTrigger: false,
        turns: ['  Hello  ', 'And then?'],
        checks: [
          { type: 'skill-used', value: 'x', negate: true },
          { type: 'llm-rubric', value: 'A', weight: 2 },
          { type: 'llm-rubric', value: 'B' },
        ],
        gates: [{ type: 'contains', value: 'ok' }],
        reference: 'The answer.',
        runs: 3,
        limits: { timeoutSeconds: 60 },
        tags: ['t'],
        workspace: { files: [{ from: '/x/a.csv', to: 'a.csv' }], setup: ['make'] },
        metadata: { category: 'c' },
      }),
    ]);
    const { files, lost } = writeEvalMd(suite);
    expect(files[0]!.text).toBe('## first case\n### Prompt\nHello\n\n### Expect\nA\n\nB\n');
    expect(lost).toEqual([
      'case "1": trigger case (should_trigger: false) — EVAL.md has no trigger cases; written as a task case',
      'case "1": multi-turn prompt (2 turns) — only the first is kept',
      'case "1": check not skill-used "x" — EVAL.md grades only with its Expect rubric',
      'case "1": gate contains "ok"',
      'case "1": rubric weight 2',
      'case "1": 2 rubric checks merged into one Expect section (graded as one)',
      'case "1": reference (expected output) — EVAL.md has no place for it',
      'case "1": surrounding whitespace of the prompt is not kept',
      'case "1": runs 3',
      'case "1": timeout 60 s (SkillKit\'s timeout is a runner option)',
      'case "1": tags t',
      'case "1": workspace files a.csv',
      'case "1": setup commands (1)',
      'case "1": metadata.category',
      'case "1": the id is not kept — EVAL.md names a case by its heading, "first case"',
    ]);
  });

  it('a case with nothing to grade is left out; a reference alone becomes the Expect', () => {
    const suite = suiteOf([base('a', { checks: [] }), base('b', { checks: [], reference: 'Ref.' })]);
    const { files, lost } = writeEvalMd(suite);
    expect(files[0]!.text).toBe('## b\n### Prompt\nDo it.\n\n### Expect\nRef.\n');
    expect(lost).toEqual([
      'case "a": not written — nothing grades it in EVAL.md (no llm-rubric check or reference)',
      'case "b": no rubric: its reference (expected output) is written as the Expect criterion',
    ]);
  });

  it('a rubric named by its own text loses nothing; the criterion made of expected_output is written as the reference', () => {
    const suite = suiteOf([
      base('named', { checks: [{ type: 'llm-rubric', value: 'Has a chart', name: 'Has a chart' }] }),
      base('ref', {
        reference: 'A table.',
        checks: [{ type: 'llm-rubric', value: 'A table.', name: 'expected_output' }],
      }),
      base('other', { checks: [{ type: 'llm-rubric', value: 'Is short', name: 'brevity' }] }),
    ]);
    const { files, lost } = writeEvalMd(suite);
    expect(files[0]!.text).toContain('## ref\n### Prompt\nDo it.\n\n### Expect\nA table.\n');
    expect(lost).toEqual([
      'case "ref": no rubric: its reference (expected output) is written as the Expect criterion',
      'case "other": rubric name "brevity"',
    ]);
  });

  it('no writable case: no file', () => {
    const { files, lost } = writeEvalMd(suiteOf([base('a', { checks: [] })]));
    expect(files).toEqual([]);
    expect(lost.at(-1)).toBe('no case could be written, so no EVAL.md is written');
  });

  it('names: repeated, multi-line, named Prompt, closing #s', async () => {
    const suite = suiteOf([
      base('x', { name: 'same' }),
      base('y', { name: 'same' }),
      base('z', { name: 'two\nlines' }),
      base('p', { name: 'Prompt' }),
      base('h', { name: 'C# and ##' }),
    ]);
    const { files, lost } = writeEvalMd(suite);
    const names = (await reload(files[0]!.text)).suites[0]!.cases.map((c) => c.name);
    expect(names).toEqual(['same', 'same (2)', 'two lines', 'case: Prompt', 'C# and']);
    expect(lost).toContain('case "y": its name repeats another case\'s; written as "same (2)"');
    expect(lost).toContain(
      'case "z": its name is written as "two lines" (an EVAL.md heading cannot hold "two\nlines")',
    );
  });

  it('headings and open code fences in a prompt are rewritten as text for both readers, said, and a fence is closed', async () => {
    const prompt =
      'Summarise:\n\n# Title\n\n#### Deep is fine\n\n# Prompt\n#expect\n\n```js\nconst x = 1;\n## not a heading';
    const suite = suiteOf([base('a', { turns: [prompt] }), base('b')]);
    const { files, lost } = writeEvalMd(suite);
    expect(lost).toEqual([
      'case "a": its prompt line "# Title" is written as "#### Title", so EVAL.md reads it as text',
      'case "a": its prompt line "# Prompt" is written as "\\# Prompt", so EVAL.md reads it as text',
      'case "a": its prompt line "#expect" is written as "\\#expect", so EVAL.md reads it as text',
      'case "a": its prompt line "## not a heading" is written as " ## not a heading", so EVAL.md reads it as text',
      'case "a": its prompt leaves a code fence open; a closing ``` is added',
    ]);
    const cases = (await reload(files[0]!.text)).suites[0]!.cases;
    expect(cases.map((c) => c.id)).toEqual(['a', 'b']);
    expect(cases[0]!.turns[0]).toBe(
      'Summarise:\n\n#### Title\n\n#### Deep is fine\n\n\\# Prompt\n\\#expect\n\n```js\nconst x = 1;\n ## not a heading\n```',
    );
    expect(cases[0]!.metadata.notes).toBeUndefined();
    // SkillKit, reading line by line and knowing no code fences, sees the same two cases and four sections.
    const structure = files[0]!.text
      .split('\n')
      .map((line) => readSkillKitLine(line))
      .filter((line) => line.kind !== 'content');
    expect(structure).toEqual([
      { kind: 'case', name: 'a' },
      { kind: 'section', section: 'prompt' },
      { kind: 'section', section: 'expect' },
      { kind: 'case', name: 'b' },
      { kind: 'section', section: 'prompt' },
      { kind: 'section', section: 'expect' },
    ]);
  });

  it('frontmatter is written only for values every case shares', async () => {
    const suite = suiteOf([
      base('a', { system: 'S1', metadata: { model: 'm', allowedTools: ['t'] } }),
      base('b', { system: 'S2', metadata: { model: 'm', allowedTools: ['t'] } }),
    ]);
    const { files, lost } = writeEvalMd(suite);
    expect(files[0]!.text.startsWith('---\ntools:\n  - t\nmodel: m\n---\n')).toBe(true);
    expect(lost).toEqual([
      'frontmatter `system` differs between cases (EVAL.md frontmatter applies to every case) — not written',
    ]);
    const cases = (await reload(files[0]!.text)).suites[0]!.cases;
    expect(cases.map((c) => [c.system, c.metadata])).toEqual([
      [undefined, { allowedTools: ['t'], model: 'm' }],
      [undefined, { allowedTools: ['t'], model: 'm' }],
    ]);
    expect(CaseSchema.parse(cases[0])).toEqual(cases[0]);
  });
});
