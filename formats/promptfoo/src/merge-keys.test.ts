import { describe, expect, it } from 'vitest';
import { withMergeKeys } from './merge-keys.js';
import { yamlSource } from './source.js';

describe('merge keys, as js-yaml (promptfoo) reads them', () => {
  it("puts the named maps' keys into the map: its own first, then the first map's, at any depth", () => {
    const a = { k: 'a', only: 'a' };
    const b = { k: 'b', more: 'b', inner: { '<<': { deep: 1 } } };
    expect(withMergeKeys({ tests: [{ '<<': [a, b], k: 'own' }] })).toEqual({
      value: { tests: [{ k: 'own', only: 'a', more: 'b', inner: { deep: 1 } }] },
      problems: [],
    });
  });

  it('refuses a merge key that names no map, at it', () => {
    const source = yamlSource('/p/promptfooconfig.yaml', 'x: &x text\ntests:\n  - vars:\n      <<: *x\n');
    expect(source.value).toBeUndefined();
    expect(source.sink.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'promptfoo/syntax', line: 4, message: expect.stringMatching(/names no map/) }),
    ]);
  });
});
