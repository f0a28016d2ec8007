import { describe, expect, it } from 'vitest';
import { jsToPythonRegex, pythonToJsRegex } from './python-regex.js';

/** What Python's `re.search(pattern, text)` answers, checked by hand with CPython 3.11. */
const PYTHON_VERDICTS: [pattern: string, text: string, found: boolean][] = [
  ['(?i)ahoy', 'AHOY there', true],
  ['\\AAhoy', 'Ahoy matey', true],
  ['\\AAhoy', 'Say Ahoy', false],
  ['aboard\\.\\Z', 'welcome aboard.', true],
  ['aboard\\.\\Z', 'welcome aboard.\n', false],
  ['aboard\\.$', 'welcome aboard.\n', true],
  ['aboard\\.$', 'welcome aboard.\nbye', false],
  ['(?m)^bye$', 'hi\nbye\nok', true],
  ['(?P<w>ho)(?P=w)', 'hoho', true],
  ['(?P<w>ho)(?P=w)', 'hohi', false],
  ['[]a]', 'x]y', true],
  ['[^]a]', ']]a', false],
  ['a{,2}b', 'b', true],
  ['x(?#note)y', 'xy', true],
  ['(?s)a.b', 'a\nb', true],
  ['a.b', 'a\nb', false],
];

describe('Python (re) patterns in JavaScript', () => {
  it.each(PYTHON_VERDICTS)('re.search(%j, %j) is %s', (pattern, text, found) => {
    const js = pythonToJsRegex(pattern);
    if (!js.ok) throw new Error(js.reason);
    expect(new RegExp(js.source, js.flags).test(text)).toBe(found);
  });

  it('refuses what Python rejects and what JavaScript cannot run', () => {
    expect(pythonToJsRegex('\\q')).toEqual({ ok: false, reason: "Python's re rejects the escape \\q" });
    expect(pythonToJsRegex('(?x) a b')).toMatchObject({ ok: false });
    expect(pythonToJsRegex('(?L)a')).toMatchObject({ ok: false });
    expect(pythonToJsRegex('(unclosed')).toMatchObject({ ok: false });
  });

  it('writes back what it read', () => {
    for (const pattern of ['(?i)\\AAhoy', 'done\\.\\Z', 'end$', '(?P<w>a)(?P=w)', '(?ms)^a.$']) {
      const js = pythonToJsRegex(pattern);
      if (!js.ok) throw new Error(js.reason);
      expect(jsToPythonRegex(js.source, js.flags)).toBe(pattern);
    }
    expect(jsToPythonRegex('a', 'u')).toBeUndefined();
  });
});
