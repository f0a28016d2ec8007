import { describe, expect, it } from 'vitest';
import { parseYaml } from './parse-yaml.js';
import { shallowShape, topLevelKeys } from './top-level-keys.js';

const keys = (text: string) => {
  const found = topLevelKeys(parseYaml(text));
  return found && [...found];
};

describe('topLevelKeys', () => {
  it('gives the keys of a top-level map, quoted and escaped keys as the data has them', () => {
    expect(keys('a: 1\n"b": 2\n"\\x63": 3\n')).toEqual(['a', 'b', 'c']);
    expect(keys('{}')).toEqual([]);
  });

  it('leaves to the data what the nodes cannot say: no map, or a key that is an alias, a merge, a list or a number', () => {
    for (const text of [
      '- a\n',
      'just text\n',
      '',
      'x: &k a\n*k : 1\n',
      'base: &b {a: 1}\n<<: *b\n',
      '? [a]\n: 1\n',
      '1: a\n',
    ])
      expect(keys(text), text).toBeUndefined();
  });
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

describe('shallowShape', () => {
  const texts = [
    'a: 1\n"b": 2\n"\\x63": 3\n',
    '{}',
    'input:\n  prompt: hi\n  turns: []\nname: x\n',
    'input: {prompt: hi}\ncases:\n  files: [a]\ntests: []\n',
    'input: text\nlist: [1, 2]\nempty:\nnested: {a: {b: 1}}\n',
    'input: !!binary aGk=\nother: !!omap [a: 1]\n',
    'timestamp: 2025-01-15T00:00:00Z\nprompt: "p"\nexpected: "e"\nname: n\n',
    '"1": a\nb: {"2": c}\n',
  ];
  it.each(texts)('has the keys the data has, two levels down: %j', (text) => {
    const parsed = parseYaml(text);
    const shape = shallowShape(parsed, text);
    expect(shape).toBeDefined();
    const data = parsed.data() as Record<string, unknown>;
    expect([...shape!.keys].sort()).toEqual(Object.keys(data).sort());
    for (const key of Object.keys(data)) {
      const value = data[key];
      const under = shape!.keysUnder(key);
      // A value that is no map reads as none, whatever object a tag made of it (keys asked of it are not there).
      if (under === undefined) expect(isRecord(value) && Object.getPrototypeOf(value) === Object.prototype).toBe(false);
      else expect([...under].sort()).toEqual(Object.keys(value as object).sort());
    }
  });

  it('leaves to the data a text with an alias, a tagged map, a key that is no plain string, or a syntax error', () => {
    for (const text of [
      'a: &x {b: 1}\nc: *x\n',
      'glob: "evals/*.yaml"\n',
      '!!set {a, b}\n',
      'a: !!set {b, c}\n',
      'a: {<<: {b: 1}}\n',
      '__proto__: {a: 1}\n',
      'a: {1: x}\n',
      '- a\n',
      'a: [\n',
      '',
    ])
      expect(shallowShape(parseYaml(text), text), text).toBeUndefined();
  });
});
