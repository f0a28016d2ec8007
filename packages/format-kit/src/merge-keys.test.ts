import { describe, expect, it } from 'vitest';
import { withMergeKeys } from './merge-keys.js';
import { yamlPathSource } from './path-source.js';

describe('merge keys, as the tools’ YAML readers merge them', () => {
  it("puts the named maps' keys into the map: its own first, then the first map's, at any depth", () => {
    const a = { k: 'a', only: 'a' };
    const b = { k: 'b', more: 'b', inner: { '<<': { deep: 1 } } };
    expect(withMergeKeys({ tests: [{ '<<': [a, b], k: 'own' }] })).toEqual({
      value: { tests: [{ k: 'own', only: 'a', more: 'b', inner: { deep: 1 } }] },
      problems: [],
    });
  });

  it("passes over what is no map in a list, and keeps `<<` a key of any other value, as Bun's reader does", () => {
    const value = { a: { '<<': 5, k: 1 }, b: { '<<': [{ k: 2 }, 5] } };
    expect(withMergeKeys(value, { scalarStays: true }).value).toEqual({ a: { k: 1, '<<': 5 }, b: { k: 2 } });
    // The other readers refuse both.
    expect(withMergeKeys(value).problems).toEqual([
      ['a', '<<'],
      ['b', '<<', 1],
    ]);
  });

  it('keeps `<<` as a key without mergeKeys, as YAML 1.2 reads it', () => {
    expect(yamlPathSource('/p/x.yaml', 'a: &a {k: 1}\nb: {<<: *a}\n', 'fmt').value).toEqual({
      a: { k: 1 },
      b: { '<<': { k: 1 } },
    });
  });

  it('refuses a merge key that names no map, at it', () => {
    const text = 'x: &x text\ntests:\n  - vars:\n      <<: *x\n';
    const source = yamlPathSource('/p/promptfooconfig.yaml', text, 'promptfoo', { mergeKeys: 'js-yaml' });
    expect(source.value).toBeUndefined();
    expect(source.sink.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'promptfoo/syntax',
        line: 4,
        message: expect.stringMatching(/names no map, which js-yaml refuses/),
      }),
    ]);
  });
});
