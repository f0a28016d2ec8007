import { describe, expect, it } from 'vitest';
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
});
