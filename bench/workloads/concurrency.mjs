// Workload 3: concurrency. 200 cases whose engine sleeps 300 ms, 16 at once: the ideal is 200 / 16 × 0.3 = 3.75 s.
// The target (issue 38, item 4) is the engine alone measured in the same turns (the floor), not the ideal, which the
// tables keep as information.
import { engineTimeline } from '../lib/engine-timeline.mjs';
import { megabytes, peerRatios, ratioCell, seconds, table, verdict } from '../lib/format.mjs';
import { MIN_SPEEDUP, speedups } from '../lib/speedup.mjs';
import { measureTrivial } from './overhead.mjs';

const COUNT = 200;
const CONCURRENCY = 16;
const SLEEP_S = 0.3;
const TOLERANCE = 0.03;

/** One more run of each job with the engine's stamps on: where its time goes (lib/engine-timeline.mjs). */
async function timelines(ctx, names, jobs) {
  const rows = [];
  for (const [i, { argv, options }] of jobs.entries()) {
    const t = await engineTimeline(typeof argv === 'function' ? argv('timeline') : argv, options, CONCURRENCY);
    const ms = (v) => `${v.toFixed(0)} ms`;
    ctx.log(`  timeline, ${names[i]}: first engine at ${ms(t.firstStart)}, the last ends ${ms(t.tail)} before exit`);
    rows.push([names[i], ms(t.firstStart), ms(t.engines), `${t.gap.toFixed(1)} ms`, ms(t.tail)]);
  }
  const headers = ['tool', 'launch → first engine starts', 'first start → last end', 'median gap between engines'];
  return table([...headers, 'last engine ends → exit'], rows);
}

export async function concurrency(ctx) {
  const { rows, baseline, jobs } = await measureTrivial(ctx, {
    count: COUNT,
    concurrency: CONCURRENCY,
    // SKILL_EVAL_* passes skill-eval's child-environment allowlist; the peers hand their whole environment down.
    env: { SKILL_EVAL_BENCH_SLEEP: String(SLEEP_S) },
    label: 'concurrency',
  });
  const own = rows.find((r) => r.tool.id === 'skill-eval').m;
  const ideal = (COUNT / CONCURRENCY) * SLEEP_S;
  // Whole engines fill the slots: some slot runs ⌈200 / 16⌉ = 13 of them one after another.
  const slots = Math.ceil(COUNT / CONCURRENCY) * SLEEP_S;
  const met = own.wall.median <= baseline.wall.median * (1 + TOLERANCE);
  const percent = (s, of, digits = 0) => `${(((s - of) / of) * 100).toFixed(digits)}%`;
  const over = (s) => percent(s, ideal);
  const overFloor = (s) => percent(s, baseline.wall.median, 1);
  const breakdown = ctx.timelines
    ? `Where the time goes, from one more run of each with the engine noting when it starts and ends (a \`date\` process per note, so each engine takes a little longer than in the runs above):\n\n${await timelines(ctx, ['engine alone', ...rows.map((r) => r.tool.name)], jobs)}`
    : 'Where the time goes (a timeline from one more run of each command) is left out of a quick run of every workload; `pnpm bench --quick --only 3` includes it.';
  const peerWalls = rows.filter((r) => r.tool.kind !== 'skill-eval').map((r) => r.m.wall.median);
  const bound = peerWalls.length ? Math.min(...peerWalls) / MIN_SPEEDUP : undefined;
  return {
    title: '3. Concurrency: 200 cases × 300 ms at concurrency 16',
    target: `within ${TOLERANCE * 100}% of the engine-alone run in the same bench (the floor)`,
    met,
    speedups: speedups('200 cases × 300 ms', rows, own.wall.median),
    speedupNote:
      bound !== undefined && bound < slots
        ? `${MIN_SPEEDUP}× faster than the fastest peer would be ${bound.toFixed(2)} s, below the ${slots.toFixed(2)} s that ${Math.ceil(COUNT / CONCURRENCY)} engines of ${SLEEP_S * 1000} ms in a row take in one slot: no harness can reach it on this line.`
        : undefined,
    body: `${table(
      ['tool', 'wall, median (min–max)', 'over the floor', 'over the ideal', 'peak RSS', 'peer ÷ skill-eval'],
      [
        ['engine alone (the floor)', seconds(baseline.wall), '—', over(baseline.wall.median), megabytes(baseline.rss), '—'],
        ...rows.map(({ tool, m }) => [
          tool.name,
          seconds(m.wall),
          overFloor(m.wall.median),
          over(m.wall.median),
          megabytes(m.rss),
          ratioCell(tool, m.wall.median, own.wall.median),
        ]),
      ],
    )}\n\nThe target is the engine alone of the same turns (a bare Node loop spawning the same engine, 16 at once: lib/spawn-baseline.mjs); the ideal ${ideal.toFixed(2)} s is information. Result caches are off (skill-eval's \`--no-cache\`, which leaves its parse cache on: from the second run on, the suite's load is reused from the user's cache folder). Whole engines fill the slots: one slot runs ${Math.ceil(COUNT / CONCURRENCY)} of them in a row, so ${slots.toFixed(2)} s (${over(slots)} over the ideal) is what any harness takes before it spawns a process.\n\n${breakdown}`,
    summary: `skill-eval ${own.wall.median.toFixed(2)} s, ${overFloor(own.wall.median)} over the engine alone's ${baseline.wall.median.toFixed(2)} s (over the ideal ${ideal.toFixed(2)} s: skill-eval ${over(own.wall.median)}, the engine alone ${over(baseline.wall.median)})${ctx.tools.length > 1 ? `; ${peerRatios(rows, own.wall.median)}` : ''}: ${verdict(met)}`,
  };
}
