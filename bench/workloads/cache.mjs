// Workload 6: cached re-run of an unchanged 1000-case suite. Each tool runs the trivial suite once with its result
// cache on (untimed), then again and again with nothing changed: only the re-runs are measured.
import { join } from 'node:path';
import { inParentheses, megabytes, onOtherNodes, peerRatios, ratioCell, seconds, table, verdict } from '../lib/format.mjs';
import { measureEach } from '../lib/measure.mjs';
import { speedups } from '../lib/speedup.mjs';
import { writeTrivialSuite } from '../lib/suites.mjs';
import { checkTrivialRun, trivialCommand } from '../lib/trivial-run.mjs';

const COUNT = 1000;
const CONCURRENCY = 4;
const TARGET_S = 0.5;

export async function cache(ctx) {
  const dir = join(ctx.work, `cache-${COUNT}`);
  const suite = writeTrivialSuite(dir, COUNT);
  const out = (tool, i) => join(ctx.work, 'out', `cache-${tool.id}-${i}`);
  // The tools take turns (see measureEach); each one's first run fills its cache and is not counted.
  const tools = [...ctx.tools, ...ctx.variants];
  const measured = await measureEach(
    tools.map((tool) => ({
      argv: (i) =>
        trivialCommand(tool, suite, {
          concurrency: CONCURRENCY,
          out: out(tool, i),
          cacheDir: join(ctx.work, `cache-store-${tool.id}`),
        }),
      options: {
        ...ctx.measureOptions(tool),
        cwd: dir,
        check: (_result, i) => checkTrivialRun(tool, out(tool, i), COUNT, { cached: i >= 0 }),
      },
    })),
    { runs: ctx.runs, warmup: 1 },
  );
  const rows = tools.map((tool, i) => ({ tool, m: measured[i] }));
  for (const { tool, m } of rows) ctx.log(`  cached re-run, ${tool.name}: ${seconds(m.wall)}`);
  const own = rows.find((r) => r.tool.id === 'skill-eval').m;
  const met = own.wall.median < TARGET_S;
  return {
    title: '6. Cached re-run of an unchanged 1000-case suite',
    target: `< ${TARGET_S} s`,
    met,
    speedups: speedups('cached re-run, 1000 cases', rows, own.wall.median),
    body: `The suite of workload 2 (1000 cases); the first run fills each tool's cache and is not counted. skill-eval: \`--cache-dir\` (every result is checked to come from the cache); promptfoo: its default cache (the exec: provider keys on the script's hash); AgentV: \`--cache --cache-path\`.\n\n${table(
      ['tool', 'wall, median (min–max)', 'peak RSS', 'peer ÷ skill-eval'],
      rows.map(({ tool, m }) => [
        tool.name,
        seconds(m.wall),
        megabytes(m.rss),
        ratioCell(tool, m.wall.median, own.wall.median),
      ]),
    )}`,
    summary: `skill-eval re-runs 1000 cached cases in ${own.wall.median.toFixed(2)} s${inParentheses(onOtherNodes(rows))}${ctx.tools.length > 1 ? `; ${peerRatios(rows, own.wall.median)}` : ''}: ${verdict(met)}`,
  };
}
