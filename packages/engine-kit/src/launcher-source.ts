/**
 * The launcher process (see process-launcher.ts), run with `node -e`: it needs no file of its own, so it works the
 * same from the packages and from the CLI's bundle, and a bundler cannot rewrite it. It starts programs on request,
 * relays their output and ends, and exits quietly when its parent goes away, killing the process groups of the
 * programs it still relays, and of those it was asked to keep — not at an interrupt, which is its
 * parent's to handle.
 *
 * Requests: `{ t: 'spawn', id, file, args, argv0, cwd, env, stdin, output, keep, cgroup }` (argv0, stdin, output
 * and cgroup may be null; `cgroup` is `{ enter, leave }`, the `cgroup.procs` files of the execution's cgroup and of
 * this process's own, see execution-containment.ts; `output` is a file that takes stdout and stderr instead of relaying them; `keep` makes the group outlive its
 * leader until released), `{ t: 'abandon', id }` (stop waiting on the pipes), `{ t: 'release', id }` (the parent
 * killed a kept group itself) and `{ t: 'probe', id, enter, leave }` (the containment probe: a move into the cgroup
 * of `enter` and back). Replies, each message a list of them (what one turn of its event loop produced): `ready` (once,
 * when it can take requests), then per program `pid`, `error`, `out`, `err`, `exit`, `close`, and per probe `probed`
 * (`error`: null, or the code of the move that failed).
 */
