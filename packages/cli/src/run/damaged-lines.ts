import type { RunRecord } from '@skill-eval/report';
import type { CommandIO } from '../io/io.js';

/** Says on stderr how many lines of a run's results.jsonl were left out as not results (merge says it alike). */
export function warnDamagedLines(io: CommandIO, command: string, shownDir: string, record: RunRecord): void {
  if (!record.damagedLines) return;
  io.stderr.write(
    `skill-eval ${command}: ${shownDir}: ${record.damagedLines} damaged line(s) in results.jsonl were skipped (cut off by an interrupt, edited, or from another version).\n`,
  );
}
