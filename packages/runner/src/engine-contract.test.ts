import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EngineRunInput, executionTempDir } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { engineEnv } from './child-env.js';
import { runSuites } from './run-suites.js';
import { fakeEngine } from './test-support/fake-engine.js';
import { makeCase, makeSuite, useTempDir } from './test-support/fixtures.js';

describe('the engine contract as the runner applies it', () => {
  let dir = '';
  useTempDir('engine-contract-', (made) => {
    dir = made;
  });

  it('takes a session with only what has no default, and grades tool calls from its events', async () => {
    const { engine } = fakeEngine(async () => ({
      status: 'completed',
      engineId: 'fake',
      finalMessage: 'done',
      events: [
        { type: 'tool-call', id: 'w1', name: 'Write', input: { file_path: 'a.txt' } },
        { type: 'tool-result', id: 'w1', output: 'written' },
      ],
    }));
    const suite = makeSuite('s.json', [
      makeCase({
        id: 'c',
        checks: [
          { type: 'tool-called', value: 'Write' },
          { type: 'contains', value: 'done' },
        ],
      }),
    ]);
    const { results } = await runSuites({
      suites: [suite],
      engines: [{ id: 'fake', engine }],
      outDir: join(dir, 'out'),
    });
    expect(results[0]).toMatchObject({ status: 'passed', session: { stoppedEarly: false, turns: 0 } });
    const transcript = JSON.parse(readFileSync(join(dir, 'out', results[0]!.transcriptFile!), 'utf8'));
    expect(transcript.toolCalls).toEqual([
      { id: 'w1', name: 'Write', input: { file_path: 'a.txt' }, output: 'written', isError: false },
    ]);
  });

  it('hands run() what missingSetup was asked with: the allowlist and the engine’s own variables, and the user’s home', async () => {
    const { engine, stats } = fakeEngine(async () => ({ status: 'completed', engineId: 'fake', finalMessage: 'done' }));
    Object.assign(engine, { environment: ['MY_AGENT_TOKEN'] });
    const env = { PATH: '/bin', HOME: '/home/me', MY_AGENT_TOKEN: 't0k3n', UNRELATED_SECRET: 'no' };
    const seen = engineEnv(env, engine.environment);
    expect(seen).toEqual({ PATH: '/bin', HOME: '/home/me', MY_AGENT_TOKEN: 't0k3n' });

    const suite = makeSuite('s.json', [makeCase({ id: 'c', checks: [{ type: 'contains', value: 'done' }] })]);
    await runSuites({ suites: [suite], engines: [{ id: 'fake', engine }], outDir: join(dir, 'out'), env });
    const input: EngineRunInput = stats.inputs[0]!;
    // Beside them only the execution's temp folder and reap mark, which the harness sets on every process it starts.
    expect(input.env).toEqual({
      ...seen,
      HOME: input.home,
      TMPDIR: executionTempDir(input.home),
      SKILL_EVAL_EXECUTION_MARK: expect.any(String),
    });
    expect(input.userHome).toBe('/home/me');
  });
});
