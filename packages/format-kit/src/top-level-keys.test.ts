import { describe, expect, it } from 'vitest';
import { parseYaml } from './parse-yaml.js';
import { topLevelKeys } from './top-level-keys.js';

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
