import type { Engine } from '@skill-eval/core';
import type { EngineTarget } from '@skill-eval/runner';
import { describe, expect, it } from 'vitest';
import { assertCopilotRecordable, copilotReplayEnv, judgeFamily } from './copilot-route.js';
import { endpointFamily } from './traffic-context.js';

const target = (engineId: string, settings: Record<string, unknown> = {}): EngineTarget => ({
  id: engineId,
  engine: { id: engineId, skillRoots: [] } as unknown as Engine,
  settings,
});
const refusal = (fn: () => void): string => {
  try {
    fn();
  } catch (error) {
    return `${(error as Error).message} | ${(error as { hint?: string }).hint}`;
  }
  return 'not refused';
};

describe('record and replay of the copilot engine', () => {
  it('routes a copilot judge by its provider’s API: OpenAI’s by default, Anthropic’s when it runs there', () => {
    expect(endpointFamily('copilot')).toBe('openai');
    const judge = (settings: Record<string, unknown>, engineId = 'copilot') => ({
      engineId,
      settings,
      create: () => ({}) as never,
    });
    expect(judgeFamily(judge({}), {})).toBe('openai');
    expect(judgeFamily(judge({ provider: 'anthropic' }), {})).toBe('anthropic');
    expect(judgeFamily(judge({}), { COPILOT_PROVIDER_TYPE: 'anthropic' })).toBe('anthropic');
    expect(judgeFamily(judge({ provider: 'openai' }), { COPILOT_PROVIDER_TYPE: 'anthropic' })).toBe('openai');
    // Other judges keep their plugin's family, or none.
    expect(judgeFamily(judge({ provider: 'anthropic' }, 'codex'), {})).toBe('openai');
    expect(judgeFamily(judge({}, 'gemini-cli'), {})).toBe('gemini');
    expect(judgeFamily(judge({}, 'qodercli'), {})).toBeUndefined();
  });

  it('records copilot on a bring-your-own-key provider whose endpoint the recorder forwards to', () => {
    expect(() => assertCopilotRecordable([target('copilot', { provider: 'openai' })], undefined, {})).not.toThrow();
    const env = { COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' };
    expect(() => assertCopilotRecordable([target('copilot')], undefined, env)).not.toThrow();
    // Other engines are not its concern.
    expect(() => assertCopilotRecordable([target('codex')], undefined, {})).not.toThrow();
  });

  it('refuses to record copilot on a GitHub login or token, naming the way to a provider', () => {
    expect(refusal(() => assertCopilotRecordable([target('copilot')], undefined, { GH_TOKEN: 'g' }))).toBe(
      "--record cannot redirect engine copilot: on a GitHub login or token Copilot talks to GitHub's Copilot API, which is not recorded. | Run it on a bring-your-own-key provider: --ek copilot.provider=openai with OPENAI_API_KEY (and OPENAI_BASE_URL), or provider=anthropic with ANTHROPIC_API_KEY.",
    );
    const judge = { engineId: 'copilot', settings: {}, create: () => ({}) as never };
    expect(refusal(() => assertCopilotRecordable([], judge, {}))).toContain(
      '--record cannot redirect engine copilot (the judge)',
    );
    // A judge routed by its baseUrl setting chooses a provider by that setting.
    expect(() => assertCopilotRecordable([], { ...judge, baseUrl: 'http://127.0.0.1:1/v1' }, {})).not.toThrow();
  });

  it('refuses to record copilot whose endpoint is COPILOT_PROVIDER_BASE_URL alone: the recorder would forward elsewhere', () => {
    const env = { COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' };
    expect(refusal(() => assertCopilotRecordable([target('copilot', { provider: 'anthropic' })], undefined, env))).toBe(
      '--record cannot redirect engine copilot: its endpoint is COPILOT_PROVIDER_BASE_URL, and the recorder forwards to ANTHROPIC_BASE_URL. | Set ANTHROPIC_BASE_URL to that endpoint as well.',
    );
    const typed = { COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:1', COPILOT_PROVIDER_TYPE: 'Anthropic ' };
    expect(refusal(() => assertCopilotRecordable([target('copilot')], undefined, typed))).toContain(
      'the recorder forwards to ANTHROPIC_BASE_URL',
    );
  });

  it('replays copilot always on a provider (the replay server), with no provider key of the user', () => {
    expect(copilotReplayEnv('http://127.0.0.1:2/x/e1/v1')).toEqual({
      COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:2/x/e1/v1',
      COPILOT_PROVIDER_API_KEY: undefined,
      COPILOT_PROVIDER_BEARER_TOKEN: undefined,
    });
  });
});