export const LAUNCHER_SOURCE = `
const { spawn } = process.getBuiltinModule('node:child_process');
const { closeSync, openSync, writeFileSync } = process.getBuiltinModule('node:fs');
const children = new Map();
// Groups asked to outlive their leader (a setup step's background service), by request id, until released.
const kept = new Map();
// A message that cannot go out means the parent has gone (it ended while this process booted, or was killed):
// end quietly, as at its disconnect, rather than die of the write error with a stack trace on the shared stderr.
// A parent killed outright (SIGKILL, a crash) could not kill the programs it ran: their groups go with this process,
// rather than agents running on unwatched in workspaces nobody will clean up.
const parentGone = () => {
  for (const pid of [...[...children.values()].map((child) => child.pid), ...kept.values()]) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
  process.exit(0);
};
// Replies go out in batches: what one turn of the event loop produced (a program's pid, or its last output, exit and
// close) is one message, a list, sent when the turn ends — one write and one wake-up of the parent instead of four.
let batch = [];
const flush = () => {
  const replies = batch;
  batch = [];
  process.send(replies, (error) => error && parentGone());
};
const send = (message) => {
  if (batch.push(message) === 1) setImmediate(flush);
};
process.on('disconnect', parentGone);
// Ctrl-C reaches the whole process group of the terminal, this process included: the parent decides what an
// interrupt stops and reports it, which it cannot do for programs whose relay died first (they would look failed).
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
// The fork happens while this process is in the execution's cgroup (see execution-containment.ts): the program is
// born inside it, and this process leaves at once. One that cannot leave must not live on inside a cgroup that will be
// killed with the relays of other executions' programs: the program it started goes, and so does it (after the
// program's error is sent); its parent starts another.
let stuck = false;
const spawnIn = (cgroup, start) => {
  if (!cgroup) return start();
  writeFileSync(cgroup.enter, '0');
  let child;
  try {
    child = start();
  } finally {
    try {
      writeFileSync(cgroup.leave, '0');
    } catch (error) {
      stuck = true;
      child?.kill('SIGKILL');
      throw error;
    }
  }
  keepMovesQuick(cgroup.leave);
  return child;
};
// A move into a cgroup waits for an RCU grace period (5-20 ms on a small machine) when no move was made in the last
// one or two: the kernel's lock around moves (cgroup_threadgroup_rwsem) lets its readers back on their fast path a
// grace period after its last writer, and the next writer waits a grace period for them to leave it. A run whose
// programs start in bursts (the engines of a round ending together) paid that wait at the start of every burst, with
// every program queued behind it. For WARM_FOR_MS after each move, this process therefore moves itself into the
// cgroup it is in (home, the cgroup.procs it left by) every WARM_EVERY_MS: a move that changes nothing and costs
// ~10 µs, which keeps the next move as quick as one made right after another. A failed one ends the warming, never
// this process.
const WARM_FOR_MS = 1000;
const WARM_EVERY_MS = 5;
let warming;
let home;
let lastMove = 0;
const keepMovesQuick = (own) => {
  home = own;
  lastMove = Date.now();
  if (warming) return;
  warming = setInterval(() => {
    let quit = Date.now() - lastMove >= WARM_FOR_MS;
    if (!quit) {
      try {
        writeFileSync(home, '0');
      } catch {
        quit = true;
      }
    }
    if (quit) {
      clearInterval(warming);
      warming = undefined;
    }
  }, WARM_EVERY_MS);
  warming.unref();
};
// The containment probe (execution-containment.ts): a move into a new cgroup and back, as around every fork, made
// here while the parent loads its run. One that cannot move back out ends this process, as a fork's would.
const probe = (request) => {
  let error = null;
  let moved = false;
  try {
    writeFileSync(request.enter, '0');
    moved = true;
    writeFileSync(request.leave, '0');
    keepMovesQuick(request.leave);
  } catch (caught) {
    error = caught.code || 'error';
  }
  if (!moved || error === null) return send({ t: 'probed', id: request.id, error });
  batch.push({ t: 'probed', id: request.id, error });
  const replies = batch;
  batch = [];
  process.send(replies, (lost) => (lost ? parentGone() : process.exit(0)));
};
process.on('message', (request) => {
  const id = request.id;
  if (request.t === 'probe') {
    probe(request);
    return;
  }
  if (request.t === 'abandon') {
    const child = children.get(id);
    child?.stdout?.destroy();
    child?.stderr?.destroy();
    return;
  }
  if (request.t === 'release') {
    kept.delete(id);
    return;
  }
  // spawn throws for arguments the system refuses (E2BIG: one over 128 KiB; a NUL byte), and an output file may not
  // open: that program does not start, and the launcher must live on for the others it relays.
  let child;
  let output;
  try {
    if (request.output) output = openSync(request.output, 'a');
    const options = {
      cwd: request.cwd,
      env: request.env,
      stdio: [request.stdin === null ? 'ignore' : 'pipe', output ?? 'pipe', output ?? 'pipe'],
      detached: true,
    };
    if (request.argv0 !== null) options.argv0 = request.argv0;
    child = spawnIn(request.cgroup, () => spawn(request.file, request.args, options));
  } catch (error) {
    if (stuck) {
      // It cannot leave the execution's cgroup: the error goes out now, with what waits beside it, then it ends.
      batch.push({ t: 'error', id, message: error.message });
      const replies = batch;
      batch = [];
      process.send(replies, (lost) => (lost ? parentGone() : process.exit(0)));
    } else send({ t: 'error', id, message: error.message });
    return;
  } finally {
    // The program has its own copy.
    if (output !== undefined) closeSync(output);
  }
  children.set(id, child);
  if (request.keep && child.pid !== undefined) kept.set(id, child.pid);
  child.once('error', (error) => {
    if (child.pid === undefined) send({ t: 'error', id, message: error.message });
  });
  if (child.pid !== undefined) send({ t: 'pid', id, pid: child.pid });
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (data) => send({ t: 'out', id, data }));
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (data) => send({ t: 'err', id, data }));
  if (child.stdin) {
    child.stdin.on('error', () => {});
    child.stdin.end(request.stdin);
  }
  child.once('exit', (code, signal) => send({ t: 'exit', id, code, signal }));
  child.once('close', () => {
    children.delete(id);
    send({ t: 'close', id });
  });
});
send({ t: 'ready' });
`;
