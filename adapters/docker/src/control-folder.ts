import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownedTempPrefix } from '@skill-eval/engine-kit/process-owner';

/**
 * The longest name of the sockets an execution's control folder holds on the host: the model proxy's `model.sock`
 * (model-gateway.ts), beside the lifeline's `life.sock`.
 */
const LONGEST_SOCKET = 'model.sock';

/**
 * The most bytes a Unix socket's path may have (`sun_path` is 108 bytes with its closing NUL). Node binds and connects
 * a longer path cut short, silently: somewhere else than the folder meant, which the container then cannot reach.
 */
const SOCKET_PATH_BYTES = 107;

/** What mkdtemp adds to the prefix. */
const RANDOM_CHARS = 6;

/**
 * The name every control folder starts with: directly in the temp folder, as Unix socket paths are short, and named
 * after the run's owner, so that one a run killed outright left is removed by the next run (ownedTempPrefix).
 */
const controlPrefix = (): string => join(tmpdir(), `${ownedTempPrefix()}c-`);

/** Makes one execution's control folder (readable by this user alone). */
export function makeControlFolder(): string {
  return mkdtempSync(controlPrefix());
}

/**
 * Why the temp folder cannot hold control folders — the sockets' paths would be longer than a Unix socket path may
 * be — or undefined when it can.
 */
export function controlFolderProblem(): string | undefined {
  const longest = join(`${controlPrefix()}${'x'.repeat(RANDOM_CHARS)}`, LONGEST_SOCKET);
  const bytes = Buffer.byteLength(longest);
  if (bytes <= SOCKET_PATH_BYTES) return undefined;
  return `its control sockets would be at ${longest} (${bytes} bytes), longer than the ${SOCKET_PATH_BYTES} bytes a Unix socket path may have`;
}
