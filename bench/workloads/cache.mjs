// Workload 6: cached re-run of an unchanged 1000-case suite. Each tool runs the trivial suite once with its result
// cache on (untimed), then again and again with nothing changed: only the re-runs are measured. A second line holds a
// small suite whose engine is slow to the time its first run took: what a cache hit costs beside a real execution.
// Beside the re-runs, taking turns, the floor of any re-run that reads the suite: the YAML parser alone parsing its
// file (lib/parse-baseline.mjs).
import { join } from 'node:path';
import { inParentheses, megabytes, onOtherNodes, peerRatios, ratioCell, seconds, table, verdict } from '../lib/format.mjs';
import { measureEach, measureOnce, stats } from '../lib/measure.mjs';
import { speedups } from '../lib/speedup.mjs';
import { writeTrivialSuite } from '../lib/suites.mjs';
import { checkTrivialRun, trivialCommand } from '../lib/trivial-run.mjs';

const COUNT = 1000;
const CONCURRENCY = 4;
const TARGET_S = 0.3;
// The slow-engine line: a 9-case suite whose engine sleeps half a second, at -j 2 (five rounds of executions).
const SLOW_COUNT = 9;
const SLOW_CONCURRENCY = 2;
const SLOW_SLEEP_S = 0.5;
const SLOW_TARGET = 0.1;
const PARSER_ALONE = new URL('../lib/parse-baseline.mjs', import.meta.url).pathname;

export async function cache(ctx) {
  const dir = join(ctx.work, `cache-${COUNT}`);
  const suite = writeTrivialSuite(dir, COUNT);
  const out = (tool, i) => join(ctx.work, 'out', `cache-${tool.id}-${i}`);
  // The tools take turns (see measureEach); each one's first run fills its cache and is not counted.
  const tools = [...ctx.tools, ...ctx.variants];
  const parserAlone = {
    argv: [process.execPath, PARSER_ALONE, suite.evalYaml],
    options: {
      ...ctx.measureOptions(tools[0]),
      cwd: dir,
      check: (result) => {
        if (!/^1 file\(s\) parsed/.test(result.stdout)) throw new Error(`the parser alone: ${result.stderr.slice(-300)}`);
      },
    },
  };
  const [floor, ...measured] = await measureEach(
    [parserAlone, ...tools.map((tool) => ({
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
    }))],
    { runs: ctx.runs, warmup: 1 },
  );
  ctx.log(`  the YAML parser alone on the suite's file: ${seconds(floor.wall)}`);
  const rows = tools.map((tool, i) => ({ tool, m: measured[i] }));
  for (const { tool, m } of rows) ctx.log(`  cached re-run, ${tool.name}: ${seconds(m.wall)}`);
  const own = rows.find((r) => r.tool.id === 'skill-eval').m;
  const slow = await slowEngineLine(ctx);
  ctx.log(`  ${SLOW_COUNT} slow cases: first run ${seconds(slow.first)}, cached re-run ${seconds(slow.cached)}`);
  const met = own.wall.median < TARGET_S && slow.ratio < SLOW_TARGET;
  return {
    title: '6. Cached re-run of an unchanged 1000-case suite',
    target: `< ${TARGET_S} s; a cached re-run of ${SLOW_COUNT} slow cases < ${SLOW_TARGET} of their first run`,
    met,
    speedups: speedups('cached re-run, 1000 cases', rows, own.wall.median),
    body: `The suite of workload 2 (1000 cases); the first run fills each tool's cache and is not counted. skill-eval: \`--cache-dir\` (every result is checked to come from the cache; the suite's load is kept in the user's cache folder, which the first run filled, and reused while its file is unchanged); promptfoo: its default cache (the exec: provider keys on the script's hash); AgentV: \`--cache --cache-path\`.\n\n${table(
      ['tool', 'wall, median (min–max)', 'peak RSS', 'peer ÷ skill-eval'],
      rows.map(({ tool, m }) => [
        tool.name,
        seconds(m.wall),
        megabytes(m.rss),
        ratioCell(tool, m.wall.median, own.wall.median),
      ]),
    )}\n\nThe floor of any re-run that parses this suite: a bare Node process parsing its one file (${COUNT} cases) with the \`yaml\` library skill-eval reads YAML with, the same version and options, into plain data (lib/parse-baseline.mjs), in the same turns: ${seconds(floor.wall)}, so skill-eval's re-run takes ${(own.wall.median / floor.wall.median).toFixed(2)}× the parser alone.${floor.wall.median >= TARGET_S ? ` The target of ${TARGET_S} s for the whole re-run is below the parser's own time here; skill-eval's re-run parses nothing, and rebuilds the file from its parse cache.` : ''}\n\n${slowEngineMarkdown(slow)}`,
    summary: `skill-eval re-runs 1000 cached cases in ${own.wall.median.toFixed(2)} s${inParentheses(onOtherNodes(rows))}, ${(own.wall.median / floor.wall.median).toFixed(2)}× the YAML parser alone on the suite's file (${floor.wall.median.toFixed(2)} s)${ctx.tools.length > 1 ? `; ${peerRatios(rows, own.wall.median)}` : ''}; ${SLOW_COUNT} cached slow cases in ${slow.ratio.toFixed(3)} of their first run: ${verdict(met)}`,
  };
}

/**
 * skill-eval alone: each repetition runs the slow suite into an empty cache (the first run), then again with nothing
 * changed (the cached re-run, checked to come from the cache); the ratio is of the medians. The sleep is part of the
 * engine's command line, so it is part of the cache key as any engine setting is.
 */
async function slowEngineLine(ctx) {
  const dir = join(ctx.work, `cache-slow-${SLOW_COUNT}`);
  const suite = writeTrivialSuite(dir, SLOW_COUNT);
  const tool = ctx.tools.find((t) => t.id === 'skill-eval');
  const engine = { ...suite, echo: `-c 'sleep ${SLOW_SLEEP_S}; sh ${suite.echo}'` };
  const options = { ...ctx.measureOptions(tool), cwd: dir };
  const first = [];
  const cached = [];
  for (let i = 0; i < ctx.runs; i++) {
    const cacheDir = join(ctx.work, `cache-store-slow-${i}`);
    for (const [walls, phase] of [[first, 'first'], [cached, 'cached']]) {
      const out = join(ctx.work, 'out', `cache-slow-${phase}-${i}`);
      const argv = trivialCommand(tool, engine, { concurrency: SLOW_CONCURRENCY, out, cacheDir });
      const result = await measureOnce(argv, options);
      checkTrivialRun(tool, out, SLOW_COUNT, { cached: phase === 'cached' });
      walls.push(result.wallMs / 1000);
    }
  }
  const m = { first: stats(first), cached: stats(cached) };
  return { ...m, ratio: m.cached.median / m.first.median };
}

function slowEngineMarkdown(slow) {
  return `A slow engine: ${SLOW_COUNT} cases whose engine sleeps ${SLOW_SLEEP_S} s (the command engine, \`sh -c 'sleep ${SLOW_SLEEP_S}; …'\`) at \`-j ${SLOW_CONCURRENCY}\`, skill-eval alone; each repetition fills an empty cache (the first run), then re-runs with nothing changed. Target: the re-run under ${SLOW_TARGET} of the first run.\n\n${table(
    ['run', 'wall, median (min–max)'],
    [
      ['first run (empty cache)', seconds(slow.first)],
      ['cached re-run', seconds(slow.cached)],
      ['cached ÷ first', `${slow.ratio.toFixed(3)} (${verdict(slow.ratio < SLOW_TARGET)})`],
    ],
  )}`;
}
