import { describe, expect, it } from 'vitest';
import { goToJsRegex, jsToGoRegex } from './go-regex.js';

describe('Go (RE2) patterns in JavaScript', () => {
  it('turns leading inline flags into regex flags and back', () => {
    expect(goToJsRegex('(?mi)^a$')).toEqual({ ok: true, source: '^a$', flags: 'im' });
    expect(jsToGoRegex('^a$', 'im')).toBe('(?im)^a$');
    expect(jsToGoRegex('a', '')).toBe('a');
    expect(jsToGoRegex('a', 'u')).toBeUndefined();
  });

  it('rewrites named groups, POSIX classes and \\A \\z; refuses what JavaScript cannot run', () => {
    expect(goToJsRegex('(?P<n>[[:alpha:]]+)')).toEqual({ ok: true, source: '(?<n>[a-zA-Z]+)', flags: '' });
    expect(goToJsRegex('\\Aabc\\z')).toEqual({ ok: true, source: '^abc$', flags: '' });
    expect(goToJsRegex('(?U)a+')).toMatchObject({
      ok: false,
      reason: 'the inline flag U has no JavaScript equivalent',
    });
    expect(goToJsRegex('(unclosed')).toMatchObject({ ok: false });
  });
});
