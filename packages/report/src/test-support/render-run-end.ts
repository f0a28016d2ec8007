import { createConsoleReporter } from '../console/console-reporter.js';
import { FakeStream } from './fake-stream.js';
import { caseResult, runSummary } from './results.js';

/** What the console reporter prints (no colour, no terminal) when a one-result run ends with `overrides` in its summary. */
export async function renderRunEnd(overrides: Record<string, unknown>, cwd: string, outDir: string): Promise<string> {
  const stream = new FakeStream(false);
  const reporter = createConsoleReporter({ stream, cwd, color: false });
  const results = [caseResult()];
  await reporter.onRunEnd?.(runSummary(results, outDir, overrides), results);
  return stream.text;
}
