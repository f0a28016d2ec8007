import { join } from 'node:path';
import type { Engine } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { describe, expect, it } from 'vitest';
import { engineJudge } from './engine-judge.js';
import { agentModel, caseJudge, splitModel } from './pinned-models.js';
import { runSuites } from './run-suites.js';
import { completed, fakeEngine } from './test-support/fake-engine.js';
import { makeCase, makeSuite, useTempDir } from './test-support/fixtures.js';

/** A judge engine whose completions say which model was asked for, passing every criterion. */
function judgeEngine(asked: string[]): Engine {
  return {
    ...fakeEngine(async () => completed('')).engine,
    id: 'anthropic',
    complete: async (request) => {
      asked.push(request.model ?? 'default');
      const text = JSON.stringify({ criteria: [{ id: 1, passed: true, evidence: 'done', reasoning: 'says done' }] });
      return { text, model: request.model ?? 'default', usage: completed('').usage as never };
    },
  };
}

describe('models an eval file pins', () => {
  const claude = { id: 'claude-code', engine: { ...fakeEngine(async () => completed('')).engine, id: 'claude-code' } };

  it('reads the ways files write them', () => {
    expect(splitModel('anthropic://claude-sonnet-4-6')).toEqual({ provider: 'anthropic', name: 'claude-sonnet-4-6' });
    expect(splitModel('openai/gpt-5.5')).toEqual({ provider: 'openai', name: 'gpt-5.5' });
    expect(splitModel('claude-opus-5-5')).toEqual({ name: 'claude-opus-5-5' });
  });

  it('asks for the pinned model on an engine of its provider; the command line wins, with a note', () => {
    const pinned = makeCase({ id: 'c', model: 'anthropic/claude-sonnet-4-6' });
    expect(agentModel(pinned, claude)).toEqual({ model: 'claude-sonnet-4-6' });
    expect(agentModel(pinned, { ...claude, model: 'claude-opus-5-5' })).toEqual({
      model: 'claude-opus-5-5',
      note: "The case pins the model anthropic/claude-sonnet-4-6; the command line's claude-opus-5-5 is used.",
    });
    const codex = { id: 'codex', engine: { ...claude.engine, id: 'codex' } };
    expect(agentModel(pinned, codex)).toEqual({
      note: 'The case pins the model anthropic/claude-sonnet-4-6, a model of anthropic; codex asks for its own default.',
    });
    expect(agentModel(makeCase({ id: 'c' }), claude)).toEqual({});
  });

  it('judges each case with the model it pins, unless --judge chose one', () => {
    const asked: string[] = [];
    const judge = engineJudge(judgeEngine(asked), { model: 'claude-haiku-5' });
    expect(caseJudge(makeCase({ id: 'c', judge: 'anthropic/claude-opus-5-5' }), judge).judge?.model).toBe(
      'claude-opus-5-5',
    );
    expect(caseJudge(makeCase({ id: 'c' }), judge).judge).toBe(judge);
    const chosen = engineJudge(judgeEngine(asked), { model: 'claude-haiku-5', modelChosen: true });
    expect(caseJudge(makeCase({ id: 'c', judge: 'claude-opus-5-5' }), chosen)).toEqual({
      judge: chosen,
      note: expect.stringMatching(
        /s\.json\S*: The case pins the judge model claude-opus-5-5; the command line's claude-haiku-5 is used\.$/,
      ),
    });
  });

  it('judges a case pinning another provider’s model with a judge of that provider, when the run can make one', () => {
    const asked: string[] = [];
    const openaiJudge = engineJudge({ ...judgeEngine(asked), id: 'openai' });
    const judge = engineJudge(judgeEngine(asked), {
      forProvider: (provider) => (provider === 'openai' ? openaiJudge : undefined),
    });
    const theirs = caseJudge(makeCase({ id: 'c', judge: 'openai/gpt-judge' }), judge).judge;
    expect(theirs).toMatchObject({ engine: 'openai', model: 'gpt-judge' });
    // A provider the run has no judge for: the run's judge grades, and the note says where the pin is.
    const unknown = makeCase({
      id: 'c',
      judge: 'dashscope/qwen-max',
      source: { file: '/x/case.yaml', line: 3, format: 'skill-up' },
    });
    expect(caseJudge(unknown, judge)).toEqual({
      judge,
      note: '/x/case.yaml:3: The case pins the judge model dashscope/qwen-max, a model of dashscope; anthropic asks for its own default.',
    });
    // The user chose the judge (no forProvider): the pin is set aside.
    const chosen = engineJudge(judgeEngine(asked));
    expect(caseJudge(makeCase({ id: 'c', judge: 'openai/gpt-judge' }), chosen).judge).toBe(chosen);
  });

  describe('in a run', () => {
    let dir = '';
    useTempDir('pinned-models-', (made) => {
      dir = made;
    });

    it('runs and grades each case with its own models, and records which answered and which judged', async () => {
      const { engine, stats } = fakeEngine(async (input) => ({ ...completed('done'), model: input.model }));
      const asked: string[] = [];
      const judge: Judge = engineJudge(judgeEngine(asked), { model: 'claude-haiku-5' });
      const rubric = [{ type: 'llm-rubric' as const, value: 'says done' }];
      const suite = makeSuite('s.json', [
        makeCase({ id: 'pinned', model: 'fake-pro', judge: 'claude-opus-5-5', checks: rubric }),
        makeCase({ id: 'plain', checks: rubric }),
      ]);
      const { results } = await runSuites({
        suites: [suite],
        engines: [{ id: 'fake', engine }],
        judge,
        outDir: join(dir, 'out'),
        concurrency: 1,
      });
      expect(stats.inputs.map((input) => input.model)).toEqual(['fake-pro', undefined]);
      expect(asked).toEqual(['claude-opus-5-5', 'claude-haiku-5']);
      const by = (id: string) => results.find((r) => r.caseId === id)!;
      expect(by('pinned')).toMatchObject({ status: 'passed', model: 'fake-pro', judge: { model: 'claude-opus-5-5' } });
      expect(by('plain')).toMatchObject({
        status: 'passed',
        model: 'fake-model-1',
        judge: { model: 'claude-haiku-5' },
      });
    });
  });
});
