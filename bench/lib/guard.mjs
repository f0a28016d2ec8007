// The regression guard of `--check`: each workload gives ratios of its own figures to a baseline measured in the same
// run (the engine alone, a bare `node -e 0`), and each ratio is held to a limit kept in bench/limits.json. Ratios, not
// seconds: a slow or busy machine slows the baseline with the figure, so a limit holds on any machine, while a change
// that doubles what skill-eval adds moves the ratio past it.
import { readFileSync } from 'node:fs';
import { table } from './format.mjs';

export const LIMITS_FILE = new URL('../limits.json', import.meta.url);

/** The limits kept in the repository: `{ [id]: { max, why } }`. */
export function readLimits(file = LIMITS_FILE) {
  const { limits } = JSON.parse(readFileSync(file, 'utf8'));
  return limits;
}

/**
 * Each guarded figure of the sections beside its limit. A figure without a limit is a failure too: a guard that
 * silently checks nothing is no guard.
 */
export function checkGuards(sections, limits) {
  const figures = sections.flatMap((section) => section.guards ?? []);
  const rows = figures.map((figure) => {
    const limit = limits[figure.id];
    const problem = !limit
      ? `no limit for ${figure.id} in bench/limits.json`
      : figure.ratio > limit.max
        ? `${figure.id}: ${figure.what} is ${figure.ratio.toFixed(2)}×, over its limit of ${limit.max}× (${figure.detail})`
        : undefined;
    return { ...figure, max: limit?.max, problem };
  });
  return { rows, failures: rows.filter((row) => row.problem).map((row) => row.problem) };
}

export function guardMarkdown({ rows }) {
  return `## Regression guard (\`--check\`)\n\nEach figure is a ratio to a baseline measured in the same run; its limit is in \`bench/limits.json\`.\n\n${table(
    ['figure', 'what', 'ratio', 'limit', ''],
    rows.map((row) => [row.id, `${row.what} (${row.detail})`, `${row.ratio.toFixed(2)}×`, row.max === undefined ? '—' : `${row.max}×`, row.problem ? '**over**' : 'within']),
  )}\n\n`;
}
