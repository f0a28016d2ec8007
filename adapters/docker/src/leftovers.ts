import { OWNER_LABELS, ownerGone, RUN_LABEL } from '@skill-eval/engine-kit';
import { type DockerCli, docker } from './docker-cli.js';

/**
 * Removes the containers that runs on this machine left behind when their process died (kill -9, a crash): those
 * whose owning process is gone. Containers of live runs, and of other machines sharing the daemon, are left alone.
 * Returns how many were removed.
 */
export async function removeLeftovers(cli: DockerCli): Promise<number> {
  const keys = [OWNER_LABELS.pid, OWNER_LABELS.started, OWNER_LABELS.host];
  const format = ['{{.ID}}', ...keys.map((key) => `{{.Label "${key}"}}`)].join('\t');
  const listed = await docker(cli, ['ps', '-a', '--filter', `label=${RUN_LABEL}`, '--format', format]);
  if (listed.code !== 0) return 0;
  const dead = listed.stdout
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([id, ...values]) => id && ownerGone(Object.fromEntries(keys.map((key, i) => [key, values[i]]))))
    .map(([id]) => id!);
  if (dead.length === 0) return 0;
  await docker(cli, ['rm', '-f', ...dead]);
  return dead.length;
}
