/** Port the forwarder listens on inside each container, on its own loopback. */
export const GATEWAY_PORT = 41414;

/**
 * The program each container runs first (under Docker's init), with the host's node: it forwards 127.0.0.1:PORT
 * inside to the harness's model proxy on a Unix socket (a file, so it crosses the container's empty network), starts
 * the container's own entrypoint when there is one, says `ready` on its lifeline to the harness, and exits — ending
 * the container, which Docker then removes — as soon as that lifeline closes: when the harness is gone, however it
 * went (a kill -9 included).
 */
export const FORWARDER_SCRIPT = `'use strict';
const net = require('node:net');
const { spawn } = require('node:child_process');
const [port, modelSocket, lifeSocket, ...entrypoint] = process.argv.slice(2);
const life = net.connect(lifeSocket);
life.on('error', () => process.exit(1));
life.on('close', () => process.exit(0));
const server = net.createServer((inside) => {
  const out = net.connect(modelSocket);
  inside.pipe(out);
  out.pipe(inside);
  inside.on('error', () => out.destroy());
  out.on('error', () => inside.destroy());
});
server.on('error', (error) => {
  process.stderr.write('skill-eval forwarder: ' + error.message + '\\n');
  process.exit(1);
});
server.listen(Number(port), '127.0.0.1', () => {
  if (entrypoint.length > 0) {
    const child = spawn(entrypoint[0], entrypoint.slice(1), { stdio: 'inherit' });
    child.on('error', (error) => process.stderr.write('skill-eval: entrypoint: ' + error.message + '\\n'));
  }
  life.write('ready\\n');
});
`;
