import { join } from 'node:path';
import { type Case, createRedactor } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import type { EngineTarget } from '../engine-target.js';
import { executeOne } from '../execute.js';
import { planItems } from '../plan.js';

import { createResultStore } from '../result-store.js';
import { completed, fakeEngine, type Script } from './fake-engine.js';
import { makeSuite } from './fixtures.js';

/** Options of {@link runOne}. */
export interface RunOneOptions {
  trust?: boolean;
  timeoutSeconds?: number;
  script?: Script;
  env?: Record<string, string | undefined>;
  /** The run's judge. */
  judge?: Judge;
  /** The fake engine takes turns one by one (`capabilities.nextTurn`). */
  nextTurn?: boolean;
  /** The fake engine restricts its agent's tools (`capabilities.tools`). */
  tools?: boolean;
}

/** Runs one case through `executeOne` on the fake engine, with its run directory and workspaces under `dir`. */
export async function runOne(dir: string, testCase: Case, options: RunOneOptions = {}) {
  const { engine: fake, stats } = fakeEngine(options.script ?? (async () => completed('done')));
  const capabilities = { ...(options.nextTurn ? { nextTurn: true } : {}), ...(options.tools ? { tools: true } : {}) };
  const engine = Object.keys(capabilities).length > 0 ? { ...fake, capabilities } : fake;
  const [item] = planItems<EngineTarget>(
    [makeSuite('s/evals.json', [testCase])],
    [{ id: 'fake', engine }],
    (t) => t.id,
  );
  const redact = createRedactor([]);
  const outDir = join(dir, 'out');
  const result = await executeOne(item!, {
    store: await createResultStore(outDir, redact),
    redact,
    env: options.env ?? { PATH: process.env.PATH },
    signal: new AbortController().signal,
    keepWorkspaces: false,
    trust: options.trust ?? true,
    tempDir: join(dir, 'tmp'),
    graceMs: 1000,
    ...(options.judge ? { judge: options.judge } : {}),
    ...(options.timeoutSeconds ? { timeoutSeconds: options.timeoutSeconds } : {}),
  });
  return { result, stats, artifacts: join(outDir, 'artifacts', result.executionId) };
}
