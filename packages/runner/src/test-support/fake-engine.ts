import type { Engine, EngineRunInput, SessionInput } from '@skill-eval/core';

/** What the fake engine does for one execution, chosen by the test from the input. */
export type Script = (input: EngineRunInput) => Promise<SessionInput>;

/** An in-process Engine that follows `script` and records what it was given and how many ran at once. */
export function fakeEngine(script: Script, skillRoots: string[] = ['.claude/skills', '.agents/skills']) {
  const stats = { inFlight: 0, maxInFlight: 0, inputs: [] as EngineRunInput[] };
  const engine: Engine = {
    id: 'fake',
    skillRoots,
    defaultModel: 'fake-model-1',
    // The credential it takes, as an Anthropic engine names it: the only key the run hands it.
    environment: ['ANTHROPIC_API_KEY'],
    version: async () => '1.0.0',
    async run(input) {
      stats.inputs.push(input);
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        return (await script(input)) as Awaited<ReturnType<Engine['run']>>;
      } finally {
        stats.inFlight--;
      }
    },
  };
  return { engine, stats };
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** A completed session answering `text`. */
export const completed = (text: string): SessionInput => ({
  status: 'completed',
  exitCode: 0,
  finalMessage: text,
  events: [
    { type: 'message', role: 'user', text: 'go' },
    { type: 'message', role: 'assistant', text },
  ],
  usage: { inputTokens: 10, outputTokens: 5 },
  costUsd: 0.01,
  durationMs: 5,
  turns: 1,
  engineId: 'fake',
  model: 'fake-model-1',
});
