import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DockerCli, docker } from './docker-cli.js';

/**
 * The local socket of the daemon the CLI talks to, when the containers can be made through its Engine API, or
 * undefined when the CLI is to make each one itself: the CLI is asked which endpoint its current context (DOCKER_HOST,
 * DOCKER_CONTEXT, its config) points at, and only a local socket is taken, and only when nothing else the CLI does to
 * a `docker run` applies. Anything else — a TCP or SSH endpoint with its TLS or keys, a CLI without contexts
 * (podman), a config whose `proxies` the CLI writes into every container — keeps the CLI, which does all of it.
 */
export async function localDaemonSocket(cli: DockerCli): Promise<string | undefined> {
  if (setsProxies(cli)) return undefined;
  const context = await docker(cli, ['context', 'inspect', '--format', '{{.Endpoints.docker.Host}}'], {
    timeoutMs: 20_000,
  });
  const host = context.code === 0 ? context.stdout.trim() : '';
  return host.startsWith('unix:///') ? host.slice('unix://'.length) : undefined;
}

/** Whether the CLI's config sets proxies, which `docker run` passes into every container as variables. */
function setsProxies(cli: DockerCli): boolean {
  try {
    const config = JSON.parse(readFileSync(join(cli.env.DOCKER_CONFIG!, 'config.json'), 'utf8')) as {
      proxies?: unknown;
    };
    return config.proxies !== undefined;
  } catch {
    // No config, or one the CLI could not read either: nothing it would add.
    return false;
  }
}
