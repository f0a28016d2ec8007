import type { IncomingMessage, ServerResponse } from 'node:http';

/** A JSON answer. */
export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
/** An answer without a body, saying so: the SDK reads any other 2xx body as JSON. */
export const empty = (res: ServerResponse, status: number) => res.writeHead(status, { 'content-length': '0' }).end();
/** An error answer in the specs' shape. */
export const problem = (res: ServerResponse, status: number, message: string) =>
  json(res, status, { code: status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST', message });

/** The request's JSON body; undefined when it has none. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}
