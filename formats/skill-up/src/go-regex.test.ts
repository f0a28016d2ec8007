import { describe, expect, it } from 'vitest';
import { goToJsRegex, jsToGoRegex } from './go-regex.js';

describe('Go (RE2) patterns in JavaScript', () => {
  it('turns leading inline flags into regex flags and back', () => {
    expect(goToJsRegex('(?mi)^a$')).toEqual({ ok: true, source: '^a$', flags: 'im' });
    expect(jsToGoRegex('^a$', 'im')).toBe('(?im)^a$');
    expect(jsToGoRegex('a', '')).toBe('a');
    expect(jsToGoRegex('a', 'y')).toBeUndefined();
  });

  it('rewrites named groups, POSIX classes and \\A \\z; refuses what JavaScript cannot run', () => {
    expect(goToJsRegex('(?P<n>[[:alpha:]]+)')).toEqual({ ok: true, source: '(?<n>[a-zA-Z]+)', flags: '' });
    expect(goToJsRegex('(?U)a+')).toMatchObject({
      ok: false,
      reason: 'the inline flag U has no JavaScript equivalent',
    });
    expect(goToJsRegex('(unclosed')).toMatchObject({ ok: false });
    expect(goToJsRegex('\\e')).toMatchObject({ ok: false, reason: 'Go rejects the escape \\e' });
  });

  /** What Go's regexp.MatchString(pattern, text) answers (RE2 syntax). */
  it.each<[pattern: string, text: string, found: boolean]>([
    ['\\Aabc\\z', 'abc', true],
    ['\\Aabc\\z', 'abc\n', false],
    ['(?m)\\Abc', 'a\nbc', false],
    ['total\\z|sum\\z', '项目 total', true],
    ['total\\z|sum\\z', 'totalz', false],
    ['(?:^|\\n)\\A#', '# Title', true],
    ['\\p{Han}+', '项目 total', true],
    ['\\p{Han}', 'p{Han}', false],
    ['\\pL+ \\PL', '项目 3', true],
    ['\\p{Greek}', 'αβ', true],
    ['\\x{9879}', '项', true],
    ['\\QC++\\E', 'uses C++ here', true],
    ['\\QC++\\E', 'uses CCC here', false],
    ['a\\#b \\p{L}', 'a#b x', true],
    ['{x}', 'a {x}', true],
    ['(?i)STATS \\p{Lu}', 'stats É', true],
  ])('regexp.MatchString(%j, %j) is %s', (pattern, text, found) => {
    const js = goToJsRegex(pattern);
    if (!js.ok) throw new Error(js.reason);
    expect(new RegExp(js.source, js.flags).test(text)).toBe(found);
  });

  it('writes back what it read', () => {
    for (const pattern of ['(?i)\\Aabc\\z', '\\p{Han}+\\P{Greek}', '\\pL', '\\x{9879}']) {
      const js = goToJsRegex(pattern);
      if (!js.ok) throw new Error(js.reason);
      const back = jsToGoRegex(js.source, js.flags);
      expect(back === undefined ? undefined : goToJsRegex(back)).toEqual(js);
    }
  });
});
