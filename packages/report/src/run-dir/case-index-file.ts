import { join } from 'node:path';
import { readRegularText } from '@skill-eval/core';
import { writeHarnessFileAtomicallySync } from '@skill-eval/engine-kit/agent-files';
import { CASE_INDEX_FILE, type CaseIndex, CaseIndexSchema, caseKey, type IndexedCase } from './case-index.js';

/** Writes `<runDir>/cases.json` whole, through nothing planted in the run directory (see writeHarnessFileAtomically). */
export async function writeCaseIndex(runDir: string, index: CaseIndex): Promise<void> {
  // In one stretch of the thread: a run writes it as it starts and ends, where each thread-pool round trip of an
  // atomic write would cost more than the write.
  writeHarnessFileAtomicallySync(runDir, join(runDir, CASE_INDEX_FILE), `${JSON.stringify(index, null, 2)}\n`);
}

/** `<runDir>/cases.json`; undefined when the run has none (runs started before it existed) or it cannot be read. */
export async function readCaseIndex(runDir: string): Promise<CaseIndex | undefined> {
  let text: string;
  try {
    text = await readRegularText(join(runDir, CASE_INDEX_FILE));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
  try {
    return CaseIndexSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The cases of several runs' indexes (the shards of one run), each case once: the first index's entry wins. */
export function mergeCaseIndexes(indexes: readonly (CaseIndex | undefined)[]): CaseIndex | undefined {
  const known = indexes.filter((index): index is CaseIndex => index !== undefined);
  if (known.length === 0) return undefined;
  const cases = new Map<string, IndexedCase>();
  for (const indexed of known.flatMap((index) => index.cases)) {
    const key = caseKey(indexed.suiteId, indexed.caseId);
    if (!cases.has(key)) cases.set(key, indexed);
  }
  return { format: 'skill-eval-cases-v1', cases: [...cases.values()] };
}
