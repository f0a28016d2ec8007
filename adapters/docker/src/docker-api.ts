import { Agent, request } from 'node:http';
import { type ContainerSpec, createRequest } from './container-spec.js';

/**
 * The daemon's Engine API on its local socket, at the version the daemon speaks: how the harness makes and removes
 * an execution's container without starting the docker CLI each time (a Go program whose own start costs about as
 * much CPU as a Node start, with the daemon busy making containers on the same cores). Found through the CLI itself
 * (docker-endpoint.ts), so that it is the daemon the CLI would have used.
 */
export interface EngineApi {
  socketPath: string;
  /** `1.41`: the API version, as the daemon reports it. */
  version: string;
  /** Keeps the connection to the daemon between requests; its idle sockets never hold the process open. */
  agent: Agent;
}

export const engineApi = (socketPath: string, version: string): EngineApi => ({
  socketPath,
  version,
  agent: new Agent({ keepAlive: true }),
});

/** How long a request may take: as long as a `docker` command of the CLI may. */
const REQUEST_MS = 60_000;

interface Answer {
  status: number;
  body: string;
}

/** One request to the API; rejects when the daemon cannot be reached or does not answer in time. */
function call(api: EngineApi, method: string, path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: api.socketPath,
        agent: api.agent,
        method,
        path: `/v${api.version}${path}`,
        timeout: REQUEST_MS,
        headers:
          payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`the Docker daemon did not answer ${method} ${path} in time`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** What the daemon said went wrong: its `message`, as the CLI prints it. */
function refusal(answer: Answer): string {
  try {
    const message = (JSON.parse(answer.body) as { message?: unknown }).message;
    if (typeof message === 'string' && message) return `Error response from daemon: ${message}`;
  } catch {}
  return `the daemon answered ${answer.status}${answer.body.trim() ? `: ${answer.body.trim()}` : ''}`;
}

/** A container started (its id) or why it was not; one that was made but did not start is reported with its id. */
export type ContainerStart = { id: string; error?: undefined } | { id?: string; error: string };

/** Makes and starts the container, as `docker run -d` does; never throws. */
export async function apiRunContainer(api: EngineApi, spec: ContainerSpec): Promise<ContainerStart> {
  try {
    const created = await call(
      api,
      'POST',
      `/containers/create?name=${encodeURIComponent(spec.name)}`,
      createRequest(spec),
    );
    if (created.status !== 201) return { error: refusal(created) };
    const id = (JSON.parse(created.body) as { Id?: unknown }).Id;
    if (typeof id !== 'string' || !id)
      return { error: `the daemon made a container without saying its id: ${created.body}` };
    const started = await call(api, 'POST', `/containers/${encodeURIComponent(id)}/start`);
    if (started.status !== 204 && started.status !== 304) return { id, error: refusal(started) };
    return { id };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Removes the container, running or not (`docker rm -f`); one already gone is no error. */
export async function apiRemoveContainer(api: EngineApi, id: string): Promise<void> {
  await call(api, 'DELETE', `/containers/${encodeURIComponent(id)}?force=true`).catch(() => undefined);
}
