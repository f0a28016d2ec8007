import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A server listening on 127.0.0.1. */
export interface Listening {
  port: number;
  /** Closes the server and destroys its open connections, so no client's keep-alive or hung request holds it. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (port 0: a free one); a failure rejects with what `failure` makes of it. */
export async function listenOnLoopback(
  server: Server,
  port: number,
  failure: (cause: NodeJS.ErrnoException) => Error,
): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (cause: NodeJS.ErrnoException) => reject(failure(cause)));
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
