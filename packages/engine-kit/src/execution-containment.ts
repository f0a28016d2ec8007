import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { readFile, rmdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { type CgroupTree, findCgroupTree } from './cgroup-tree.js';
import { OWNER_LABELS, ownerGone, processStart } from './process-owner.js';
import { newReapMark, REAP_MARK_VARIABLE, randomMark, reapMarked } from './process-reaper.js';

/**
 * Process containment: nothing an execution starts outlives it, whatever it does.
 *
 * Every program of an execution (its engine, setup and teardown commands, grading programs, the tools and daemons they
 * start) is started by the process launcher (process-launcher.ts) with the execution's mark in its environment. Where the machine has a
 * writable cgroup v2 (Linux, as root or in a delegated sub-tree), the execution gets a cgroup of its own,
 * `<this process's cgroup>/skill-eval/<pid>.<start>.<n>`, and the launcher moves itself into it for the one synchronous
 * fork of each program and back out at once: the program is born inside, before it runs a single instruction of its
 * own, and so is everything it forks later — `setsid`, double forks, `env -i`, a rewritten environment and
 * non-dumpable processes change nothing about which cgroup a process is in. At the end, `cgroup.kill` kills all of it
 * at once (fork loops included: the kernel stops new forks in a dying cgroup), `cgroup.events` tells when it is empty,
 * and the cgroup is removed. A cgroup left by a run that was killed outright (its owner pid, in the name, is gone) is
 * killed and removed by the next run.
 *
 * Where there is no such cgroup (macOS, a normal user without a delegated cgroup, a cgroup v1-only machine), the
 * execution falls back to the mark scan of process-reaper.ts: every process whose environment still carries the mark is
 * killed. A process that clears or rewrites its environment escapes it; {@link containmentNotice} says so once per run.
 * `SKILL_EVAL_CONTAINMENT=mark` forces the fallback (tests of each path; `cgroup` refuses to fall back silently).
 *
 * Why not a PID namespace per program (unshare): its init's end kills the namespace, so a setup step's background
 * service would die with the step, and the harness would still need a cgroup or a scan to end an execution's several
 * programs together. Why the launcher moves rather than the child: a `sh -c 'echo 0 > cgroup.procs; exec …'` wrapper
 * costs an exec per program and loses the spawn error of a missing program; the two small writes cost tens of µs
 * (a move after a pause waits for the kernel instead: the launcher keeps its moves quick, see launcher-source.ts).
 */
export type ContainmentMechanism = 'cgroup' | 'mark';

/** How an execution's processes ended. */
export interface ContainmentEnd {
  /** Processes found alive at the end and killed. */
  killed: number;
  /** Processes still alive after the kill and the wait (a process stuck in the kernel): the caller warns. */
  survivors: number;
}

/** The boundary of one execution's processes. */
export interface Containment {
  readonly mechanism: ContainmentMechanism;
  /** Variables every program of the execution carries: the mark, by which the launcher finds the cgroup. */
  readonly env: Readonly<Record<string, string>>;
  /** Kills everything of the execution and resolves once nothing is left (or the wait gave up); once. */
  end(): Promise<ContainmentEnd>;
}

/** What the launcher needs to start a program inside its execution's cgroup. */
export interface LaunchCgroup {
  /** The `cgroup.procs` the launcher writes itself into before the fork... */
  enter: string;
  /** ...and the one it writes itself back into after it. */
  leave: string;
  /** The launch has its pid or its error: the launcher is out of the cgroup again. */
  settled(): void;
}

/** The environment variable that chooses the mechanism (tests). */
export const CONTAINMENT_VARIABLE = 'SKILL_EVAL_CONTAINMENT';

/** An execution's cgroup while it lives: its directory and the launches not yet out of it. */
interface Leaf {
  dir: string;
  launching: number;
  /** Resolves `end`'s wait for the launches in flight. */
  onSettled?: () => void;
}

/** The cgroups of live executions, by mark: a program carrying an ended execution's mark is not started. */
const leaves = new Map<string, Leaf>();
/**
 * Emptied cgroups of ended executions, given to the next ones: making and removing a cgroup costs the kernel
 * milliseconds (removal waits for the cgroup's teardown), far more than the rest of the boundary. A cgroup is only
 * kept once it is empty and no launch can enter it (its execution has ended), so nothing carries over; no reader of
 * the cgroup's statistics exists. Those left when this process exits are removed then, or by the next run.
 */
const spare: string[] = [];
const MAX_SPARE = 32;
let sparesRemovedAtExit = false;
let choice: { tree?: CgroupTree; why?: string } | undefined;
let nextLeaf = 0;

/** The probe another process is making for this one (see {@link startContainmentProbe}), until it has answered. */
let probing: Promise<void> | undefined;

/** The mechanism this process uses, chosen once: a cgroup where one works, else the mark scan. */
export function containmentMechanism(): ContainmentMechanism {
  choice ??= choose();
  return choice.tree ? 'cgroup' : 'mark';
}

/** How another process moves itself into the probe's cgroup (`enter`) and back (`leave`); see below. */
export type ProbeMoves = (paths: { enter: string; leave: string }) => Promise<ProbeAnswer>;
/** The moves were made (`moved`), one failed (the error's code), or the mover went before answering (`gone`). */
export type ProbeAnswer = 'moved' | 'gone' | (string & {});

/**
 * Starts the probe in another process, `moves` (the process launcher, idle while the run loads), instead of this one:
 * the first move into a cgroup waits for the kernel (an RCU grace period, 5–20 ms on a small machine), which this
 * process then spends loading the run. The launcher keeps later moves from waiting again for a second after each
 * (keepMovesQuick in launcher-source.ts), which covers its first program's. Nothing is done once the mechanism is
 * chosen or a probe is under way; the first execution waits for the answer ({@link containmentProbed}). Where the
 * other process could not make the moves, or went first, this process probes as before, when first asked: its own
 * answer stands, and says why.
 */
export function startContainmentProbe(moves: ProbeMoves): void {
  if (choice || probing) return;
  let settled: ReturnType<typeof precheck>;
  try {
    settled = precheck();
  } catch {
    // SKILL_EVAL_CONTAINMENT=cgroup where there is none: said when first asked, as without this probe.
    return;
  }
  if ('choice' in settled) {
    choice = settled.choice;
    return;
  }
  const { tree, leaf } = settled;
  probing = moves({ enter: join(leaf, 'cgroup.procs'), leave: join(tree.home, 'cgroup.procs') }).then((answer) => {
    removeProbeLeaf(leaf);
    if (answer === 'moved') choice ??= { tree };
  });
}

/** Resolves once a probe another process makes has answered (at once when there is none). */
export async function containmentProbed(): Promise<void> {
  await probing;
}

/** Why containment is the weaker fallback on this machine, to print once per run; undefined where it is not. */
export function containmentNotice(): string | undefined {
  if (containmentMechanism() === 'cgroup') return undefined;
  return `Process containment falls back to scanning for the execution's mark (${choice?.why}): a process an agent starts that clears or rewrites its environment can outlive its execution. Run on Linux with a writable cgroup v2 (as root, or in a delegated cgroup) for full containment.`;
}

/**
 * Chooses the mechanism: where a cgroup tree is at hand, this process moves itself into a new cgroup and back out
 * (the probe), as the launcher does around every program's fork. Made once, the first time anything asks, unless the
 * launcher made it first ({@link startContainmentProbe}).
 */
function choose(): { tree?: CgroupTree; why?: string } {
  const settled = precheck();
  if ('choice' in settled) return settled.choice;
  const { tree, leaf } = settled;
  let why: string | undefined;
  try {
    writeFileSync(join(leaf, 'cgroup.procs'), '0');
    writeFileSync(join(tree.home, 'cgroup.procs'), '0');
  } catch (error) {
    why = notWritable(tree, (error as NodeJS.ErrnoException).code ?? 'error');
  } finally {
    removeProbeLeaf(leaf);
  }
  return decided(tree, why);
}

/**
 * What decides without the probe's moves (the variable, the platform, a cgroup v2 and its `cgroup.kill`), or the
 * cgroup tree and a new leaf in it to probe the moves with.
 */
function precheck(): { choice: { tree?: CgroupTree; why?: string } } | { tree: CgroupTree; leaf: string } {
  const wanted = process.env[CONTAINMENT_VARIABLE];
  if (wanted === 'mark') return { choice: { why: `${CONTAINMENT_VARIABLE}=mark` } };
  if (process.platform !== 'linux') return { choice: { why: `${process.platform} has no cgroups` } };
  const tree = findCgroupTree();
  if (!tree) return { choice: decided(undefined, 'no cgroup v2 is mounted') };
  const leaf = join(tree.parent, `probe.${process.pid}.${probes++}`);
  try {
    mkdirSync(tree.parent, { recursive: true });
    mkdirSync(leaf, { recursive: true });
  } catch (error) {
    removeProbeLeaf(leaf);
    return { choice: decided(tree, notWritable(tree, (error as NodeJS.ErrnoException).code ?? 'error')) };
  }
  if (!existsSync(join(leaf, 'cgroup.kill'))) {
    removeProbeLeaf(leaf);
    return { choice: decided(tree, 'the kernel has no cgroup.kill (Linux 5.14 or later has)') };
  }
  return { tree, leaf };
}
let probes = 0;

/** The choice, given why cgroups do not work here (undefined: they do); refused when they must. */
function decided(tree: CgroupTree | undefined, why: string | undefined): { tree?: CgroupTree; why?: string } {
  if (why && process.env[CONTAINMENT_VARIABLE] === 'cgroup')
    throw new Error(`${CONTAINMENT_VARIABLE}=cgroup, but ${why}`);
  return why ? { why } : { tree: tree! };
}

const notWritable = (tree: CgroupTree, code: string) => `the cgroup ${tree.home} is not writable (${code})`;

/** Removes a probe's cgroup; one a mover cannot leave (it ends then) is removed when this process exits. */
function removeProbeLeaf(leaf: string): void {
  try {
    rmdirSync(leaf);
  } catch {
    process.once('exit', () => removeLeafDir(leaf));
  }
}

/** Opens the boundary of one execution's processes; `end` it when the execution ends, whatever happened. */
export async function openContainment(): Promise<Containment> {
  await probing;
  containmentMechanism();
  const tree = choice?.tree;
  if (!tree) {
    const mark = newReapMark();
    return { mechanism: 'mark', env: { [REAP_MARK_VARIABLE]: mark }, end: async () => endMarked(mark) };
  }
  const mark = randomMark();
  const dir = spare.pop() ?? newLeafDir(tree);
  const leaf: Leaf = { dir, launching: 0 };
  leaves.set(mark, leaf);
  let ended: Promise<ContainmentEnd> | undefined;
  return {
    mechanism: 'cgroup',
    env: { [REAP_MARK_VARIABLE]: mark },
    end: () => {
      ended ??= endLeaf(mark, leaf);
      return ended;
    },
  };
}

async function endMarked(mark: string): Promise<ContainmentEnd> {
  return { killed: await reapMarked(mark), survivors: 0 };
}

/**
 * The cgroup a program carrying `env` is started in: none for a program of no execution (no mark: a version probe),
 * `'ended'` for one whose execution has ended, which must not start. Always undefined on the fallback.
 */
export function launchCgroup(env: Readonly<Record<string, string>>): LaunchCgroup | 'ended' | undefined {
  const mark = env[REAP_MARK_VARIABLE];
  const tree = choice?.tree;
  if (mark === undefined || !tree) return undefined;
  const leaf = leaves.get(mark);
  if (!leaf) return 'ended';
  leaf.launching++;
  let settled = false;
  return {
    enter: join(leaf.dir, 'cgroup.procs'),
    leave: join(tree.home, 'cgroup.procs'),
    settled: () => {
      if (settled) return;
      settled = true;
      if (--leaf.launching === 0) leaf.onSettled?.();
    },
  };
}

/** How long `end` waits for killed processes to be gone before it reports them. */
const EMPTY_WAIT_MS = 5000;

/**
 * Stops new programs, waits until the launcher is out of the cgroup (it is inside only while it forks one of the
 * execution's programs), kills everything in it, waits until it is empty and removes it.
 */
async function endLeaf(mark: string, leaf: Leaf): Promise<ContainmentEnd> {
  leaves.delete(mark);
  if (leaf.launching > 0) await new Promise<void>((resolve) => (leaf.onSettled = resolve));
  const killed = countProcs(readOrEmpty(join(leaf.dir, 'cgroup.procs')));
  if (killed > 0) await writeFile(join(leaf.dir, 'cgroup.kill'), '1').catch(() => {});
  const survivors = killed > 0 ? await waitEmpty(leaf.dir) : 0;
  // A cgroup that will not go (a survivor) is removed by a later run, once this process has gone.
  if (survivors === 0) keepSpare(leaf.dir);
  return { killed, survivors };
}

function newLeafDir(tree: CgroupTree): string {
  const dir = join(tree.parent, `${process.pid}.${ownStart()}.${nextLeaf++}`);
  // Synchronous, as the other calls on cgroup files: each takes microseconds in the kernel, far less than a round
  // trip through the thread pool, which a busy run keeps queued with its file copies.
  mkdirSync(dir);
  return dir;
}

/** Keeps an empty cgroup for the next execution, or removes it when enough are kept. */
function keepSpare(dir: string): void {
  if (!sparesRemovedAtExit) {
    sparesRemovedAtExit = true;
    process.once('exit', removeSpares);
  }
  if (spare.length < MAX_SPARE) spare.push(dir);
  else removeLeafDir(dir);
}

function removeSpares(): void {
  for (const dir of spare.splice(0)) removeLeafDir(dir);
}

function removeLeafDir(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {}
}

const countProcs = (procs: string) => procs.split('\n').filter(Boolean).length;

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Waits for `cgroup.events` to say `populated 0`, killing again now and then; how many processes are left. */
async function waitEmpty(dir: string): Promise<number> {
  const started = Date.now();
  for (let round = 0; ; round++) {
    const events = await readFile(join(dir, 'cgroup.events'), 'utf8').catch(() => 'populated 0');
    if (/^populated 0$/m.test(events)) return 0;
    if (Date.now() - started > EMPTY_WAIT_MS)
      return countProcs(await readFile(join(dir, 'cgroup.procs'), 'utf8').catch(() => ''));
    if (round % 16 === 15) await writeFile(join(dir, 'cgroup.kill'), '1').catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, Math.min(1 << round, 50)));
  }
}

