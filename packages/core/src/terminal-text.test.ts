import { describe, expect, it } from 'vitest';
import { mapStrings } from './map-strings.js';
import { terminalSafe, terminalText } from './terminal-text.js';

describe('terminalText', () => {
  it('shows every control sequence as text, keeping tabs, newlines and printable text', () => {
    expect(terminalText('\u001b[31mred\u001b[0m')).toBe('\\x1b[31mred\\x1b[0m');
    expect(terminalText('\u001b]0;title\u0007 \u001b]8;;http://x\u001b\\link')).toBe(
      '\\x1b]0;title\\x07 \\x1b]8;;http://x\\x1b\\link',
    );
    expect(terminalText('PASS\rFAIL\b\u009b2J\u007f')).toBe('PASS\\rFAIL\\b\\x9b2J\\x7f');
    expect(terminalText('a\tb\nc é → 漢')).toBe('a\tb\nc é → 漢');
  });

  it('walks values, returning those with nothing to escape as they are', () => {
    const clean = { name: 'ok', list: ['x'] };
    expect(terminalSafe(clean)).toBe(clean);
    expect(terminalSafe({ name: 'a\u001b[2Kb', list: ['ok'] })).toEqual({ name: 'a\\x1b[2Kb', list: ['ok'] });
  });

  it('takes a value to be clean only when the walk would find nothing: every control character, anywhere', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
    ].map((code) => String.fromCharCode(code));
    const places = (c: string): unknown[] => [
      `a${c}b`,
      { name: `a${c}b`, list: ['ok'] },
      { [`key${c}`]: 'value' },
      [['deep', { deeper: [c] }]],
      { n: 1, flag: true, none: null, text: c },
    ];
    // Clean text that looks like an escape in JSON, and text JSON escapes that is no control character.
    const lookalikes = ['\\u001b', '\\r', 'C:\\bin\\file', 'quote " and slash /', 'é → 漢 \u2028', 'tab\tnew\nline'];
    for (const value of [...controls.flatMap(places), ...lookalikes.flatMap(places), { big: 1n, text: '\u001b' }]) {
      expect(terminalSafe(value)).toEqual(mapStrings(value, terminalText));
    }
    for (const value of lookalikes.flatMap(places)) expect(terminalSafe(value)).toBe(value);
  });
});
