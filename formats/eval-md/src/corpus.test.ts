import { describe, expect, it } from 'vitest';
import { bySeverity, loadCorpus, where } from './test-support/corpus.js';

const rubric = (value: string) => ({ type: 'llm-rubric', value, verdict: 'pass-fail' });

describe('corpus: SkillKit EVAL.md', () => {
  it('examples/skills/code_review: fenced Elixir code stays in the prompts, two cases', async () => {
    const { result, suite, cases } = await loadCorpus('examples/skills/code_review/EVAL.md');
    expect(result.diagnostics).toEqual([]);
    expect(suite!.name).toBe('code_review');
    expect(suite!.settings).toEqual({ layout: 'suite' });
    expect(cases.map((c) => [c.id, c.name, c.kind, c.source.line, c.source.column, c.source.dialect])).toEqual([
      ['flags a real bug in a numbered list', 'flags a real bug in a numbered list', 'task', 1, 1, 'skillkit'],
      ['approves clean code with LGTM', 'approves clean code with LGTM', 'task', 16, 1, 'skillkit'],
    ]);
    expect(cases[0]!.turns).toEqual([
      'Review this function:\n\n```elixir\ndef average(nums) do\n  Enum.sum(nums) / length(nums)\nend\n```',
    ]);
    expect(cases[1]!.turns[0]).toMatch(/^Review this function:\n\n```elixir\n@doc "Returns/);
    expect(cases[1]!.turns[0]).toMatch(/ {4}trimmed -> trimmed\n {2}end\nend\n```$/);
    expect(cases[0]!.checks).toEqual([
      rubric(
        'The review is formatted as a numbered list of findings and calls out the\nunhandled empty-list case (division by zero / `ArgumentError` when `nums` is\n`[]`). It does not respond with "LGTM".',
      ),
    ]);
    expect(cases[1]!.checks).toEqual([
      rubric(
        'The review finds no substantive issues and signals approval with "LGTM" rather\nthan inventing problems.',
      ),
    ]);
    for (const c of cases) {
      expect([c.turns.length, c.runs, c.limits, c.system, c.skills, c.metadata, c.gates]).toEqual([
        1,
        undefined,
        {},
        undefined,
        [],
        {},
        [],
      ]);
    }
  });

  it('examples/skills/elixir_style: no blank line between heading and sections', async () => {
    const { result, cases } = await loadCorpus('examples/skills/elixir_style/EVAL.md');
    expect(result.diagnostics).toEqual([]);
    expect(cases.map((c) => [c.id, c.source.line])).toEqual([
      ['names boolean functions with a ? suffix', 1],
      ['pattern matches in function heads', 9],
    ]);
    expect(cases.map((c) => c.turns)).toEqual([
      ['Write an Elixir function that returns whether a list is empty.'],
      [
        'Write an Elixir function `handle/1` that returns the value from an `{:ok, value}`\ntuple and `nil` from an `{:error, _}` tuple.',
      ],
    ]);
    expect(cases[0]!.checks).toEqual([
      rubric(
        'The function it writes is named with a trailing `?` (e.g. `empty?/1`), following\nthe convention that boolean-returning functions end in `?`.',
      ),
    ]);
    expect(cases[1]!.checks[0]!.value).toMatch(
      /^The function distinguishes the two cases .*inside a\nsingle clause\.$/s,
    );
  });

  it('examples/agents/neve: one case (its AGENT.md sidecar is not part of the corpus)', async () => {
    const { result, suite, cases } = await loadCorpus('examples/agents/neve/EVAL.md');
    expect(result.diagnostics).toEqual([]);
    expect(suite!.name).toBe('neve');
    expect(cases.map((c) => [c.id, c.turns, c.system, c.metadata])).toEqual([
      ['introduces itself by name', ['Hi — quick question, who am I talking to?'], undefined, {}],
    ]);
    expect(cases[0]!.checks).toEqual([
      rubric(
        'The assistant identifies itself as Neve and answers concisely, without\nlaunching into a coding task or delegating to a subagent.',
      ),
    ]);
  });

  it('test/support/fixtures/evals/shell.eval.md: frontmatter tools kept as allowedTools, with a warning', async () => {
    const { result, suite, cases } = await loadCorpus('test/support/fixtures/evals/shell.eval.md');
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(where(result.diagnostics)).toEqual([['tools-not-restricted', 2, 1]]);
    expect(result.diagnostics[0]!.message).toContain('SkillKit.Tools.Shell');
    expect(suite!.name).toBe('shell');
    expect(cases.map((c) => [c.id, c.turns, c.source.line])).toEqual([
      ['runs a shell command', ['Run: echo hello'], 5],
    ]);
    expect(cases[0]!.metadata).toEqual({ allowedTools: ['SkillKit.Tools.Shell'] });
    expect(cases[0]!.checks).toEqual([
      rubric('The assistant runs the command with its shell tool and reports the output `hello`.'),
    ]);
  });

  it('test/support/fixtures/module_sidecar/greeter.EVAL.md: the *.EVAL.md name, no sibling greeter.ex here', async () => {
    const { result, suite, cases } = await loadCorpus('test/support/fixtures/module_sidecar/greeter.EVAL.md');
    expect(result.diagnostics).toEqual([]);
    expect(suite!.name).toBe('greeter');
    expect(cases.map((c) => [c.id, c.turns, c.checks])).toEqual([
      ['greets by name', ["Hi, I'm Sam"], [rubric('Greets the user by name.')]],
    ]);
  });

  it('test/support/fixtures/evals/greeting: the legacy layout SkillKit loads as 0 cases is one case, with a warning', async () => {
    const { result, suite, cases } = await loadCorpus('test/support/fixtures/evals/greeting/EVAL.md');
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(where(result.diagnostics)).toEqual([['legacy-layout', 5, 1]]);
    expect(result.diagnostics[0]!.message).toMatch(/current SkillKit loads no case/);
    expect(suite!.settings).toEqual({ layout: 'legacy-sections' });
    expect(cases.map((c) => [c.id, c.kind, c.turns, c.source.dialect])).toEqual([
      ['greets the user by name', 'task', ["Hi, I'm Sam"], 'skillkit-legacy'],
    ]);
    expect(cases[0]!.checks).toEqual([
      rubric('The assistant greets the user by their name, Sam, in a warm, friendly tone.'),
    ]);
    expect(cases[0]!.metadata).toEqual({
      frontmatter: { description: 'The greeter should address the user warmly by name' },
    });
  });
});
