import type { ServerResponse } from 'node:http';
import { HOP_HEADERS, type RecordedAnswer } from './exchange.js';

/** Sends a recorded answer byte for byte, with its own status and headers. */
export function sendRecorded(res: ServerResponse, answer: RecordedAnswer): void {
  const body = Buffer.from(answer.body, answer.encoding === 'base64' ? 'base64' : 'utf8');
  const headers: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!HOP_HEADERS.has(name.toLowerCase())) headers[name] = value;
  }
  headers['content-length'] = body.length;
  res.writeHead(answer.status, headers);
  res.end(body);
}
