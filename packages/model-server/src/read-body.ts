import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';

/** A request body as text plus its JSON value when it parses. */
export interface ReadBody {
  text: string;
  json: unknown;
  /** Set when the body is not JSON (or could not be decoded). */
  problem?: string;
}

type Decoder = (buffer: Buffer) => Buffer;

/** Content codings clients send (the claude CLI advertises zstd; Node 20 has no zstd decoder). */
const DECODERS: Record<string, Decoder | undefined> = {
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
  br: zlib.brotliDecompressSync,
  zstd: (zlib as unknown as { zstdDecompressSync?: Decoder }).zstdDecompressSync,
};

export async function readBody(req: IncomingMessage): Promise<ReadBody> {
  return decodeBody(await readRawBody(req), req.headers['content-encoding']);
}

/** The body bytes as sent (still content-encoded). */
export async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Undoes the content coding and parses JSON when it can. */
export function decodeBody(raw: Buffer, contentEncoding: string | undefined): ReadBody {
  let buffer: Buffer = raw;
  const coding = String(contentEncoding ?? 'identity').toLowerCase();
  if (coding !== 'identity' && buffer.length > 0) {
    const decode = DECODERS[coding];
    if (!decode)
      return { text: buffer.toString('base64'), json: undefined, problem: `unsupported content-encoding ${coding}` };
    try {
      buffer = decode(buffer);
    } catch (error) {
      return {
        text: buffer.toString('base64'),
        json: undefined,
        problem: `cannot decode ${coding} body: ${(error as Error).message}`,
      };
    }
  }
  const text = buffer.toString('utf8');
  if (text.trim() === '') return { text, json: undefined, problem: 'empty body' };
  try {
    return { text, json: JSON.parse(text) };
  } catch (error) {
    return { text, json: undefined, problem: `body is not JSON: ${(error as Error).message}` };
  }
}
