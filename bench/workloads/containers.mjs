// Workload 8: container overhead. 48 trivial cases at concurrency 8, run on the host and with --environment docker (a
// container each, started 8 at once, from a local busybox image; the daemon is a private one the workload starts,
// or the one SKILL_EVAL_TEST_DOCKER_HOST names). The overhead per execution is the extra wall time each execution
// holds its slot for: (docker wall − host wall) × 8 / 48, its container's start, gateway and removal included.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seconds, table, verdict } from '../lib/format.mjs';
import { measureEach } from '../lib/measure.mjs';
import { writeTrivialSuite } from '../lib/suites.mjs';
import { REPO } from '../lib/tools.mjs';
import { checkTrivialRun, trivialCommand } from '../lib/trivial-run.mjs';

const COUNT = 48;
const CONCURRENCY = 8;
const TARGET_MS = 300;
const TITLE = `8. Container overhead: ${COUNT} trivial cases at concurrency ${CONCURRENCY}, on the host and in Docker`;

/** Median of the executions' own times (start of the workspace to its result) in one run. */
function medianExecutionMs(out) {
  const times = readFileSync(join(out, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).durationMs)
    .sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Median of the containers' start times (asking for one to its forwarder's ready) in one run. */
function medianStartMs(out) {
  const times = readFileSync(join(out, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).sandbox?.startMs ?? Number.NaN)
    .sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function containers(ctx) {
  const testing = join(REPO, 'packages', 'testing', 'dist', 'docker', 'test-docker.js');
  const { dockerUnavailable, startTestDocker, TEST_IMAGE } = await import(testing);
  const why = dockerUnavailable();
  if (why) {
    return {
      title: TITLE,
      target: `≤ ${TARGET_MS} ms per execution over the host`,
      met: false,
      body: `Not measured: ${why}.`,
      summary: `not measured (${why})`,
    };
  }
  const daemon = await startTestDocker();
  try {
    const tool = ctx.tools.find((t) => t.id === 'skill-eval');
    const suite = writeTrivialSuite(join(ctx.work, 'containers'), COUNT);
    const out = (where, i) => join(ctx.work, 'out', `containers-${where}-${i}`);
    const env = { DOCKER_HOST: daemon.host };
    const job = (where, extra) => ({
      argv: (i) => [...trivialCommand(tool, suite, { concurrency: CONCURRENCY, out: out(where, i) }), ...extra],
      options: {
        ...ctx.measureOptions(tool, env),
        cwd: join(ctx.work, 'containers'),
        check: (_result, i) => checkTrivialRun(tool, out(where, i), COUNT),
      },
    });
    const [host, docker] = await measureEach(
      [job('host', []), job('docker', ['--environment', `docker:${TEST_IMAGE}`])],
      { runs: ctx.runs },
    );
    const perExecutionMs = ((docker.wall.median - host.wall.median) * 1000 * CONCURRENCY) / COUNT;
    const last = ctx.runs - 1;
    const hostMs = medianExecutionMs(out('host', last));
    const dockerMs = medianExecutionMs(out('docker', last));
    const startMs = medianStartMs(out('docker', last));
    ctx.log(`  host ${seconds(host.wall)}, docker ${seconds(docker.wall)}: ${perExecutionMs.toFixed(0)} ms per execution`);
    const met = perExecutionMs <= TARGET_MS;
    return {
      title: TITLE,
      target: `≤ ${TARGET_MS} ms per execution over the host`,
      met,
      body: `${table(
        ['where', 'wall, median (min–max)', 'an execution, median (last run)', 'container start, median (last run)'],
        [
          ['the host', seconds(host.wall), `${hostMs} ms`, '—'],
          [`a container each (${TEST_IMAGE})`, seconds(docker.wall), `${dockerMs} ms`, `${startMs} ms`],
        ],
      )}\n\nThe engine is \`configs/echo-prompt.sh\` (one \`sh\` per case, run by \`docker exec\` in the container), each case has 3 deterministic checks, caches off. Each container is started with \`--network none\`, the workspace and the program mounted, the host's node running the model gateway's forwarder, and is removed when its execution ends. Per execution over the host: (docker wall − host wall) × ${CONCURRENCY} slots ÷ ${COUNT} executions = ${perExecutionMs.toFixed(0)} ms. An execution's own time (its result's \`durationMs\`) leaves out the container's removal, which the wall time holds.`,
      summary: `a container adds ${perExecutionMs.toFixed(0)} ms per execution at -j ${CONCURRENCY} (start ${startMs} ms median): ${verdict(met)}`,
    };
  } finally {
    await daemon.stop();
  }
}
