import { mkdirSync } from 'node:fs';
import type { Reporter } from '@skill-eval/core';
import type { CaseIndex } from './case-index.js';
import { writeCaseIndex } from './case-index-file.js';

/**
 * Writes `cases.json` into the run directory as the run starts, so that `skill-eval report` can rebuild every output
 * later (an interrupted run included) — and again as it ends, from this copy: the agents that ran in between could
 * have reached the file.
 */
export function createCaseIndexReporter(index: CaseIndex): Reporter {
  const write = async (outDir: string) => {
    mkdirSync(outDir, { recursive: true });
    await writeCaseIndex(outDir, index);
  };
  let dir: string | undefined;
  return {
    async onRunStart(_plan, outDir) {
      dir = outDir;
      await write(outDir);
    },
    async onRunEnd(summary) {
      await write(dir ?? summary.outDir);
    },
  };
}
