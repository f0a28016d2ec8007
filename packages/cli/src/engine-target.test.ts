import { describe, expect, it } from 'vitest';
import { kwargsFor, parseEngineKwargs, parseEngineSpec, unknownScopes } from './engine-target.js';

describe('engine specs and --ek settings', () => {
  it('parses id[:model], keeping paths whole', () => {
    expect(parseEngineSpec('anthropic:claude-sonnet-5-5')).toEqual({ id: 'anthropic', model: 'claude-sonnet-5-5' });
    expect(parseEngineSpec('claude-code')).toEqual({ id: 'claude-code' });
    expect(parseEngineSpec('./my-engine.js')).toEqual({ id: './my-engine.js' });
    expect(() => parseEngineSpec(' ')).toThrow(/empty engine name/);
  });

  it('collects key=value pairs, repeated keys as lists', () => {
    expect(parseEngineKwargs(['a=1', 'b=x=y', 'a=2'])).toEqual({ a: ['1', '2'], b: 'x=y' });
    expect(() => parseEngineKwargs(['novalue'])).toThrow(/expects key=value/);
  });

  it('gives each engine the shared settings plus its own scoped ones, which win', () => {
    const all = parseEngineKwargs(['model=m', 'claude-code.path=/c', 'claude_code.model=cm', 'codex.path=/x']);
    expect(kwargsFor(all, ['claude-code'])).toEqual({ model: 'cm', path: '/c' });
    expect(kwargsFor(all, ['codex', 'openai-codex'])).toEqual({ model: 'm', path: '/x' });
    expect(kwargsFor(all, ['anthropic'])).toEqual({ model: 'm' });
  });

  it('names scopes that match no engine of the run', () => {
    const all = parseEngineKwargs(['claud.path=/c', 'codex.path=/x', 'model=m']);
    expect(unknownScopes(all, ['codex', 'claude-code'])).toEqual(['claud']);
  });
});
