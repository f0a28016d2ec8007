import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * The variable every process an execution starts carries (agent, its tools, setup and teardown, grading scripts),
 * with a value of its own per execution. A process that leaves its process group (`setsid`, a daemon that double
 * forks) escapes the group kill, but keeps its environment: at the end of the execution every process still
 * carrying the mark is killed — Jenkins' ProcessTreeKiller does the same with its BUILD_ID cookie. Only a process
 * that also clears its environment (`env -i`) escapes it.
 */
export const REAP_MARK_VARIABLE = 'SKILL_EVAL_EXECUTION_MARK';

/** Marks handed out and not yet reaped: what a quit at once must reap. */
const live = new Set<string>();

/**
 * A value no one can guess for a mark: 122 random bits as hex, from the entropy Node keeps ready for UUIDs (a fraction
 * of what a fresh `randomBytes` call costs, once per execution).
 */
export function randomMark(): string {
  return randomUUID().replaceAll('-', '');
}

/** A new mark for one execution, kept until {@link reapMarked} reaps it. */
export function newReapMark(): string {
  const mark = randomMark();
  live.add(mark);
  return mark;
}

/**
 * A scan stops once it finds nothing, and nothing it could not tell; a process forking as fast as it is killed is
 * given this many rounds.
 */
const MAX_ROUNDS = 20;
/**
 * How long, and how many times, to wait for a process caught between two programs (exec) to show its environment
 * again: a process started with an empty environment never does, and must not slow every execution's end down.
 */
const UNSURE_WAIT_MS = 10;
const UNSURE_WAITS = 3;

/**
 * Processes whose environment stayed empty through a whole reap's waits, by pid and start time: started with none (a
 * daemon started with `env -i`), not caught in an exec, so later reaps do not wait on them again. Without this, every
 * execution's end on a machine with such a process waited the full 30 ms (bench workload 2: 7 ms per case at -j 4).
 */
const emptyForGood = new Set<string>();

/**
 * What a scan found: processes carrying the mark, and processes whose environment could not be read just then (by
 * pid and start time).
 */
interface Scan {
  marked: number[];
  unsure: string[];
}

/** Kills every process (but this one) whose environment carries `mark`; resolves to how many it killed. */
export async function reapMarked(mark: string): Promise<number> {
  const killed = new Set<number>();
  let waits = UNSURE_WAITS;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { marked, unsure } = await scan(mark);
    // One killed a moment ago may still show its environment while it dies: it counts once.
    for (const pid of killAll(marked)) killed.add(pid);
    if (unsure.length && waits-- > 0) await new Promise((resolve) => setTimeout(resolve, UNSURE_WAIT_MS));
    else {
      for (const identity of unsure) emptyForGood.add(identity);
      if (marked.length === 0) break;
    }
  }
  live.delete(mark);
  return killed.size;
}

/** Kills, at once, every process carrying a mark not yet reaped: for a process about to exit (a second Ctrl-C). */
export function reapLiveMarksSync(): void {
  for (let round = 0; round < MAX_ROUNDS && live.size; round++) {
    // No waiting here: the process is about to exit, and a process caught in exec is looked at again at once.
    const scans = [...live].map((mark) => scanSync(mark));
    const marked = scans.flatMap((found) => found.marked);
    if (marked.length === 0 && (round >= UNSURE_WAITS || scans.every((found) => found.unsure.length === 0))) break;
    killAll(marked);
  }
  live.clear();
}

/** Kills each of `pids`; those it could signal. */
function killAll(pids: readonly number[]): number[] {
  return pids.filter((pid) => {
    try {
      process.kill(pid, 'SIGKILL');
      return true;
    } catch {
      return false; // gone already
    }
  });
}

const needle = (mark: string) => `${REAP_MARK_VARIABLE}=${mark}`;

/** Whether an environ block (`NAME=value\0…`) holds the mark. */
const carries = (environ: Buffer, mark: string): boolean => {
  const entry = Buffer.from(`${needle(mark)}\0`);
  const at = environ.indexOf(entry);
  return at === 0 || (at > 0 && environ[at - 1] === 0);
};

const otherPids = (entries: readonly string[]): number[] =>
  entries.filter((e) => /^\d+$/.test(e) && Number(e) !== process.pid).map(Number);

/**
 * What one process's /proc entry says of the mark: `environ` as read (undefined: the process is gone). An empty one
 * belongs to a zombie, a kernel thread — or a process in the middle of exec, whose new program has not set its
 * environment up yet: that one is unsure, and looked at again.
 */