/** Kills, at once, everything of every execution not ended yet: for a process about to exit (a second Ctrl-C). */
export function killLiveContainmentsSync(): void {
  for (const leaf of leaves.values()) {
    try {
      writeFileSync(join(leaf.dir, 'cgroup.kill'), '1');
    } catch {}
  }
  // Their cgroups go at the next run, which finds their owner gone.
  leaves.clear();
}

/**
 * Kills and removes the executions' cgroups left by runs of this machine that were killed outright (their owner, named
 * by pid and start time, is gone): what they had started runs no longer.
 */
export async function removeStaleContainments(): Promise<number> {
  await probing;
  if (containmentMechanism() !== 'cgroup') return 0;
  const parent = choice!.tree!.parent;
  let removed = 0;
  for (const name of readdirSafe(parent)) {
    const owner = /^(\d+)\.(\d*)\.\d+$/.exec(name);
    if (!owner || !ownerGone(staleLabels(owner[1]!, owner[2]!))) continue;
    const dir = join(parent, name);
    await writeFile(join(dir, 'cgroup.kill'), '1').catch(() => {});
    if (
      (await waitEmpty(dir)) === 0 &&
      (await rmdir(dir).then(
        () => true,
        () => false,
      ))
    )
      removed++;
  }
  return removed;
}

const staleLabels = (pid: string, started: string) => ({
  [OWNER_LABELS.pid]: pid,
  [OWNER_LABELS.started]: started,
  [OWNER_LABELS.host]: hostname(),
});

let start: string | undefined;
const ownStart = () => {
  start ??= processStart('self') ?? '';
  return start;
};

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** For tests: whether `pid` is in one of this process's live execution cgroups (read from /proc/<pid>/cgroup). */
export function inLiveContainment(pid: number): boolean {
  try {
    const path = /^0::(\/.*)$/m.exec(readFileSync(`/proc/${pid}/cgroup`, 'utf8'))?.[1] ?? '';
    return [...leaves.values()].some((leaf) => leaf.dir.endsWith(path));
  } catch {
    return false;
  }
}
