// Workload 1: cold start. `--version` and `--help` of each tool, a fresh process each time; and the start of the
// commands that read a small suite (the 9 trivial cases of workload 2): skill-eval's `list` and `validate`, and the
// first engine launch of `run` (from launch to the first engine's start, lib/engine-timeline.mjs), each as a ratio to
// the same tool's `--version` in the same turns.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { firstEngineJob } from '../lib/engine-timeline.mjs';
import { inParentheses, megabytes, onOtherNodes, peerRatios, ratioCell, seconds, table, verdict } from '../lib/format.mjs';
import { measureEach, stats } from '../lib/measure.mjs';
import { speedups } from '../lib/speedup.mjs';
import { writeTrivialSuite } from '../lib/suites.mjs';
import { checkTrivialRun, trivialCommand } from '../lib/trivial-run.mjs';

const VERSION_TARGET_S = 0.05;
const START_TARGET = 1.5;
const CASES = 9;
const CONCURRENCY = 4;
const FLAGS = ['--version', '--help'];
// The lines judged as a ratio to `--version` (issue 38, item 1), as the table and the summary name them.
const RUN_LINE = 'first engine of `run`';
const START_LINES = ['`list`', '`validate`', RUN_LINE];

/**
 * The suite's commands of one tool, as { line, argv, options } (`argv` may be a function of the run's number):
 * skill-eval's `list` and `validate`, AgentV's `validate` (it reads the same file; neither peer lists a suite's cases,
 * promptfoo's `validate config` reads its own config), and every tool's run of the suite.
 */
function suiteCommands(ctx, tool, suite, dir) {
  const options = { ...ctx.measureOptions(tool), cwd: dir };
  const file = 'trivial.eval.yaml';
  const expect = (text) => (result) => {
    if (!result.stdout.includes(text)) throw new Error(`${tool.name} did not print "${text}": ${result.stdout.slice(-300)}`);
  };
  const commands = [];
  if (tool.kind === 'skill-eval') {
    commands.push(
      { line: '`list`', argv: [...tool.argv, 'list', file], options: { ...options, check: expect(`${CASES} case(s)`) } },
      { line: '`validate`', argv: [...tool.argv, 'validate', file], options: { ...options, check: expect('0 error(s)') } },
    );
  } else if (tool.kind === 'agentv') {
    commands.push({ line: '`validate`', argv: [...tool.argv, 'validate', file], options: { ...options, check: expect('Valid: 1') } });
  }
  const out = (i) => join(ctx.work, 'out', `cold-start-${tool.id}-${i}`);
  const { job, firstStarts } = firstEngineJob({
    argv: (i) => trivialCommand(tool, suite, { concurrency: CONCURRENCY, out: out(i) }),
    options: { ...options, check: (_result, i) => checkTrivialRun(tool, out(i), CASES) },
  });
  commands.push({ line: RUN_LINE, ...job, firstStarts });
  return commands;
}

