// Workload 2: harness overhead. N trivial cases (the engine is a shell script echoing the prompt; 3 deterministic
// checks each) at concurrency 4, no cache, for N = 20, 200, 1000. skill-eval's overhead is its wall time minus the
// engine's own time: the same script spawned N times, 4 at once, by a bare Node loop (lib/spawn-baseline.mjs), run in
// turn with the tools.
import { join } from 'node:path';
import { inParentheses, megabytes, onOtherNodes, peerRatios, ratioCell, seconds, table, verdict } from '../lib/format.mjs';
import { measureEach } from '../lib/measure.mjs';
import { speedups } from '../lib/speedup.mjs';
import { writeTrivialSuite } from '../lib/suites.mjs';
import { checkTrivialRun, trivialCommand } from '../lib/trivial-run.mjs';

const TARGET_MS = 1;
const CONCURRENCY = 4;
const BASELINE = new URL('../lib/spawn-baseline.mjs', import.meta.url).pathname;

/**
 * The commands of one trivial suite: the engine alone first, then each tool, as { argv, options } jobs of
 * {@link measureEach} (`argv` is a function of the run's number: each run writes a fresh output directory).
 */
function trivialJobs(ctx, { count, concurrency, env = {}, label, tools = ctx.tools }) {
  const suite = writeTrivialSuite(join(ctx.work, `${label}-${count}`), count);
  const out = (tool, i) => join(ctx.work, 'out', `${label}-${tool.id}-${count}-${i}`);
  return [
    {
      argv: [process.execPath, BASELINE, String(count), String(concurrency), suite.echo],
      options: ctx.measureOptions(undefined, env),
    },
    ...tools.map((tool) => ({
      argv: (i) => trivialCommand(tool, suite, { concurrency, out: out(tool, i) }),
      options: {
        ...ctx.measureOptions(tool, env),
        cwd: join(ctx.work, `${label}-${count}`),
        check: (_result, i) => checkTrivialRun(tool, out(tool, i), count),
      },
    })),
  ];
}

/** Measures every tool on one trivial suite; returns rows { tool, m }, the engine baseline and the jobs measured. */
export async function measureTrivial(ctx, { count, concurrency, env = {}, label, tools = ctx.tools }) {
  const jobs = trivialJobs(ctx, { count, concurrency, env, label, tools });
  // The engine alone and every tool take turns, so that the overhead and the ratios compare runs of the same minutes.
  const [baseline, ...measured] = await measureEach(jobs, { runs: ctx.runs });
  ctx.log(`  ${count} cases, engine alone: ${seconds(baseline.wall)}`);
  const rows = tools.map((tool, i) => ({ tool, m: measured[i] }));
  for (const { tool, m } of rows) ctx.log(`  ${count} cases, ${tool.name}: ${seconds(m.wall)}, ${megabytes(m.rss)}`);
  return { rows, baseline, jobs };
}

export async function overhead(ctx) {
  const sizes = [20, 200, 1000];
  const parts = [];
  const perCase = {};
  const walls = {};
  const peers = [];
  const otherNodes = {};
  const lines = [];
  for (const count of sizes) {
    const { rows, baseline } = await measureTrivial(ctx, {
      count,
      concurrency: CONCURRENCY,
      label: 'overhead',
      tools: [...ctx.tools, ...ctx.variants],
    });
    const own = rows.find((r) => r.tool.id === 'skill-eval').m;
    perCase[count] = ((own.wall.median - baseline.wall.median) * 1000) / count;
    walls[count] = { own: own.wall.median, base: baseline.wall.median };
    otherNodes[count] = onOtherNodes(rows, (m) => `${(((m.wall.median - baseline.wall.median) * 1000) / count).toFixed(2)} ms`);
    if (ctx.tools.length > 1) peers.push(`${count}: ${peerRatios(rows, own.wall.median)}`);
    lines.push(...speedups(`${count} cases`, rows, own.wall.median));
    parts.push(
      `**${count} cases**\n\n${table(
        ['tool', 'wall, median (min–max)', 'peak RSS', 'per case', 'peer ÷ skill-eval'],
        [
          ['engine alone (the floor)', seconds(baseline.wall), megabytes(baseline.rss), `${((baseline.wall.median * 1000) / count).toFixed(2)} ms`, '—'],
          ...rows.map(({ tool, m }) => [
            tool.name,
            seconds(m.wall),
            megabytes(m.rss),
            `${((m.wall.median * 1000) / count).toFixed(2)} ms`,
            ratioCell(tool, m.wall.median, own.wall.median),
          ]),
        ],
      )}\n\nskill-eval over the engine alone: ${perCase[count].toFixed(2)} ms per case (start-up included)${inParentheses(otherNodes[count])}.`,
    );
  }
  const marginal =
    ((walls[1000].own - walls[200].own - (walls[1000].base - walls[200].base)) * 1000) / (1000 - 200);
  const met = perCase[1000] <= TARGET_MS;
  return {
    title: '2. Harness overhead: 20, 200 and 1000 trivial cases',
    target: `≤ ${TARGET_MS} ms per case over the engine's own time`,
    met,
    speedups: lines,
    body: `Concurrency ${CONCURRENCY}, caches off. The engine is \`configs/echo-prompt.sh\` (one \`sh\` per case) for every tool; each case has 3 deterministic checks (contains, icontains, regex). skill-eval and AgentV read the same \`trivial.eval.yaml\`; promptfoo gets the same prompts and assertions in \`promptfooconfig.yaml\` + \`cases.yaml\`.\n\n${parts.join('\n\n')}\n\nMarginal cost from 200 to 1000 cases, over the engine's: ${marginal.toFixed(2)} ms per case.`,
    summary: `skill-eval adds ${perCase[1000].toFixed(2)} ms per case over the engine at 1000 cases (start-up included; ${marginal.toFixed(2)} ms marginal${otherNodes[1000] ? `; ${otherNodes[1000]}` : ''})${peers.length ? `; peers' time ÷ skill-eval's — ${peers.join('; ')}` : ''}: ${verdict(met)}`,
  };
}
