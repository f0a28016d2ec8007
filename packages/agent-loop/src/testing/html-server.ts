import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server on 127.0.0.1 that answers every request with a 200 HTML page, as a proxy's or gateway's login page does. */
export async function startHtmlServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Gateway login page</body></html>');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