export async function coldStart(ctx) {
  const dir = join(ctx.work, 'cold-start');
  const suite = writeTrivialSuite(dir, CASES);
  // A git repository, as a project is: AgentV's `validate` refuses a file outside one ("git repository root not found").
  execFileSync('git', ['init', '-q', dir]);
  const tools = [...ctx.tools, ...ctx.variants];
  const commands = tools.flatMap((tool) => [
    ...FLAGS.map((flag) => ({ tool, line: `\`${flag}\``, argv: [...tool.argv, flag], options: ctx.measureOptions(tool) })),
    ...suiteCommands(ctx, tool, suite, dir).map((command) => ({ tool, ...command })),
  ]);
  // Every tool's commands take turns (see measureEach), so the ratios compare runs of the same minutes.
  // A bare `node -e 0` takes its turn with them: the floor of any Node program's start, the guard's baseline.
  const [bare, ...measured] = await measureEach(
    [{ argv: [process.execPath, '-e', '0'], options: ctx.measureOptions() }, ...commands.map(({ argv, options }) => ({ argv, options }))],
    { runs: ctx.runs, warmup: ctx.warmup },
  );
  // A run's line is its first engine's start, not the run's wall time; its peak RSS is the whole run's, not shown.
  const rows = commands.map((command, i) =>
    command.firstStarts
      ? { ...command, m: { wall: stats(command.firstStarts.map((ms) => ms / 1000)) }, run: measured[i] }
      : { ...command, m: measured[i] },
  );
  const find = (tool, line) => rows.find((r) => r.tool === tool && r.line === line);
  const versionOf = (tool) => find(tool, '`--version`').m.wall;
  const own = tools.find((t) => t.id === 'skill-eval');
  const ownVersion = versionOf(own).median;
  const ownRatio = (line) => find(own, line).m.wall.median / ownVersion;
  for (const { tool, line, m } of rows) ctx.log(`  ${tool.name} ${line}: ${seconds(m.wall)}`);
  const met = ownVersion <= VERSION_TARGET_S && START_LINES.every((line) => ownRatio(line) <= START_TARGET);
  const lines = ['`--version`', '`--help`', ...START_LINES];
  const linesOf = (line) => rows.filter((r) => r.line === line);
  const fastest = (line) => find(own, line).m.wall.min;
  const startSummary = (tool) =>
    START_LINES.map((line) => `${line} ${(find(tool, line).m.wall.median / versionOf(tool).median).toFixed(2)}×`).join(', ');
  return {
    title: '1. Cold start: `--version`, `--help`; `list`, `validate` and the first engine of `run` on a small suite',
    target: `\`--version\` ≤ ${VERSION_TARGET_S} s; \`list\`, \`validate\` and the first engine launch of \`run\` on a small suite ≤ ${START_TARGET}× \`--version\``,
    met,
    speedups: lines.flatMap((line) => speedups(line, linesOf(line), find(own, line).m.wall.median)),
    // The guard compares the fastest run of each: a start can only be slowed by what else the machine does, and a
    // median of a few starts on a busy machine moved by half (0.125 s against a fastest of 0.055 s in one CI run).
    // `list` ÷ `--version` grows on a busy machine (`list` runs threads for a quarter of a second and waits for cores),
    // where the ratios to `node -e 0` shrink: its limit in bench/limits.json says by how much.
    guards: [
      ...FLAGS.map((flag) => ({
        id: `cold-start${flag.slice(1)}`,
        what: `skill-eval \`${flag}\` ÷ a bare \`node -e 0\`, fastest runs`,
        ratio: fastest(`\`${flag}\``) / bare.wall.min,
        detail: `${fastest(`\`${flag}\``).toFixed(3)} s against ${bare.wall.min.toFixed(3)} s`,
      })),
      {
        id: 'cold-start-list',
        what: `skill-eval \`list\` of ${CASES} cases ÷ its \`--version\`, fastest runs`,
        ratio: fastest('`list`') / fastest('`--version`'),
        detail: `${fastest('`list`').toFixed(3)} s against ${fastest('`--version`').toFixed(3)} s`,
      },
    ],
    body: `A bare \`node -e 0\` took ${seconds(bare.wall)} in the same turns. The suite is workload 2's trivial \`trivial.eval.yaml\` with ${CASES} cases (3 deterministic checks each), in a git repository of its own; \`run\` is workload 2's command line (\`-j ${CONCURRENCY}\`, no result cache; the suite's load reused from the user's cache folder, warm after the warm-up), and its line is the time from the launch to the first engine's start, from the start stamp the echo engine writes (lib/engine-timeline.mjs) in every run: that stamp costs a \`date\` process, so the line holds one process start more than skill-eval's own. \`--help\` is information; the target judges \`--version\` and the three lines of the suite, each ÷ the same tool's \`--version\` median of the same turns. Of the peers, only AgentV has a command among \`list\` and \`validate\` that reads the same file (\`agentv validate\`); neither lists a suite's cases (promptfoo's \`list\` shows its stored evals, prompts and datasets), and promptfoo's \`validate config\` reads its own config. Every tool's run launches the same engine.\n\n${table(
      ['tool', 'command', 'wall, median (min–max)', 'peak RSS', '÷ its `--version`', 'peer ÷ skill-eval'],
      rows.map(({ tool, line, m, run }) => [
        tool.name,
        line === RUN_LINE ? `${line} (the whole run: ${seconds(run.wall)})` : line,
        seconds(m.wall),
        run ? '—' : megabytes(m.rss),
        line === '`--version`' ? '—' : `${(m.wall.median / versionOf(tool).median).toFixed(2)}×`,
        ratioCell(tool, m.wall.median, find(own, line).m.wall.median),
      ]),
    )}`,
    summary: `skill-eval \`--version\` ${ownVersion.toFixed(3)} s, \`--help\` ${find(own, '`--help`').m.wall.median.toFixed(3)} s; ÷ \`--version\`: ${startSummary(own)}${inParentheses(
      onOtherNodes(linesOf('`--version`'), (m) => `\`--version\` ${m.wall.median.toFixed(3)} s`),
    )}${ctx.tools.length > 1 ? `; \`--version\`: ${peerRatios(linesOf('`--version`'), ownVersion)}; ${RUN_LINE}: ${peerRatios(linesOf(RUN_LINE), find(own, RUN_LINE).m.wall.median)}` : ''}: ${verdict(met)}`,
  };
}
