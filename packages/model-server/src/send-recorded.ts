import type { ServerResponse } from 'node:http';
import { HOP_HEADERS, type RecordedAnswer } from './exchange.js';

/**
 * Headers that send a client elsewhere. A recording is untrusted (it may be committed by anyone): replayed, a redirect
 * keeps its status but loses them, so no client re-sends its request — key and all — to the host one names.
 */
const ELSEWHERE = new Set(['location', 'content-location', 'refresh']);

/** Sends a recorded answer byte for byte, with its own status and headers (but none that redirect). */
export function sendRecorded(res: ServerResponse, answer: RecordedAnswer): void {
  const body = Buffer.from(answer.body, answer.encoding === 'base64' ? 'base64' : 'utf8');
  const headers: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!HOP_HEADERS.has(name.toLowerCase()) && !ELSEWHERE.has(name.toLowerCase())) headers[name] = value;
  }
  headers['content-length'] = body.length;
  res.writeHead(answer.status, headers);
  res.end(body);
}
