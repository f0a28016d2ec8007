import { mkdir } from 'node:fs/promises';
import type { Reporter } from '@skill-eval/core';
import type { CaseIndex } from './case-index.js';
import { writeCaseIndex } from './case-index-file.js';

/** Writes `cases.json` into the run directory as the run starts, so that `skill-eval report` can rebuild every output later. */
export function createCaseIndexReporter(index: CaseIndex): Reporter {
  return {
    async onRunStart(_plan, outDir) {
      await mkdir(outDir, { recursive: true });
      await writeCaseIndex(outDir, index);
    },
  };
}
