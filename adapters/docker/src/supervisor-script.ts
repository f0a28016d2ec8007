/** Port the supervisor forwards model traffic on inside each container, on the container's own loopback. */
export const GATEWAY_PORT = 41414;

/**
 * The program each container runs first (under Docker's init), with the host's node. It
 * - forwards 127.0.0.1:PORT inside to the harness's model proxy on a Unix socket (a file: it crosses the container's
 *   empty network);
 * - runs the programs the harness asks for on another Unix socket (`exec.sock`, in the same mounted folder): one
 *   connection per program, a JSON line `{type: 'run', file, args, cwd, env, stdin?, keepGroup?}` in, JSON lines of
 *   base64 `stdout`/`stderr` chunks and a last `exit` (or `error`) out; `{type: 'kill'}`, or the connection closing,
 *   kills the program's process group, as does its exit unless `keepGroup` (a setup step's service) — quicker than a
 *   `docker exec` per program, and a kill reaches the program itself;
 * - starts the container's own entrypoint, when there is one;
 * - says `ready` on its lifeline to the harness, and exits — ending the container, which Docker then removes — as soon
 *   as that lifeline closes: when the harness is done with it, or gone however it went (a kill -9 included).
 */
export const SUPERVISOR_SCRIPT = `'use strict';
const net = require('node:net');
const { spawn } = require('node:child_process');
const [port, modelSocket, lifeSocket, execSocket, ...entrypoint] = process.argv.slice(2);
const fail = (what, error) => {
  process.stderr.write('skill-eval supervisor: ' + what + ': ' + error.message + '\\n');
  process.exit(1);
};
const life = net.connect(lifeSocket);
life.on('error', () => process.exit(1));
life.on('close', () => process.exit(0));
const killGroup = (child) => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {}
};
const forwarder = net.createServer((inside) => {
  const out = net.connect(modelSocket);
  inside.pipe(out);
  out.pipe(inside);
  inside.on('error', () => out.destroy());
  out.on('error', () => inside.destroy());
});
const runner = net.createServer((conn) => {
  let child;
  let ended = false;
  let pending = '';
  const send = (event) => {
    if (!conn.destroyed) conn.write(JSON.stringify(event) + '\\n');
  };
  const start = (request) => {
    const env = { PATH: process.env.PATH, ...request.env };
    try {
      child = spawn(request.file, request.args, {
        cwd: request.cwd,
        env,
        detached: true,
        stdio: [request.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        ...(request.argv0 ? { argv0: request.argv0 } : {}),
      });
    } catch (error) {
      send({ type: 'error', message: error.message });
      return conn.end();
    }
    child.on('error', (error) => {
      ended = true;
      send({ type: 'error', message: error.message });
      conn.end();
    });
    for (const name of ['stdout', 'stderr']) {
      child[name].on('data', (data) => send({ type: name, data: data.toString('base64') }));
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
      if (ended) return;
      ended = true;
      send({ type: 'exit', code, signal });
      conn.end();
    });
  };
  conn.setEncoding('utf8');
  conn.on('data', (chunk) => {
    pending += chunk;
    let newline;
    while ((newline = pending.indexOf('\\n')) >= 0) {
      const message = JSON.parse(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
      if (message.type === 'run' && !child) start(message);
      else if (message.type === 'kill' && child) killGroup(child);
    }
  });
  conn.on('error', () => {});
  // The harness went away from this program (it gave up on it): nothing of it stays.
  conn.on('close', () => {
    if (child && !ended) killGroup(child);
  });
});
forwarder.on('error', (error) => fail('model forwarder', error));
runner.on('error', (error) => fail('program runner', error));
forwarder.listen(Number(port), '127.0.0.1', () => {
  runner.listen(execSocket, () => {
    if (entrypoint.length > 0) {
      const service = spawn(entrypoint[0], entrypoint.slice(1), { stdio: 'inherit' });
      service.on('error', (error) => process.stderr.write('skill-eval: entrypoint: ' + error.message + '\\n'));
    }
    life.write('ready\\n');
  });
});
`;