function verdict(pid: number, environ: Buffer | undefined, stat: () => string | undefined, mark: string): string {
  if (environ === undefined) return 'gone';
  if (environ.length > 0) return carries(environ, mark) ? 'marked' : 'other';
  const fields = stat()
    ?.replace(/^.*\) /, '')
    .split(' ');
  // State Z (zombie), a kernel thread (a child of kthreadd, pid 2), or a parentless one (the namespace's init, which
  // in a container may have no environment; nothing an execution starts is parentless).
  if (!fields || fields[0] === 'Z' || fields[0] === 'X' || fields[1] === '2' || fields[1] === '0') return 'other';
  // Field 22 of stat, the start time, tells this process from a later one given the same pid.
  const identity = `${pid}:${fields[19]}`;
  return emptyForGood.has(identity) ? 'other' : `unsure ${identity}`;
}

/**
 * How a reap would take the process `pid` just now: `marked` (it carries `mark`), `other`, `gone`, or `unsure` (an
 * empty environment it would wait on). Linux; asked of one process, where a reap scans them all.
 */
export function reapVerdict(pid: number, mark: string): 'marked' | 'other' | 'gone' | 'unsure' {
  const readOrNone = (path: string) => {
    try {
      return readFileSync(path);
    } catch {
      return undefined;
    }
  };
  const said = verdict(
    pid,
    readOrNone(`/proc/${pid}/environ`),
    () => readOrNone(`/proc/${pid}/stat`)?.toString(),
    mark,
  );
  return said.startsWith('unsure ') ? 'unsure' : (said as 'marked' | 'other' | 'gone');
}

const tally = (pids: readonly number[], verdicts: readonly string[]): Scan => ({
  marked: pids.filter((_, i) => verdicts[i] === 'marked'),
  unsure: verdicts.flatMap((verdict) => (verdict.startsWith('unsure ') ? [verdict.slice('unsure '.length)] : [])),
});

async function scan(mark: string): Promise<Scan> {
  if (process.platform === 'linux') {
    const pids = otherPids(await readdir('/proc').catch(() => []));
    const readOrNone = (path: string) => readFile(path).catch(() => undefined);
    const verdicts = await Promise.all(
      pids.map(async (pid) => {
        const environ = await readOrNone(`/proc/${pid}/environ`);
        const stat = environ?.length === 0 ? (await readOrNone(`/proc/${pid}/stat`))?.toString() : undefined;
        return verdict(pid, environ, () => stat, mark);
      }),
    );
    return tally(pids, verdicts);
  }
  if (process.platform === 'darwin') {
    const { stdout } = await promisify(execFile)('ps', PS_ARGS, { maxBuffer: 64 << 20 }).catch(() => ({ stdout: '' }));
    return { marked: psMarked(stdout, mark), unsure: [] };
  }
  return { marked: [], unsure: [] };
}

function scanSync(mark: string): Scan {
  if (process.platform === 'linux') {
    let entries: string[] = [];
    try {
      entries = readdirSync('/proc');
    } catch {
      return { marked: [], unsure: [] };
    }
    const readOrNone = (path: string) => {
      try {
        return readFileSync(path);
      } catch {
        return undefined;
      }
    };
    const pids = otherPids(entries);
    const verdicts = pids.map((pid) =>
      verdict(pid, readOrNone(`/proc/${pid}/environ`), () => readOrNone(`/proc/${pid}/stat`)?.toString(), mark),
    );
    return tally(pids, verdicts);
  }
  if (process.platform === 'darwin') {
    try {
      return {
        marked: psMarked(execFileSync('ps', PS_ARGS, { encoding: 'utf8', maxBuffer: 64 << 20 }), mark),
        unsure: [],
      };
    } catch {
      return { marked: [], unsure: [] };
    }
  }
  return { marked: [], unsure: [] };
}

/** macOS has no /proc: `ps -E` prints each process's environment after its command (the user's own processes). */
const PS_ARGS = ['-E', '-A', '-ww', '-o', 'pid=,command='];

function psMarked(output: string, mark: string): number[] {
  const pids: number[] = [];
  for (const line of output.split('\n')) {
    const match = /^\s*(\d+)\s/.exec(line);
    if (!match || Number(match[1]) === process.pid) continue;
    if (line.includes(` ${needle(mark)}`)) pids.push(Number(match[1]));
  }
  return pids;
}
