import type { ServerResponse } from 'node:http';

/** Starts a `text/event-stream` answer. */
export function startSse(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
}

/** Writes one SSE event; `event` omitted for Chat Completions, which sends bare `data:` lines. */
export function writeSse(res: ServerResponse, event: string | undefined, data: unknown): void {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  res.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${payload}\n\n`);
}

/** Splits text into up to `parts` pieces so clients must accumulate deltas. */
export function chunkText(text: string, parts = 3): string[] {
  const chars = Array.from(text); // code points, so no chunk ends inside a surrogate pair
  const size = Math.max(1, Math.ceil(chars.length / parts));
  const chunks: string[] = [];
  for (let at = 0; at < chars.length; at += size) chunks.push(chars.slice(at, at + size).join(''));
  return chunks;
}

/** Sends a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
