import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { renderTranscript } from './transcript-view.js';

describe('renderTranscript', () => {
  it('shows every turn, the reference, tool calls with results, and the final answer', () => {
    const text = renderTranscript(
      makeCase({ turns: ['first ask', 'second ask'], reference: 'the expected csv' }),
      makeSession({
        finalMessage: 'all done',
        toolCalls: [{ id: 't1', name: 'Bash', input: { command: 'ls -la' }, output: 'a.txt', isError: false }],
      }),
    );
    for (const part of [
      'first ask',
      'second ask',
      'the expected csv',
      'not itself a criterion',
      '[1] Bash',
      '"command":"ls -la"',
      'a.txt',
      'all done',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('marks truncation per result and stops at the total limit', () => {
    const toolCalls = Array.from({ length: 6 }, (_, i) => ({
      id: `t${i}`,
      name: `Tool${i}`,
      input: {},
      output: 'x'.repeat(300),
      isError: false,
    }));
    const text = renderTranscript(makeCase(), makeSession({ toolCalls }), { perItem: 100, total: 450 });
    expect(text).toContain(`${'x'.repeat(100)}[… truncated 200 chars]`);
    expect(text).not.toContain('x'.repeat(101));
    expect(text).toMatch(/\[… \d more tool calls omitted: transcript limit reached\]/);
    expect(text).not.toContain('Tool5');
  });
});
