import { describe, expect, it } from 'vitest';
import { loadSkillet } from './load-skillet.js';

// A path under no SKILL.md: nothing here reads the disk except the skill-root lookup.
const FILE = '/nonexistent-skill-eval-test/evals/set/001.yaml';
const load = (lines: string[], file = FILE) => loadSkillet(file, lines.join('\n'));
const where = (diagnostics: { ruleId: string; line?: number; column?: number }[]) =>
  diagnostics.map((d) => [d.ruleId.replace('skillet/', ''), d.line, d.column]);
const HEAD = ['timestamp: 2025-01-15T10:30:00Z', 'name: n', 'prompt: go'];

describe('file-level problems', () => {
  it('broken YAML: every error positioned, nothing loaded', () => {
    const { suites, diagnostics } = load(['timestamp: t', 'prompt: [a', 'expected: x', '  bad: indent']);
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([
      ['syntax', 3, 1],
      ['syntax', 3, 11],
      ['syntax', 3, 11],
    ]);
    expect(diagnostics[0]!.message).toBe(
      'Invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    );
  });

  it('several documents in one file are refused', () => {
    const { suites, diagnostics } = load([...HEAD, 'expected: e', '---', 'name: b']);
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([['syntax', 5, 1]]);
    expect(diagnostics[0]!.message).toMatch(/several YAML documents/);
  });

  it('a key written twice is an error at the repeat', () => {
    const { diagnostics } = load([...HEAD, 'expected: a', 'name: again']);
    expect(where(diagnostics)).toEqual([['duplicate-key', 5, 1]]);
    expect(diagnostics[0]!.message).toMatch(/written twice/);
  });

  it('an alias to no anchor set before it stops the file, as PyYAML stops, at the alias', () => {
    const { suites, diagnostics } = load(['timestamp: *2025-01-15T00:00:00Z', 'name: n', 'prompt: go', 'expected: e']);
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([['syntax', 1, 12]]);
    expect(diagnostics[0]!.message).toMatch(/alias \*2025-01-15T00:00:00Z names no anchor set before it/);
    // Set after the alias is too late for PyYAML's composer as well; set before, the alias reads the value.
    expect(where(load(['timestamp: *t', 'name: &t n', 'prompt: go', 'expected: e']).diagnostics)).toEqual([
      ['syntax', 1, 12],
    ]);
    const anchored = load(['timestamp: &t 2025-01-15T10:30:00Z', 'name: n', 'prompt: go', 'expected: e', 'domain: *t']);
    expect(anchored.diagnostics).toEqual([]);
    expect(anchored.suites[0]!.cases[0]!.name).toBe('n');
  });

  it('not a map, or empty', () => {
    expect(where(load(['- a', '- b']).diagnostics)).toEqual([['not-a-map', 1, 1]]);
    const empty = load(['# only a comment', '']);
    expect(where(empty.diagnostics)).toEqual([['not-a-map', 1, 1]]);
    expect(empty.diagnostics[0]!.message).toMatch(/this file is empty/);
  });

  it('missing required fields are one error listing them, as Skillet does; expected is required beside assertions', () => {
    const { suites, diagnostics } = load(['# c', 'prompt: hi', 'assertions:', '  - {type: contains, value: x}']);
    expect(where(diagnostics)).toEqual([['missing-field', 2, 1]]);
    expect(diagnostics[0]!.message).toBe(
      'Missing required fields: timestamp, expected, name. Skillet requires timestamp, name, prompt and expected in every eval (expected too when there are assertions).',
    );
    // Still listed, so a report can show it; the error stops it from running.
    expect(suites[0]!.cases[0]!.name).toBe('001');
  });

  it('.yml loads when named, with a warning that Skillet ignores it', () => {
    const { suites, diagnostics } = load([...HEAD, 'expected: x'], '/nonexistent-skill-eval-test/evals/set/001.yml');
    expect(where(diagnostics)).toEqual([['yml-ignored', 1, 1]]);
    expect(suites[0]!.cases[0]!.id).toBe('001');
  });
});

describe('fields', () => {
  it('prompt: blank, an empty list, a non-text turn, a map', () => {
    const at = (prompt: string[]) => where(load(['timestamp: t', 'name: n', 'expected: e', ...prompt]).diagnostics);
    expect(at(['prompt: "  "'])).toEqual([['blank-prompt', 4, 9]]);
    expect(at(['prompt: []'])).toEqual([['blank-prompt', 4, 9]]);
    expect(at(['prompt:', '  - one', '  - 2', '  - ""'])).toEqual([
      ['wrong-type', 6, 5],
      ['blank-prompt', 7, 5],
    ]);
    expect(at(['prompt: {a: 1}'])).toEqual([['wrong-type', 4, 9]]);
    expect(at(['prompt:'])).toEqual([['blank-prompt', 4, 8]]);
  });

  it('expected: empty without assertions has nothing to judge; a number is read as text with a warning', () => {
    expect(where(load([...HEAD, 'expected:']).diagnostics)).toEqual([['blank-expected', 4, 10]]);
    const numeric = load([...HEAD, 'expected: 42']);
    expect(where(numeric.diagnostics)).toEqual([['wrong-type', 4, 11]]);
    expect(numeric.suites[0]!.cases[0]!.checks[0]!.value).toBe('42');
    expect(where(load([...HEAD, 'expected: [a]']).diagnostics)).toEqual([['wrong-type', 4, 11]]);
  });

  it('name empty → the id, with a warning; setup not text is an error', () => {
    const { suites, diagnostics } = load(['timestamp: t', 'name:', 'prompt: p', 'expected: e', 'setup: [a]']);
    expect(where(diagnostics)).toEqual([
      ['blank-name', 2, 6],
      ['wrong-type', 5, 8],
    ]);
    expect(suites[0]!.cases[0]!.name).toBe('001');
  });

  it('timestamp: unquoted text kept as written, a quoted one as its value', () => {
    const raw = load(['timestamp: 2025-01-15 10:30:00', 'name: n', 'prompt: p', 'expected: e']);
    expect(raw.suites[0]!.cases[0]!.metadata.timestamp).toBe('2025-01-15 10:30:00');
    const numeric = load(['timestamp: 20250115', 'name: n', 'prompt: p', 'expected: e']);
    expect(numeric.suites[0]!.cases[0]!.metadata.timestamp).toBe('20250115');
    const quoted = load(['timestamp: "2025-01-15"', 'name: n', 'prompt: p', 'expected: e']);
    expect(quoted.suites[0]!.cases[0]!.metadata.timestamp).toBe('2025-01-15');
  });

  it('domain, actual, _meta: metadata without a word; unknown keys: metadata and a warning at the key', () => {
    const { suites, diagnostics } = load([
      ...HEAD,
      'expected: e',
      'domain: triggering',
      'actual: said hi',
      'samples: 5',
      'tags: [a]',
    ]);
    expect(where(diagnostics)).toEqual([
      ['unknown-key', 7, 1],
      ['unknown-key', 8, 1],
    ]);
    expect(diagnostics[0]!.message).toBe(
      'Unknown key "samples": Skillet ignores it and so does skill-eval (it is kept as metadata); remove it or check its spelling.',
    );
    expect(suites[0]!.cases[0]!.metadata).toEqual({
      timestamp: '2025-01-15T10:30:00Z',
      domain: 'triggering',
      actual: 'said hi',
      samples: 5,
      tags: ['a'],
    });
    expect(suites[0]!.cases[0]!.tags).toEqual([]);
  });

  it('an empty or complex key is reported where it is written', () => {
    const { diagnostics, suites } = load([...HEAD, 'expected: e', ': orphan', '[a, b]: pair']);
    expect(where(diagnostics)).toEqual([
      ['unknown-key', 5, 1],
      ['unknown-key', 6, 1],
    ]);
    expect(suites[0]!.cases[0]!.metadata).toMatchObject({ '': 'orphan', 'a,b': 'pair' });
  });
});

describe('assertions', () => {
  it('replace the judge: exactly these checks, with Skillet case folding; expected becomes reference', () => {
    const { suites, diagnostics } = load([
      ...HEAD,
      'expected: Says hello',
      'assertions:',
      '  - {type: contains, value: Hello}',
      '  - {type: not_contains, value: error}',
      '  - {type: starts_with, value: Hi}',
      '  - {type: ends_with, value: "!"}',
      '  - {type: regex, value: "\\\\d{3}"}',
      '  - {type: tool_called, value: Bash}',
      '  - {type: tool_not_called, value: WebFetch}',
    ]);
    expect(diagnostics).toEqual([]);
    const c = suites[0]!.cases[0]!;
    expect(c.reference).toBe('Says hello');
    expect(c.checks).toEqual([
      { type: 'contains', value: 'Hello', caseSensitive: false },
      { type: 'contains', value: 'error', caseSensitive: false, negate: true },
      { type: 'starts-with', value: 'Hi', caseSensitive: false },
      { type: 'ends-with', value: '!', caseSensitive: false, trimEnd: true },
      { type: 'regex', value: '\\d{3}' },
      { type: 'tool-called', value: 'Bash' },
      { type: 'tool-not-called', value: 'WebFetch' },
    ]);
  });

  it('every bad assertion is reported at its position (Skillet stops at the first)', () => {
    const { suites, diagnostics } = load([
      ...HEAD,
      'expected: e',
      'assertions:',
      '  - {type: contains, value: ok}',
      '  - {type: icontains, value: x}',
      '  - {type: regex}',
      '  - {value: y}',
      '  - {type: contains, value: 5}',
      '  - just text',
      '  - {type: contains, value: z, weight: 2}',
      '  - {type: regex, value: "(?<n>a)"}',
    ]);
    expect(where(diagnostics)).toEqual([
      ['unknown-check-type', 7, 12],
      ['invalid-assertion', 8, 5],
      ['invalid-assertion', 9, 5],
      ['invalid-assertion', 10, 29],
      ['invalid-assertion', 11, 5],
      ['unknown-key', 12, 32],
      ['invalid-regex', 13, 26],
    ]);
    const messages = diagnostics.map((d) => d.message);
    expect(messages[0]).toBe(
      'Assertion 2: unknown check type "icontains"; did you mean "contains"? Skillet knows contains, not_contains, regex, starts_with, ends_with, tool_called, tool_not_called.',
    );
    expect(messages[1]).toBe('Assertion 3 has no "value"; add the text, pattern or tool name to check.');
    expect(messages[2]).toMatch(/^Assertion 4 has no "type"/);
    expect(messages[3]).toBe(
      'The value of assertion 5 is the value 5; write it as text (quote it), since Skillet compares text (its checks call value.lower()).',
    );
    expect(messages[4]).toBe('Assertion 6 is the text "just text"; write a map like {type: contains, value: "…"}.');
    expect(messages[6]).toMatch(/^The pattern of assertion 8 cannot be used: .*Python syntax/);
    expect(diagnostics[6]!.severity).toBe('error');
    expect(suites[0]!.cases[0]!.checks.map((c) => c.value)).toEqual(['ok', 'z']);
  });

  it('not a list is an error; an empty list keeps the judge, with an info', () => {
    expect(where(load([...HEAD, 'expected: e', 'assertions: contains']).diagnostics)).toEqual([['wrong-type', 5, 13]]);
    expect(where(load([...HEAD, 'expected: e', 'assertions:']).diagnostics)).toEqual([['wrong-type', 5, 12]]);
    const empty = load([...HEAD, 'expected: e', 'assertions: []']);
    expect(where(empty.diagnostics)).toEqual([['empty-assertions', 5, 13]]);
    expect(empty.suites[0]!.cases[0]!.checks).toEqual([
      { type: 'llm-rubric', value: 'e', name: 'expected', verdict: 'pass-fail' },
    ]);
  });

  it('an empty expected is fine beside assertions (reference only)', () => {
    const { suites, diagnostics } = load([...HEAD, 'expected:', 'assertions: [{type: contains, value: a}]']);
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases[0]!.reference).toBeUndefined();
  });
});

describe('checks, as the catalogue reads them', () => {
  it('an empty text to look for is an error at its value: it would match every answer', () => {
    const { suites, diagnostics } = load([...HEAD, 'expected: e', 'assertions:', '  - {type: contains, value: ""}']);
    expect(where(diagnostics)).toEqual([['invalid-check', 6, 29]]);
    expect(diagnostics[0]!.message).toBe(
      'Assertion 1: "value" of contains is empty; write the text to look for (a non-empty string; a number is read as written).',
    );
    expect(suites[0]!.cases[0]!.checks).toEqual([]);
  });
});
