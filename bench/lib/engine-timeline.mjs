// Where the wall time of one run goes, seen from its engine processes: the echo engine (configs/echo-prompt.sh)
// appends "start <ns>" and "end <ns>" to $SKILL_EVAL_BENCH_STAMPS, so a run splits into the time before the first
// engine starts, the engines' own span, and the time after the last one ends. One extra run per command, untimed by
// the workload's figures: the stamps cost a `date` process each. `firstEngineJob` instead stamps every run of a job
// that takes turns with others (measureEach) and keeps, run by run, the time from launch to the first engine's start.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { measureOnce, stats } from './measure.mjs';

let counter = 0;

/** Milliseconds since the epoch of each stamp of `kind`, in order. */
function stampsOf(lines, kind) {
  return lines
    .filter((line) => line.startsWith(`${kind} `))
    .map((line) => Number(BigInt(line.slice(kind.length + 1)) / 1000n) / 1000)
    .sort((a, b) => a - b);
}

/**
 * Runs `argv` once with stamps on; `concurrency` engines run at once. Resolves, in milliseconds: `firstStart` (from
 * launch to the first engine's start), `engines` (first start to last end), `tail` (last end to exit), and `gap`, the
 * median time from an engine's end to the start of the one that takes its place.
 */
export async function engineTimeline(argv, options, concurrency) {
  const file = join(options.tmp, `stamps-${process.pid}-${counter++}.txt`);
  rmSync(file, { force: true });
  const launched = Date.now();
  const result = await measureOnce(argv, { ...options, env: { ...options.env, SKILL_EVAL_BENCH_STAMPS: file } });
  const exited = Date.now();
  await options.check?.(result, 'timeline');
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  rmSync(file, { force: true });
  const starts = stampsOf(lines, 'start');
  const ends = stampsOf(lines, 'end');
  // The i-th engine to end frees the slot the (i + concurrency)-th engine to start takes.
  const gaps = ends.slice(0, starts.length - concurrency).map((end, i) => starts[i + concurrency] - end);
  return {
    firstStart: starts[0] - launched,
    engines: ends.at(-1) - starts[0],
    tail: exited - ends.at(-1),
    gap: gaps.length > 0 ? stats(gaps).median : 0,
  };
}

/**
 * `job` ({ argv, options } of measureEach) with the engine's stamps on in every run. Returns { job, firstStarts }:
 * after the runs, `firstStarts` holds, in milliseconds, the time from each measured run's launch to its first engine's
 * start (warm-up runs left out). That start is stamped by a `date` process the engine runs first, so it comes a
 * process start later than the engine's own.
 */
export function firstEngineJob({ argv, options }) {
  const file = join(options.tmp, `stamps-${process.pid}-${counter++}.txt`);
  rmSync(file, { force: true });
  const firstStarts = [];
  const check = async (result, i) => {
    await options.check?.(result, i);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    rmSync(file, { force: true });
    if (i >= 0) firstStarts.push(stampsOf(lines, 'start')[0] - result.launchedAt);
  };
  return { job: { argv, options: { ...options, env: { ...options.env, SKILL_EVAL_BENCH_STAMPS: file }, check } }, firstStarts };
}
