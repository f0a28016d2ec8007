import { describe, expect, it } from 'vitest';
import { loadSkillet } from './load-skillet.js';

const load = (text: string) => loadSkillet('/evals/x/001.yaml', text);

describe('merge keys, as PyYAML reads them', () => {
  it("takes a named map's keys, its own keys winning, then the first map's", () => {
    const { suites, diagnostics } = load(
      'a: &a {name: first, expected: A}\nb: &b {name: second, expected: B, prompt: From b}\ntimestamp: 2025-01-15\n<<: [*a, *b]\nexpected: Own\n',
    );
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const c = suites[0]!.cases[0]!;
    expect([c.name, c.turns, c.checks[0]?.value]).toEqual(['first', ['From b'], 'Own']);
  });

  it('points a field that came from a named map at its line there', () => {
    const { diagnostics } = load(
      'base: &base\n  name: n\n  expected: 12.0\ntimestamp: 2025-01-15\nprompt: hi\n<<: *base\n',
    );
    expect(diagnostics.find((d) => d.ruleId === 'skillet/wrong-type')).toMatchObject({ line: 3, column: 13 });
  });

  it('refuses a merge key that names no map, at it, as PyYAML does', () => {
    const { suites, diagnostics } = load(
      'x: &x text\ntimestamp: 2025-01-15\nname: n\nprompt: hi\nexpected: e\n<<: *x\n',
    );
    expect(suites).toEqual([]);
    expect(diagnostics).toEqual([expect.objectContaining({ ruleId: 'skillet/syntax', line: 6, column: 5 })]);
  });

  it('refuses a plain = or << value, which PyYAML cannot build, and takes them quoted', () => {
    for (const token of ['=', '<<']) {
      const { suites, diagnostics } = load(`timestamp: 2025-01-15\nname: n\nprompt: hi\nexpected: ${token}\n`);
      expect(suites).toEqual([]);
      expect(diagnostics).toEqual([expect.objectContaining({ ruleId: 'skillet/syntax', line: 4, column: 11 })]);
    }
    const quoted = load('timestamp: 2025-01-15\nname: n\nprompt: hi\nexpected: "="\n');
    expect(quoted.suites[0]!.cases[0]!.checks[0]?.value).toBe('=');
  });

  it('keeps a quoted "<<" as a key of its own', () => {
    const { diagnostics } = load('timestamp: 2025-01-15\nname: n\nprompt: hi\nexpected: e\n"<<": {name: other}\n');
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['skillet/unknown-key']);
  });
});

describe('scalars, as PyYAML (YAML 1.1) reads them', () => {
  it('reads a name or expected answer YAML 1.1 takes for a boolean or number as Python writes it, with a warning', () => {
    const { suites, diagnostics } = load('timestamp: 2025-01-15\nname: yes\nprompt: hi\nexpected: 0755\n');
    const c = suites[0]!.cases[0]!;
    expect([c.name, c.checks[0]?.value]).toEqual(['True', '493']);
    expect(diagnostics.map((d) => [d.ruleId, d.line]).sort()).toEqual([
      ['skillet/wrong-type', 2],
      ['skillet/wrong-type', 4],
    ]);
  });

  it('refuses a turn YAML 1.1 takes for a boolean, which Skillet could not send, and says to quote it', () => {
    const { suites, diagnostics } = load('timestamp: 2025-01-15\nname: n\nprompt: [hi, "on", off]\nexpected: e\n');
    expect(suites).toEqual([]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'skillet/wrong-type',
        line: 3,
        column: 20,
        message: expect.stringMatching(/Turn 3 of "prompt": Skillet reads "off" as a boolean .*quote it/),
      }),
    ]);
  });
});
