import { describe, expect, it } from 'vitest';
import { describeContent } from './describe-content.js';

describe('describeContent', () => {
  it('tells an empty file apart from one of the wrong shape', () => {
    expect(describeContent('/a/x.eval.yaml', '  \n')).toEqual({ text: 'the file is empty' });
    expect(describeContent('/a/x.eval.yaml', 'just a sentence')).toEqual({ text: 'no mapping or list' });
    expect(describeContent('/a/x.json', '[{"q": 1, "r": 2}]')).toEqual({ text: 'a list of 1 item(s) with keys q, r' });
    expect(describeContent('/a/EVAL.md', '# notes')).toBeUndefined();
  });

  it('says where and why a file does not parse, without the parser’s code frame', () => {
    expect(describeContent('/a/eval.yaml', 'name: x\ncases:\n  - id: a\n    prompt: "unclosed\n')).toEqual({
      text: 'it does not parse',
      syntaxError: 'Invalid YAML: Missing closing "quote',
      line: 5,
      column: 1,
    });
    expect(describeContent('/a/x.json', '{"a": 1,, }')).toEqual({
      text: 'it does not parse',
      syntaxError: 'Invalid JSON: Unexpected , in flow map',
      line: 1,
      column: 9,
    });
  });
});
