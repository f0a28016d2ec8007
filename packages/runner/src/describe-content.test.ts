import { describe, expect, it } from 'vitest';
import { describeContent } from './describe-content.js';

describe('describeContent', () => {
  it('tells an empty file apart from one of the wrong shape', () => {
    expect(describeContent('/a/x.eval.yaml', '  \n')).toBe('the file is empty');
    expect(describeContent('/a/x.eval.yaml', 'just a sentence')).toBe('no mapping or list');
    expect(describeContent('/a/x.json', '[{"q": 1, "r": 2}]')).toBe('a list of 1 item(s) with keys q, r');
    expect(describeContent('/a/EVAL.md', '# notes')).toBeUndefined();
  });
});
