import { describe, expect, it } from 'vitest';
import { loadAgentv } from './load-agentv.js';
import agentvFormat from './plugin.js';

// `input` and `criteria`, which only 4.x wrote: read as 4.x by its keys.
const SHARED = 'name: s\ntests:\n  - id: t\n    input: Say hello\n    criteria: Says hello\n';
// `prompts`, `vars` and `assert`: 5.x by its keys.
const V5 =
  "prompts: ['{{ input }}']\ntests:\n  - id: t\n    vars: { input: hi }\n    assert:\n      - type: contains\n        value: hi\n";

const load = (text: string, version?: '4' | '5') =>
  loadAgentv('/p/evals/suite.eval.yaml', text, { cwd: '/p', ...(version ? { version } : {}) });
const dialectOf = (text: string, version?: '4' | '5') => load(text, version).suites[0]?.cases[0]?.source.dialect;

describe("the AgentV generation a file is read as: its keys, or the format's version setting", () => {
  it('is told by the keys without the setting', () => {
    expect(dialectOf(SHARED)).toBe('agentv-4');
    expect(dialectOf(V5)).toBe('agentv-5');
  });

  it('is the one the setting names, whatever the keys say: read as that generation reads it', () => {
    expect(dialectOf(SHARED, '5')).toBe('agentv-5');
    // AgentV 5 refuses a test-level input, with its migration hint.
    expect(load(SHARED, '5').diagnostics).toMatchObject([
      { severity: 'error', message: expect.stringMatching(/^Test-level 'input' is not accepted by AgentV 5/) },
    ]);
    expect(load(SHARED).diagnostics).toEqual([]);
    expect(dialectOf(V5, '4')).toBe('agentv-4');
  });

  it('is a setting of the format, refused with what to write when it names no generation', () => {
    expect(agentvFormat.parseSettings?.({ version: '4' })).toMatchObject({ version: '4' });
    expect(() => agentvFormat.parseSettings?.({ version: '6' })).toThrow(/version/);
  });
});
