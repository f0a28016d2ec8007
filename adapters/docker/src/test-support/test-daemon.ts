import { execFileSync } from 'node:child_process';
import { dockerUnavailable, startTestDocker, type TestDocker } from '@skill-eval/testing/docker';
import { afterAll, beforeAll } from 'vitest';

/** The Docker daemon of one test file's tests. */
export interface FileDaemon {
  /** Why Docker tests cannot run here (the tests skip), or undefined. */
  skip: string | undefined;
  /** `unix://…`, for DOCKER_HOST, once the daemon is started. */
  host(): string;
  /** A docker command against it; what it printed, trimmed. */
  docker(...args: string[]): string;
}

/**
 * A test Docker daemon for the calling file: started before its tests (unless Docker tests cannot run here) and
 * stopped after them, after the file's own `afterAll` hooks (vitest runs those last-registered first).
 */
export function useTestDaemon(): FileDaemon {
  const skip = dockerUnavailable();
  let daemon: TestDocker | undefined;
  beforeAll(async () => {
    if (!skip) daemon = await startTestDocker();
  });
  afterAll(async () => {
    await daemon?.stop();
  });
  const host = (): string => {
    if (!daemon) throw new Error('the test Docker daemon is not started');
    return daemon.host;
  };
  return {
    skip,
    host,
    docker: (...args) =>
      execFileSync('docker', args, { encoding: 'utf8', env: { ...process.env, DOCKER_HOST: host() } }).trim(),
  };
}
