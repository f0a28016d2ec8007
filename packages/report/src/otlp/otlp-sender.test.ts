import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRedactor } from '@skill-eval/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { SpanRecord } from './otlp-json.js';
import { createOtlpSender } from './otlp-sender.js';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] };
}

/** An OTLP/HTTP receiver on 127.0.0.1 that records each request and answers with `status` (or never, for `hang`). */
async function receiver(answer: (n: number) => number | 'hang' = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(text) });
      const status = answer(received.length);
      if (status === 'hang') return;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`, received };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const span = (name: string): SpanRecord => ({
  traceId: 'a'.repeat(32),
  spanId: 'b'.repeat(16),
  name,
  kind: 1,
  startMs: 0,
  endMs: 1,
  attributes: {},
});
const names = (r: Received) => r.body.resourceSpans[0]!.scopeSpans[0]!.spans.map((s) => s.name);
const redact = createRedactor([]);

describe('createOtlpSender', () => {
  it('sends spans in batches, with the headers, as application/json', async () => {
    const { url, received } = await receiver();
    const warnings: string[] = [];
    const sender = createOtlpSender({
      target: { url, headers: { authorization: 'Bearer t' } },
      redact,
      warn: (line) => warnings.push(line),
      batchSize: 2,
      delayMs: 60_000,
    });
    sender.add([span('a'), span('b')]);
    sender.add([span('c')]);
    await sender.close(5000);
    expect(received.map(names)).toEqual([['a', 'b'], ['c']]);
    expect(received[0]!.headers).toMatchObject({ authorization: 'Bearer t', 'content-type': 'application/json' });
    expect(warnings).toEqual([]);
  });

  it('warns once when the collector refuses, and sends nothing more', async () => {
    const { url, received } = await receiver(() => 400);
    const warnings: string[] = [];
    const sender = createOtlpSender({
      target: { url, headers: {} },
      redact,
      warn: (l) => warnings.push(l),
      batchSize: 1,
    });
    sender.add([span('a')]);
    await sender.close(5000);
    sender.add([span('b')]);
    await sender.close(5000);
    expect(received).toHaveLength(1);
    expect(warnings).toEqual([
      `skill-eval: traces could not be sent to ${url} (HTTP 400 Bad Request); the run goes on without them, and its results are in the run directory.`,
    ]);
  });

  it('tries a 503 once more', async () => {
    const { url, received } = await receiver((n) => (n === 1 ? 503 : 200));
    const warnings: string[] = [];
    const sender = createOtlpSender({ target: { url, headers: {} }, redact, warn: (l) => warnings.push(l) });
    sender.add([span('a')]);
    await sender.close(5000);
    expect(received.map(names)).toEqual([['a'], ['a']]);
    expect(warnings).toEqual([]);
  });

  it('warns once, naming the reason, when nothing listens', async () => {
    const { url } = await receiver();
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
    const warnings: string[] = [];
    const sender = createOtlpSender({ target: { url, headers: {} }, redact, warn: (l) => warnings.push(l) });
    sender.add([span('a')]);
    await sender.close(5000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('(ECONNREFUSED)');
  });

  it('waits no longer than it is given for a collector that does not answer', async () => {
    const { url, received } = await receiver(() => 'hang');
    const warnings: string[] = [];
    const sender = createOtlpSender({ target: { url, headers: {} }, redact, warn: (l) => warnings.push(l) });
    sender.add([span('a')]);
    const started = Date.now();
    await sender.close(300);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(received).toHaveLength(1);
    expect(warnings).toEqual([
      `skill-eval: traces could not be sent to ${url} (no answer within 300 ms at the end of the run); the run goes on without them, and its results are in the run directory.`,
    ]);
  });
});
