import { describe, expect, it } from 'vitest';
import { parseYaml } from './parse-yaml.js';

describe('parseYaml', () => {
  it('parses a text once: asking again for the same text gives the same document, another text its own', () => {
    const text = 'tests:\n  - id: a\n    input: hello\n';
    const first = parseYaml(text);
    expect(parseYaml(`${text}`)).toBe(first);
    expect(first.doc.toJS()).toEqual({ tests: [{ id: 'a', input: 'hello' }] });
    const other = parseYaml('tests: []\n');
    expect(other).not.toBe(first);
    expect(other.doc.toJS()).toEqual({ tests: [] });
  });

  it('keeps positions and errors of each text', () => {
    const broken = parseYaml('a: 1\nb: [\n');
    expect(broken.errors.length).toBeGreaterThan(0);
    expect(broken.errors[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
    const fine = parseYaml('a: 1\nb: 2\n');
    expect(fine.errors).toEqual([]);
    expect(fine.positionOf(fine.doc.get('b', true) as never)).toEqual({ line: 2, column: 4 });
  });
});

describe('parseYaml: nesting deeper than the parser can follow', () => {
  // The yaml library fails at every level it unwinds through, as often as the stack has room for.
  const deeply = (calls: number, text: string): ReturnType<typeof parseYaml> =>
    calls === 0 ? parseYaml(text) : deeply(calls - 1, text);

  it('is one error at the first place, saying what to do, however deep the caller already is', () => {
    for (const [i, calls] of [0, 2000, 6000].entries()) {
      const text = `a: ${'['.repeat(5000 + i)}${']'.repeat(5000 + i)}\n`;
      const parsed = deeply(calls, text);
      expect(parsed.errors).toEqual([
        {
          code: 'RESOURCE_EXHAUSTION',
          message: expect.stringContaining('nest too deeply'),
          line: 1,
          column: expect.any(Number),
        },
      ]);
      expect(parsed.errors[0]!.message).toContain('flatten');
    }
  });

  it('leaves other errors as they are', () => {
    const parsed = parseYaml(`a: [\nb: ${'{'.repeat(6000)}${'}'.repeat(6000)}\n`);
    expect(parsed.errors.filter((e) => e.code === 'RESOURCE_EXHAUSTION')).toHaveLength(1);
    expect(parsed.errors.length).toBeGreaterThan(1);
  });
});

describe('parseYaml: plain data and positions', () => {
  it('gives a new copy of the data on every call, so a caller changing it leaves the next caller alone', () => {
    const parsed = parseYaml('tests:\n  - id: a\n    vars: {x: 1}\n');
    const first = parsed.toJS() as { tests: { vars: { x: number } }[] };
    first.tests[0]!.vars.x = 2;
    expect(parsed.toJS()).toEqual({ tests: [{ id: 'a', vars: { x: 1 } }] });
  });

  it('positions a path: the document, maps, lists and scalars; nothing for a path the document lacks', () => {
    const parsed = parseYaml('# head\ntests:\n  - id: a\n  - id: b\n    input: hi\n');
    expect(parsed.errors).toEqual([]);
    expect(parsed.positionAtPath([])).toEqual({ line: 2, column: 1 });
    expect(parsed.positionAtPath(['tests', 1])).toEqual({ line: 4, column: 5 });
    expect(parsed.positionAtPath(['tests', 1, 'input'])).toEqual({ line: 5, column: 12 });
    expect(parsed.positionAtPath(['tests', 5])).toBeUndefined();
    expect(parsed.sourceOf(parsed.doc.getIn(['tests', 1, 'input'], true) as never)).toBe('hi');
  });

  it('expands aliases, and alias bombs throw with the place of the first alias', () => {
    const aliases = parseYaml('a: &x [1, 2]\nb: *x\n');
    expect(aliases.toJS()).toEqual({ a: [1, 2], b: [1, 2] });
    expect(aliases.positionAtPath(['b'])).toEqual({ line: 2, column: 4 });
    const bomb = `a: &a [x, x]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c]\n`;
    // Thrown with the first alias's place, so that a load that fails on it can point there.
    expect(() => parseYaml(bomb).toJS({ maxAliasCount: 10 })).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/alias/i), line: 2, column: 8 }),
    );
    expect(parseYaml(bomb).errors).toEqual([]);
  });
});

describe('parseYaml: one meaning per file (YAML 1.2 core schema, the yaml library alone)', () => {
  it('reads YAML 1.1 scalars as 1.2 does: yes/on/no stay strings, 0o7 is octal, 012 is decimal, 1_000 a string', () => {
    const parsed = parseYaml('a: yes\nb: on\nc: no\nd: 0o7\ne: 012\nf: 1_000\ng: ~\nh: 2024-01-02\n');
    expect(parsed.toJS()).toEqual({ a: 'yes', b: 'on', c: 'no', d: 7, e: 12, f: '1_000', g: null, h: '2024-01-02' });
  });

  it('keeps << a plain key (no 1.1 merge), and refuses a key written twice at its line', () => {
    const merge = parseYaml('base: &b {x: 1}\nuse:\n  <<: *b\n  y: 2\n');
    expect(merge.toJS()).toEqual({ base: { x: 1 }, use: { '<<': { x: 1 }, y: 2 } });
    const duplicate = parseYaml('id: a\nid: b\n');
    expect(duplicate.errors).toEqual([expect.objectContaining({ code: 'DUPLICATE_KEY', line: 2, column: 1 })]);
  });
});

describe('parseYaml: data to inspect', () => {
  it('gives the same data as toJS, for plain YAML and for what the yaml library reads', () => {
    for (const text of ['a: [1, {b: c}]\n', 'a: &x [1]\nb: *x\n', 'a: [1,\n']) {
      const parsed = parseYaml(text);
      expect(parsed.data(), text).toEqual(parsed.toJS());
    }
  });

  it('shares one value between alias limits when the text has no alias, equal to a fresh conversion under each', () => {
    const text = 'tests:\n  - id: a\n    vars: {x: 1, y: [a, "b c"]}\n  - id: b\n';
    const parsed = parseYaml(text);
    const shared = parsed.data({ maxAliasCount: 1000 });
    expect(parsed.data()).toBe(shared);
    expect(parsed.data({ maxAliasCount: 100 })).toBe(shared);
    for (const maxAliasCount of [0, 100, 1000]) expect(shared).toEqual(parsed.toJS({ maxAliasCount }));
  });

  it("still holds a text with aliases to each caller's limit", () => {
    const bomb = `a: &a [x, x]\nb: &b [*a, *a, *a]\nc: &c [*b, *b, *b]\nd: [*c, *c, *c]\n`;
    const parsed = parseYaml(bomb);
    expect(() => parsed.data({ maxAliasCount: 5 })).toThrow(/alias/i);
    expect(parsed.data({ maxAliasCount: 1000 })).toEqual(parsed.toJS({ maxAliasCount: 1000 }));
    expect(() => parsed.data({ maxAliasCount: 5 })).toThrow(/alias/i);
  });
});
