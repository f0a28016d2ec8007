import { describe, expect, it } from 'vitest';
import { mapStrings } from './map-strings.js';
import { terminalLine, terminalSafe, terminalText } from './terminal-text.js';

describe('terminalText', () => {
  it('shows every control sequence as text, keeping tabs, newlines and printable text', () => {
    expect(terminalText('\u001b[31mred\u001b[0m')).toBe('\\x1b[31mred\\x1b[0m');
    expect(terminalText('\u001b]0;title\u0007 \u001b]8;;http://x\u001b\\link')).toBe(
      '\\x1b]0;title\\x07 \\x1b]8;;http://x\\x1b\\link',
    );
    expect(terminalText('PASS\rFAIL\b\u009b2J\u007f')).toBe('PASS\\rFAIL\\b\\u009b2J\\u007f');
    expect(terminalText('a\tb\nc é → 漢')).toBe('a\tb\nc é → 漢');
  });

  it('keeps printed JSON parseable, with the same strings: DEL and C1 become JSON escapes', () => {
    const value = { name: 'a\u007fb\u0085c\u009bd', list: ['\u0080', 'é → 漢'], nested: { x: '\u001b[2J' } };
    for (const json of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
      const printed = terminalText(json);
      expect(terminalText(printed)).toBe(printed);
      expect(JSON.parse(printed)).toEqual(value);
    }
  });

  it('terminalLine keeps a value on its line: line breaks shown as escapes too', () => {
    expect(terminalLine('case\n::error::forged\r\n✓ PASS')).toBe('case\\n::error::forged\\r\\n✓ PASS');
    expect(terminalLine('a\u2028b\u2029c\u0085d\u000be\u000cf\tg')).toBe('a\\u2028b\\u2029c\\u0085d\\ve\\ff\tg');
    expect(terminalLine('plain text')).toBe('plain text');
  });

  it('walks values, returning those with nothing to escape as they are', () => {
    const clean = { name: 'ok', list: ['x'] };
    expect(terminalSafe(clean)).toBe(clean);
    expect(terminalSafe({ name: 'a\u001b[2Kb', list: ['ok'] })).toEqual({ name: 'a\\x1b[2Kb', list: ['ok'] });
    expect(terminalSafe({ name: 'a\n::error::b', list: ['c\u2028d'] })).toEqual({
      name: 'a\\n::error::b',
      list: ['c\\u2028d'],
    });
  });

  it('takes a value to be clean only when the walk would find nothing: every control character and line break, anywhere', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
      0x2028,
      0x2029,
    ].map((code) => String.fromCharCode(code));
    const places = (c: string): unknown[] => [
      `a${c}b`,
      { name: `a${c}b`, list: ['ok'] },
      { [`key${c}`]: 'value' },
      [['deep', { deeper: [c] }]],
      { n: 1, flag: true, none: null, text: c },
    ];
    // Clean text that looks like an escape in JSON, and text JSON escapes that is no control character.
    const lookalikes = ['\\u001b', '\\r', '\\n', 'C:\\bin\\file', 'quote " and slash /', 'é → 漢 \u2027', 'tab\tonly'];
    for (const value of [...controls.flatMap(places), ...lookalikes.flatMap(places), { big: 1n, text: '\u001b' }]) {
      expect(terminalSafe(value)).toEqual(mapStrings(value, terminalLine));
    }
    for (const value of lookalikes.flatMap(places)) expect(terminalSafe(value)).toBe(value);
  });
});
