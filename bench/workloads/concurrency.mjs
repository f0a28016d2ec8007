// Workload 3: concurrency. 200 cases whose engine sleeps 300 ms, 16 at once: the ideal is 200 / 16 × 0.3 = 3.75 s.
import { megabytes, peerRatios, ratioCell, seconds, table, verdict } from '../lib/format.mjs';
import { measureTrivial } from './overhead.mjs';

const COUNT = 200;
const CONCURRENCY = 16;
const SLEEP_S = 0.3;
const TOLERANCE = 0.1;

export async function concurrency(ctx) {
  const { rows, baseline } = await measureTrivial(ctx, {
    count: COUNT,
    concurrency: CONCURRENCY,
    // SKILL_EVAL_* passes skill-eval's child-environment allowlist; the peers hand their whole environment down.
    env: { SKILL_EVAL_BENCH_SLEEP: String(SLEEP_S) },
    label: 'concurrency',
  });
  const own = rows.find((r) => r.tool.id === 'skill-eval').m;
  const ideal = (COUNT / CONCURRENCY) * SLEEP_S;
  const met = own.wall.median <= ideal * (1 + TOLERANCE);
  const over = (s) => `${(((s - ideal) / ideal) * 100).toFixed(0)}%`;
  return {
    title: '3. Concurrency: 200 cases × 300 ms at concurrency 16',
    target: `within ${TOLERANCE * 100}% of the ideal ${ideal.toFixed(2)} s`,
    met,
    body: table(
      ['tool', 'wall, median (min–max)', 'over the ideal', 'peak RSS', 'peer ÷ skill-eval'],
      [
        ['engine alone (the floor)', seconds(baseline.wall), over(baseline.wall.median), megabytes(baseline.rss), '—'],
        ...rows.map(({ tool, m }) => [
          tool.name,
          seconds(m.wall),
          over(m.wall.median),
          megabytes(m.rss),
          ratioCell(tool, m.wall.median, own.wall.median),
        ]),
      ],
    ),
    summary: `skill-eval ${own.wall.median.toFixed(2)} s, ${over(own.wall.median)} over the ideal ${ideal.toFixed(2)} s (the engine alone: ${over(baseline.wall.median)})${ctx.tools.length > 1 ? `; ${peerRatios(rows, own.wall.median)}` : ''}: ${verdict(met)}`,
  };
}
