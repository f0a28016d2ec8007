import { describe, expect, it } from 'vitest';
import { apiFailure } from './anthropic-messages.js';

describe('apiFailure', () => {
  it('names each cause of a cut connection once, not the SDK wrapper that repeats its message', () => {
    const closed = new Error('other side closed');
    const terminated = new Error('terminated', { cause: new TypeError('terminated', { cause: closed }) });
    const failure = apiFailure(terminated, 'http://127.0.0.1:9');
    expect(failure).toMatchObject({ code: 'ENGINE_FAILED' });
    expect(failure.message).toMatch(/ at http:\/\/127\.0\.0\.1:9 failed: terminated: other side closed$/);
  });
});
