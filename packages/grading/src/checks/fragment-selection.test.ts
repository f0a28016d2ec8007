import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { scoreVerdicts } from '../scoring.js';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { parseSelection } from './fragment-selection.js';
import { runCheck } from './run-check.js';

// Expectations from BMAD TEA's runner: bmad-code-org/bmad-method-test-architecture-enterprise
// test/eval-fragment-selection.js at c2fdbbb0fbaebee765bf2659751187e14c557fcf (parseSelection lines 317-343,
// scoreCase lines 345-359, the per-case ✓ at lines 478-481, an unparseable reply at lines 452-456).

const grade = (check: Check, finalMessage: string) =>
  runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase(),
    session: makeSession({ finalMessage }),
    workspace: '/nonexistent',
  });

const TRACE = {
  type: 'fragment-selection',
  mustLoad: ['test-quality.md', 'risk-governance.md'],
  mustNotLoad: ['network-first.md'],
} satisfies Check;

describe('parseSelection, as TEA reads a reply', () => {
  it.each<[string, string, string[] | null]>([
    ['the whole reply is the JSON', '{"fragments": ["a.md", "b.md"]}', ['a.md', 'b.md']],
    // line 321: fenced blocks come first, with or without the json tag
    ['a fenced block', 'Here:\n```json\n{"fragments": ["a.md"]}\n```\n', ['a.md']],
    ['an untagged fence', '```\n{"fragments": ["c.md"]}\n```', ['c.md']],
    // line 322: the greedy span from the first { to the last } around "fragments"
    ['JSON inside prose', 'I pick {"fragments": ["a.md"]} for this run.', ['a.md']],
    // lines 331-336: knowledge/ is taken off, blanks trimmed, empty names dropped, non-strings read as strings
    ['prefix, blanks, empties', '{"fragments": ["knowledge/a.md", "  b.md ", "", 7]}', ['a.md', 'b.md', '7']],
    // only a leading knowledge/ goes
    ['a deeper prefix stays', '{"fragments": ["resources/knowledge/a.md"]}', ['resources/knowledge/a.md']],
    // the first candidate holding a fragments list wins: an earlier fence without one is passed over
    ['first fence without the key', '```json\n{"other": 1}\n```\n```json\n{"fragments": ["z.md"]}\n```', ['z.md']],
    ['an empty list is a selection', '{"fragments": []}', []],
    // line 342: nothing parseable is null, never an empty selection
    ['no JSON at all', 'I would load test-quality.md', null],
    ['fragments not a list', '{"fragments": "a.md"}', null],
    // two objects around "fragments" make the greedy span unparseable, and the whole text too
    ['two objects in prose', 'first {"a": 1} then {"fragments": ["a.md"]}', null],
  ])('%s', (_, reply, selection) => {
    expect(parseSelection(reply)).toEqual(selection);
  });
});

describe('fragment-selection', () => {
  it('passes when every mustLoad fragment is selected and no mustNotLoad one, extra ones allowed', async () => {
    const { verdict } = await grade(TRACE, '{"fragments": ["test-quality.md", "risk-governance.md", "extra.md"]}');
    expect(verdict).toMatchObject({ passed: true, score: 1, errored: false });
    expect(verdict.evidence).toContain('2/2 required, 0 forbidden');
  });

  it('fails on a missed fragment, naming it as TEA prints it', async () => {
    const { verdict } = await grade(TRACE, '{"fragments": ["knowledge/test-quality.md"]}');
    expect(verdict).toMatchObject({ passed: false, score: 0 });
    expect(verdict.evidence).toContain('1/2 required, 0 forbidden; missed: risk-governance.md');
  });

  it('fails on a forbidden fragment even with every required one', async () => {
    const { verdict } = await grade(
      TRACE,
      '{"fragments": ["test-quality.md", "risk-governance.md", "network-first.md"]}',
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.evidence).toContain('loaded anyway: network-first.md');
  });

  it('compares names exactly: case and folder matter', async () => {
    const { verdict } = await grade(TRACE, '{"fragments": ["Test-Quality.md", "docs/risk-governance.md"]}');
    expect(verdict.evidence).toContain('0/2 required');
  });

  it('with only mustNotLoad, any selection without them passes', async () => {
    const { verdict } = await grade({ type: 'fragment-selection', mustNotLoad: ['x.md'] }, '{"fragments": []}');
    expect(verdict.passed).toBe(true);
  });

  it('an unparseable reply errors the case rather than failing it, as TEA leaves the run unmeasured', async () => {
    const { verdict, error } = await grade(TRACE, 'test-quality.md and risk-governance.md');
    expect(verdict.errored).toBe(true);
    expect(error?.code).toBe('ENGINE_FAILED');
    expect(error?.message).toContain('no parseable fragment list in the reply');
    expect(scoreVerdicts([verdict]).status).toBe('error');
  });

  it('a malformed list is the check’s own fault', async () => {
    const { error } = await grade({ type: 'fragment-selection', mustLoad: 'a.md' }, '{"fragments": []}');
    expect(error?.code).toBe('BAD_INPUT');
  });

  it('not-fragment-selection inverts the verdict', async () => {
    const { verdict } = await grade({ ...TRACE, type: 'not-fragment-selection' }, '{"fragments": []}');
    expect(verdict.passed).toBe(true);
  });
});
