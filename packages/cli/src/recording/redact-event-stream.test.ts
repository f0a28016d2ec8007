import { describe, expect, it } from 'vitest';
import { redactEventStream } from './redact-event-stream.js';

const SECRET = 'sk-fake-SECRET123';
const sse = (...events: object[]) => events.map((e) => `event: x\ndata: ${JSON.stringify(e)}\n\n`).join('');
const delta = (text: string) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });

describe('redactEventStream', () => {
  it('replaces a secret streamed in pieces over several events, and leaves every other line as it came', () => {
    const body = `${sse(delta('your key is sk-'), delta('fake-SEC'), delta('RET123 and more'))}: keep-alive\n`;
    const redacted = redactEventStream(body, [SECRET]);
    expect(redacted).not.toContain('SEC');
    const texts = [...redacted.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!).delta.text);
    expect(texts).toEqual(['your key is [REDACTED]', '', ' and more']);
    expect(redacted).toContain('event: x\n');
    expect(redacted.endsWith(': keep-alive\n')).toBe(true);
  });

  it('finds the pieces of an OpenAI stream and of streamed tool arguments too', () => {
    const body = sse(
      { type: 'response.output_text.delta', delta: 'key=sk-fake' },
      { type: 'response.output_text.delta', delta: '-SECRET123' },
      { type: 'content_block_delta', delta: { type: 'input_json_delta', partial_json: '{"k":"sk-fake-SECRET123"}' } },
    );
    const redacted = redactEventStream(body, [SECRET]);
    expect(redacted).not.toContain('SECRET123');
    expect(redacted).toContain('key=[REDACTED]');
  });

  it('returns a body without secrets, or without events, unchanged', () => {
    const body = sse(delta('nothing'), delta(' secret'));
    expect(redactEventStream(body, [SECRET])).toBe(body);
    expect(redactEventStream('{"content":[]}', [SECRET])).toBe('{"content":[]}');
  });
});
