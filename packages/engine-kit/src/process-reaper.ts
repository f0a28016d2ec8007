import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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

/** A new mark for one execution, kept until {@link reapMarked} reaps it. */
export function newReapMark(): string {
  const mark = randomBytes(12).toString('hex');
  live.add(mark);
  return mark;
}

/** A scan stops once it finds nothing; a process forking as fast as it is killed is given this many rounds. */
const MAX_ROUNDS = 20;

/** Kills every process (but this one) whose environment carries `mark`; resolves to how many it killed. */
export async function reapMarked(mark: string): Promise<number> {
  let killed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const found = await markedProcesses(mark);
    if (found.length === 0) break;
    killed += killAll(found);
  }
  live.delete(mark);
  return killed;
}

/** Kills, at once, every process carrying a mark not yet reaped: for a process about to exit (a second Ctrl-C). */
export function reapLiveMarksSync(): void {
  for (let round = 0; round < MAX_ROUNDS && live.size; round++) {
    const found = [...live].flatMap((mark) => markedProcessesSync(mark));
    if (found.length === 0) break;
    killAll(found);
  }
  live.clear();
}

function killAll(pids: readonly number[]): number {
  let killed = 0;
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
      killed++;
    } catch {
      // gone already
    }
  }
  return killed;
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

async function markedProcesses(mark: string): Promise<number[]> {
  if (process.platform === 'linux') {
    const pids = otherPids(await readdir('/proc').catch(() => []));
    const marked = await Promise.all(
      pids.map((pid) =>
        readFile(`/proc/${pid}/environ`).then(
          (environ) => carries(environ, mark),
          () => false,
        ),
      ),
    );
    return pids.filter((_, i) => marked[i]);
  }
  if (process.platform === 'darwin') {
    const { stdout } = await promisify(execFile)('ps', PS_ARGS, { maxBuffer: 64 << 20 }).catch(() => ({ stdout: '' }));
    return psMarked(stdout, mark);
  }
  return [];
}

function markedProcessesSync(mark: string): number[] {
  if (process.platform === 'linux') {
    let entries: string[] = [];
    try {
      entries = readdirSync('/proc');
    } catch {
      return [];
    }
    return otherPids(entries).filter((pid) => {
      try {
        return carries(readFileSync(`/proc/${pid}/environ`), mark);
      } catch {
        return false;
      }
    });
  }
  if (process.platform === 'darwin') {
    try {
      return psMarked(execFileSync('ps', PS_ARGS, { encoding: 'utf8', maxBuffer: 64 << 20 }), mark);
    } catch {
      return [];
    }
  }
  return [];
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
