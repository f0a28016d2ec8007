import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
import { writeHarnessFileAtomicallySync } from '@skill-eval/engine-kit/agent-files';
import { type JunitOptions, junitXml } from './junit-xml.js';

/** File name of the JUnit report in a run directory. */
export const JUNIT_FILE = 'junit.xml';

/**
 * Writes `<runDir>/junit.xml` whole, through nothing planted in the run directory, which `report` may be handed from
 * someone else (writeHarnessFileAtomicallySync: one file, in one stretch of the thread); returns its path.
 */
export async function writeJunit(
  runDir: string,
  results: readonly CaseResult[],
  options: JunitOptions = {},
): Promise<string> {
  const file = join(runDir, JUNIT_FILE);
  writeHarnessFileAtomicallySync(runDir, file, junitXml(results, options));
  return file;
}
