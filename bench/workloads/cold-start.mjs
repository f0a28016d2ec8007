// Workload 1: cold start. `--version` and `--help` of each tool, a fresh process each time.
import { measureEach } from '../lib/measure.mjs';
import { inParentheses, megabytes, onOtherNodes, peerRatios, ratioCell, seconds, table, verdict } from '../lib/format.mjs';
import { speedups } from '../lib/speedup.mjs';

const TARGET_S = 0.15;

export async function coldStart(ctx) {
  const own = {};
  const fastest = {};
  const commands = [...ctx.tools, ...ctx.variants].flatMap((tool) => ['--version', '--help'].map((flag) => ({ tool, flag })));
  // Every tool's commands take turns (see measureEach), so the ratios compare runs of the same minutes.
  // A bare `node -e 0` takes its turn with them: the floor of any Node program's start, the guard's baseline.
  const [bare, ...measured] = await measureEach(
    [
      { argv: [process.execPath, '-e', '0'], options: ctx.measureOptions() },
      ...commands.map(({ tool, flag }) => ({ argv: [...tool.argv, flag], options: ctx.measureOptions(tool) })),
    ],
    { runs: ctx.runs, warmup: ctx.warmup },
  );
  const rows = commands.map((command, i) => ({ ...command, m: measured[i] }));
  let met = true;
  for (const { tool, flag, m } of rows) {
    if (tool.id === 'skill-eval') {
      own[flag] = m.wall.median;
      fastest[flag] = m.wall.min;
      met &&= m.wall.median <= TARGET_S;
    }
    ctx.log(`  ${tool.name} ${flag}: ${seconds(m.wall)}`);
  }
  return {
    title: '1. Cold start: `--version`, `--help`',
    target: `≤ ${TARGET_S} s`,
    met,
    speedups: ['--version', '--help'].flatMap((flag) =>
      speedups(
        `\`${flag}\``,
        rows.filter((r) => r.flag === flag),
        own[flag],
      ),
    ),
    // The guard compares the fastest run of each: a start can only be slowed by what else the machine does, and a
    // median of a few starts on a busy machine moved by half (0.125 s against a fastest of 0.055 s in one CI run).
    guards: ['--version', '--help'].map((flag) => ({
      id: `cold-start${flag.slice(1)}`,
      what: `skill-eval \`${flag}\` ÷ a bare \`node -e 0\`, fastest runs`,
      ratio: fastest[flag] / bare.wall.min,
      detail: `${fastest[flag].toFixed(3)} s against ${bare.wall.min.toFixed(3)} s`,
    })),
    body: `A bare \`node -e 0\` took ${seconds(bare.wall)} in the same turns.\n\n${table(
      ['tool', 'command', 'wall, median (min–max)', 'peak RSS', 'peer ÷ skill-eval'],
      rows.map(({ tool, flag, m }) => [
        tool.name,
        `\`${flag}\``,
        seconds(m.wall),
        megabytes(m.rss),
        ratioCell(tool, m.wall.median, own[flag]),
      ]),
    )}`,
    summary: `skill-eval \`--version\` ${own['--version'].toFixed(3)} s, \`--help\` ${own['--help'].toFixed(3)} s${inParentheses(
      onOtherNodes(
        rows.filter((r) => r.flag === '--version'),
        (m) => `\`--version\` ${m.wall.median.toFixed(3)} s`,
      ),
    )}${ctx.tools.length > 1 ? `; \`--version\`: ${peerRatios(rows.filter((r) => r.flag === '--version'), own['--version'])}` : ''}: ${verdict(met)}`,
  };
}
