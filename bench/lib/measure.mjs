// Runs a command and measures its wall time, peak resident memory and the machine's CPU time meanwhile. Memory comes
// from GNU time's "Maximum resident set size" (the largest process of the tree that was waited for) when /usr/bin/time
// exists, else from polling /proc/<pid>/status (VmHWM of the command's own process); CPU time from /proc/stat (see
// machineBusyMs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { machineBusyMs } from './machine.mjs';

const GNU_TIME = '/usr/bin/time';
export const memorySource = existsSync(GNU_TIME) ? '/usr/bin/time -v' : '/proc polling';

let counter = 0;

/**
 * Runs `argv` once. Resolves { wallMs, rssMb, busyMs, code, stdout, stderr, launchedAt } (`busyMs`: the CPU time of
 * the whole machine while it ran, undefined without /proc/stat; `launchedAt`: milliseconds since the epoch,
 * fractional, when the process was spawned); rejects when the exit code is not in `okCodes`. `tmp` is a
 * directory for GNU time's report.
 */
export function measureOnce(argv, { cwd, env, tmp, okCodes = [0], timeoutMs = 300_000, input } = {}) {
  const report = join(tmp, `time-${process.pid}-${counter++}.txt`);
  const wrapped = memorySource === '/usr/bin/time -v' ? [GNU_TIME, '-v', '-o', report, ...argv] : argv;
  return new Promise((resolve, reject) => {
    const busyBefore = machineBusyMs();
    const started = performance.now();
    const launchedAt = performance.timeOrigin + started;
    const child = spawn(wrapped[0], wrapped.slice(1), { cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (input !== undefined) child.stdin.end(input);
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    child.stdout.on('data', (d) => {
      if (stdout.length < 1_000_000) stdout += d;
    });
    child.stderr.on('data', (d) => {
      if (stderr.length < 1_000_000) stderr += d;
    });
    const poll =
      memorySource === '/proc polling'
        ? setInterval(() => {
            try {
              const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
              if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
            } catch {}
          }, 10)
        : undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const busyAfter = machineBusyMs();
      const busyMs = busyBefore === undefined || busyAfter === undefined ? undefined : busyAfter - busyBefore;
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      if (existsSync(report)) {
        const text = readFileSync(report, 'utf8');
        rmSync(report, { force: true });
        const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(text);
        if (rss) peakKb = Number(rss[1]);
        const exit = /Exit status: (\d+)/.exec(text);
        if (exit) code = Number(exit[1]);
      }
      if (!okCodes.includes(code)) {
        const tail = `${stdout.slice(-1500)}\n${stderr.slice(-1500)}`.trim();
        reject(new Error(`${argv.join(' ')} exited with ${code}:\n${tail}`));
        return;
      }
      resolve({ wallMs, rssMb: peakKb / 1024, busyMs, code, stdout, stderr, launchedAt });
    });
  });
}

/** Median, min and max of numbers. */
export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1), n: sorted.length, values };
}

/**
 * Measures `runs` repetitions of a command, after `warmup` unmeasured ones (numbered from -warmup). `argv` may be a
 * function of the repetition's number (say, for a fresh output directory each time); `check(result, i)` runs after
 * each repetition, untimed, and throws when the run did not do its work. Returns stats of wall seconds and peak RSS
 * in MB.
 */
export async function measure(argv, options = {}) {
  const [m] = await measureEach([{ argv, options }], options);
  return m;
}

/**
 * Measures several commands as {@link measure} does, taking turns: each round runs every command once, starting
 * with a different one each round. A machine whose speed drifts during a workload then slows every command alike, so
 * their ratios (a peer over skill-eval, skill-eval over the engine alone) hold. `jobs` are { argv, options };
 * `runs` and `warmup` apply to all. Returns one { wall, rss, busy } per job, in order (`busy`: the machine's CPU
 * seconds per run, undefined without /proc/stat).
 */
export async function measureEach(jobs, { runs = 5, warmup = 0 } = {}) {
  const samples = jobs.map(() => ({ walls: [], rss: [], busy: [] }));
  for (let i = -warmup; i < runs; i++) {
    for (let turn = 0; turn < jobs.length; turn++) {
      const index = (turn + i + warmup) % jobs.length;
      const { argv, options = {} } = jobs[index];
      const result = await measureOnce(typeof argv === 'function' ? argv(i) : argv, options);
      await options.check?.(result, i);
      if (i < 0) continue;
      samples[index].walls.push(result.wallMs / 1000);
      samples[index].rss.push(result.rssMb);
      if (result.busyMs !== undefined) samples[index].busy.push(result.busyMs / 1000);
    }
  }
  return samples.map(({ walls, rss, busy }) => ({
    wall: stats(walls),
    rss: stats(rss),
    busy: busy.length === walls.length && busy.length > 0 ? stats(busy) : undefined,
  }));
}
