/** Port the supervisor forwards model traffic on inside each container, on the container's own loopback. */
export const GATEWAY_PORT = 41414;

/**
 * The program each container runs first (under Docker's init), with the host's node. It
 * - connects to its lifeline, the harness's socket in the mounted control folder, before anything else runs in the
 *   container: that one connection is the harness's channel to it, and a program inside can neither replace nor join
 *   it (the harness cuts every later connection, and the supervisor listens on no file a program could take over);
 * - forwards 127.0.0.1:PORT inside to the harness's model proxy on a Unix socket (a file: it crosses the container's
 *   empty network);
 * - runs the programs the harness asks for on the lifeline, each under the harness's id: a JSON line
 *   `{type: 'run', id, file, args, cwd, env, stdin?, keepGroup?}` in, JSON lines `{id, type}` of base64
 *   `stdout`/`stderr` chunks and a last `exit` (or `error`) out; `{type: 'kill', id}` kills the program's process
 *   group, as does its exit unless `keepGroup` (a setup step's service) — quicker than a `docker exec` per program,
 *   and a kill reaches the program itself;
 * - starts the container's own entrypoint, when there is one;
 * - says `ready` on its lifeline, and exits — ending the container, which Docker then removes — as soon as the
 *   lifeline closes: when the harness is done with it, or gone however it went (a kill -9 included).
 */
export const SUPERVISOR_SCRIPT = `'use strict';
const net = require('node:net');
const { spawn } = require('node:child_process');
const [port, modelSocket, lifeSocket, ...entrypoint] = process.argv.slice(2);
const fail = (what, error) => {
  process.stderr.write('skill-eval supervisor: ' + what + ': ' + error.message + '\\n');
  process.exit(1);
};
const life = net.connect(lifeSocket);
life.on('error', () => process.exit(1));
life.on('close', () => process.exit(0));
const send = (event) => {
  if (!life.destroyed) life.write(JSON.stringify(event) + '\\n');
};
const killGroup = (child) => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {}
};
/** The programs running, by the harness's id. */
const programs = new Map();
const start = (request) => {
  const { id } = request;
  let ended = false;
  const finish = (event) => {
    if (ended) return;
    ended = true;
    programs.delete(id);
    send({ id, ...event });
  };
  const env = { PATH: process.env.PATH, ...request.env };
  let child;
  try {
    child = spawn(request.file, request.args, {
      cwd: request.cwd,
      env,
      detached: true,
      stdio: [request.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(request.argv0 ? { argv0: request.argv0 } : {}),
    });
  } catch (error) {
    return finish({ type: 'error', message: error.message });
  }
  programs.set(id, child);
  child.on('error', (error) => finish({ type: 'error', message: error.message }));
  for (const name of ['stdout', 'stderr']) {
    child[name].on('data', (data) => {
      if (!ended) send({ id, type: name, data: data.toString('base64') });
    });
  }
  if (request.stdin !== undefined) {
    child.stdin.on('error', () => {});
    child.stdin.end(request.stdin);
  }
  // What the program started in the background goes with it; pipes such a child still holds are not waited on.
  let graceTimer;
  child.on('exit', () => {
    if (!request.keepGroup) killGroup(child);
    graceTimer = setTimeout(() => {
      child.stdout.destroy();
      child.stderr.destroy();
    }, 2000);
  });
  child.on('close', (code, signal) => {
    clearTimeout(graceTimer);
    finish({ type: 'exit', code, signal });
  });
};
let pending = '';
life.setEncoding('utf8');
life.on('data', (chunk) => {
  pending += chunk;
  let newline;
  while ((newline = pending.indexOf('\\n')) >= 0) {
    const message = JSON.parse(pending.slice(0, newline));
    pending = pending.slice(newline + 1);
    if (message.type === 'run' && !programs.has(message.id)) start(message);
    else if (message.type === 'kill' && programs.has(message.id)) killGroup(programs.get(message.id));
  }
});
const forwarder = net.createServer((inside) => {
  const out = net.connect(modelSocket);
  inside.pipe(out);
  out.pipe(inside);
  inside.on('error', () => out.destroy());
  out.on('error', () => inside.destroy());
});
forwarder.on('error', (error) => fail('model forwarder', error));
// Nothing else starts before the lifeline is the harness's: the container's own entrypoint comes after.
life.on('connect', () => {
  forwarder.listen(Number(port), '127.0.0.1', () => {
    if (entrypoint.length > 0) {
      const service = spawn(entrypoint[0], entrypoint.slice(1), { stdio: 'inherit' });
      service.on('error', (error) => process.stderr.write('skill-eval: entrypoint: ' + error.message + '\\n'));
    }
    life.write('ready\\n');
  });
});
`;
