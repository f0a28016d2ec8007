import { describe, expect, it } from 'vitest';
import { describeContent } from './describe-content.js';

describe('describeContent', () => {
  it('tells an empty file and a file that is not UTF-8 text apart from one of the wrong shape', () => {
    expect(describeContent('/a/x.eval.yaml', '  \n')).toBe('the file is empty');
    const utf16 = Buffer.from('\uFEFFname: x\n', 'utf16le').toString('utf8');
    expect(describeContent('/a/x.eval.yaml', utf16)).toBe('it is not UTF-8 text (UTF-16, or binary); save it as UTF-8');
    expect(describeContent('/a/EVAL.md', 'abc\u0000def')).toBe(
      'it is not UTF-8 text (UTF-16, or binary); save it as UTF-8',
    );
    expect(describeContent('/a/x.eval.yaml', 'just a sentence')).toBe('no mapping or list');
    expect(describeContent('/a/x.json', '[{"q": 1, "r": 2}]')).toBe('a list of 1 item(s) with keys q, r');
    expect(describeContent('/a/EVAL.md', '# notes')).toBeUndefined();
  });
});
