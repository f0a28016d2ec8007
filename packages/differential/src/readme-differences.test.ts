import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELIBERATE_DIFFERENCES } from './deliberate-differences.js';

const GRADING_DOC = path.join(import.meta.dirname, '..', '..', '..', 'docs', 'grading.md');

/** The rows of docs/grading.md's table of deliberate differences, each as its cells. */
function differenceRows(): string[][] {
  const lines = readFileSync(GRADING_DOC, 'utf8').split('\n');
  const header = lines.findIndex((line) => line.startsWith('| case | promptfoo / AgentV | skill-eval | why |'));
  expect(header, 'docs/grading.md has its table of deliberate differences').toBeGreaterThan(0);
  const rows: string[][] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, '').trim()));
  }
  return rows;
}

describe("docs/grading.md's table of deliberate differences", () => {
  it('lists exactly the differences the differential suites allow', () => {
    expect(
      differenceRows()
        .map((row) => row[0])
        .sort(),
    ).toEqual(DELIBERATE_DIFFERENCES.map((d) => d.readme).sort());
  });

  it("cites the peer's source for each", () => {
    for (const [what, peer] of differenceRows()) expect(peer, what).toMatch(/`[\w/.-]+\.ts`/);
  });
});
