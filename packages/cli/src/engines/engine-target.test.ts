import { describe, expect, it } from 'vitest';
import { engineTargetIds, kwargsFor, parseEngineKwargs, parseEngineSpec, unknownScopes } from './engine-target.js';

describe('engine specs and --ek settings', () => {
  it('parses id[:model], keeping paths whole', () => {
    expect(parseEngineSpec('anthropic:claude-sonnet-5-5')).toEqual({ id: 'anthropic', model: 'claude-sonnet-5-5' });
    expect(parseEngineSpec('claude-code')).toEqual({ id: 'claude-code' });
    expect(parseEngineSpec('./my-engine.js')).toEqual({ id: './my-engine.js' });
    expect(() => parseEngineSpec(' ')).toThrow(/empty engine name/);
    // A model with no engine is a usage mistake, not a plugin package named "skill-eval-engine-:model" to load.
    expect(() => parseEngineSpec(':claude-sonnet-5-5')).toThrow(
      /':claude-sonnet-5-5' names no engine before the colon/,
    );
    expect(() => parseEngineSpec(':')).toThrow(/names no engine/);
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

  it('names an engine given with several models by engine and model, and refuses one given twice alike', () => {
    const plugin = (spec: { id: string }) => (spec.id === 'claude_code' ? 'claude-code' : spec.id);
    const ids = (...specs: string[]) => engineTargetIds(specs.map(parseEngineSpec), plugin);
    expect(ids('anthropic:a', 'claude-code', 'anthropic:b')).toEqual(['anthropic:a', 'claude-code', 'anthropic:b']);
    expect(ids('anthropic:a', 'codex:a')).toEqual(['anthropic', 'codex']);
    expect(() => ids('claude-code', 'claude_code')).toThrow(/engine claude-code is given more than once/);
    expect(() => ids('anthropic:a', 'anthropic:a')).toThrow(/engine anthropic:a is given more than once/);
  });
});
