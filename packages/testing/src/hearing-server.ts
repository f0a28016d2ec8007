import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server on 127.0.0.1 that answers every request with a 500 and notes it: what a hostile file would point to. */
export interface HearingServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Each request it heard, as `METHOD /path`. */
  heard: string[];
  close(): Promise<void>;
}

/**
 * Starts a {@link HearingServer}: a test plants its address where an agent or a file could send the key or a request
 * (an endpoint, a registry), then demands it heard nothing.
 */
export async function startHearingServer(): Promise<HearingServer> {
  const heard: string[] = [];
  const server = createServer((req, res) => {
    heard.push(`${req.method} ${req.url}`);
    res.writeHead(500).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    heard,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
