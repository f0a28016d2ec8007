import { existsSync } from 'node:fs';
import { type Engine, type EngineRunInput, executionTempDir, SessionSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { asOnePrompt, engineJudge } from './engine-judge.js';

/** An engine without complete(): it answers every run with `answer(input)`. */
function agentOnly(answer: (input: EngineRunInput) => string, status: 'completed' | 'error' = 'completed') {
  const runs: EngineRunInput[] = [];
  const engine: Engine = {
    id: 'agent-only',
    skillRoots: ['.claude/skills'],
    defaultModel: 'agent-model',
    version: async () => '1.0.0',
    async run(input) {
      runs.push(input);
      expect(existsSync(input.workspace)).toBe(true);
      return SessionSchema.parse({
        status,
        engineId: 'agent-only',
        finalMessage: answer(input),
        usage: { inputTokens: 10, outputTokens: 5 },
        ...(status === 'error' ? { error: { code: 'ENGINE_FAILED', message: 'model unreachable' } } : {}),
      });
    },
  };
  return { engine, runs };
}

describe('engineJudge', () => {
  it('uses complete() when the engine has it', async () => {
    const requests: unknown[] = [];
    const engine = {
      ...agentOnly(() => 'unused').engine,
      complete: async (request: unknown) => {
        requests.push(request);
        return {
          text: '{"criteria":[]}',
          model: 'm',
          usage: SessionSchema.parse({ status: 'completed', engineId: 'x' }).usage,
        };
      },
    };
    const judge = engineJudge(engine, { model: 'judge-model' });
    await judge.complete({ messages: [{ role: 'user', content: 'grade' }] });
    expect(requests).toEqual([{ messages: [{ role: 'user', content: 'grade' }], model: 'judge-model' }]);
    expect(judge).toMatchObject({ engine: 'agent-only', model: 'judge-model' });
  });

  it('runs an engine without complete() as a one-turn task in an empty, skill-less workspace, then removes it', async () => {
    const { engine, runs } = agentOnly((input) => `answer to: ${input.turns[0]}`);
    const judge = engineJudge(engine, { env: { PATH: '/bin', SECRET_THING: 'x' } });
    const answer = await judge.complete({ system: 'You grade.', messages: [{ role: 'user', content: 'grade this' }] });
    expect(answer).toMatchObject({ text: 'answer to: grade this', model: 'agent-model', usage: { inputTokens: 10 } });
    expect(runs[0]).toMatchObject({ turns: ['grade this'], system: 'You grade.', skills: [] });
    expect(runs[0]!.env).toEqual({ PATH: '/bin', HOME: runs[0]!.home, TMPDIR: executionTempDir(runs[0]!.home) });
    expect(existsSync(runs[0]!.workspace)).toBe(false);
  });

  it('a failed judge run is a JUDGE_FAILED error quoting the engine', async () => {
    const { engine } = agentOnly(() => '', 'error');
    await expect(engineJudge(engine).complete({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      code: 'JUDGE_FAILED',
      message: expect.stringContaining('model unreachable'),
    });
  });

  it("fills in what an engine's session leaves to the defaults, and names an engine whose session is invalid", async () => {
    const bare = (session: unknown): Engine => ({ ...agentOnly(() => '').engine, run: async () => session as never });
    const answer = await engineJudge(bare({ status: 'completed', engineId: 'plugin', finalMessage: '{}' })).complete({
      messages: [{ role: 'user', content: 'grade' }],
    });
    expect(answer).toMatchObject({ text: '{}', usage: { inputTokens: 0, outputTokens: 0 } });
    await expect(
      engineJudge(bare({ status: 'done', engineId: 'plugin' })).complete({
        messages: [{ role: 'user', content: 'x' }],
      }),
    ).rejects.toMatchObject({
      code: 'JUDGE_FAILED',
      message: expect.stringMatching(/^judge engine agent-only returned an invalid session: status: /),
    });
  });

  it('folds a repair conversation into one prompt that quotes the earlier answer', () => {
    expect(
      asOnePrompt({
        messages: [
          { role: 'user', content: 'grade' },
          { role: 'assistant', content: 'garbage' },
          { role: 'user', content: 'fix it' },
        ],
      }),
    ).toBe('grade\n\n<your_previous_answer>\ngarbage\n</your_previous_answer>\n\nfix it');
  });
});
