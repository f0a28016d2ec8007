import { describe, expect, it } from 'vitest';
import { didYouMean } from './did-you-mean.js';

const ENGINES = ['anthropic', 'claude-code', 'codex', 'command', 'openai', 'qodercli'];

describe('didYouMean', () => {
  it('names the nearest known id for a typo, in its own spelling', () => {
    expect(didYouMean('claude-cod', ENGINES)).toBe(" Did you mean 'claude-code'?");
    expect(didYouMean('Codx', ENGINES)).toBe(" Did you mean 'codex'?");
    expect(didYouMean('triggers-jsn', ['evals-json', 'triggers-json'])).toBe(" Did you mean 'triggers-json'?");
  });

  it('suggests nothing for an id unlike any known one, or with nothing to choose from', () => {
    expect(didYouMean('gemini', ENGINES)).toBe('');
    expect(didYouMean('x', ENGINES)).toBe('');
    expect(didYouMean('codex', [])).toBe('');
  });
});
