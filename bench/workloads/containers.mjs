// Workload 8: container overhead. 48 trivial cases at concurrency 8, run on the host and with --environment docker (a
// container each, started 8 at once, from a local busybox image; the daemon is a private one the workload starts,
// or the one SKILL_EVAL_TEST_DOCKER_HOST names). The overhead per execution is the extra wall time each execution
// holds its slot for: (docker wall − host wall) × 8 / 48, its container's start, gateway and removal included. Beside
// them, the floor of any container-per-execution harness: a bare Node loop running `docker run --rm -i` of the same
// image once per case, 8 at once, the prompt echoed back by `cat`; what that costs an execution is measured the same
// way, over the same loop running the engine on the host (the engine alone of workload 2). The target (issue 38,
// item 5) is the ratio of the two: a container adds at most 1.1× what a bare `docker run --rm` costs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seconds, table, verdict } from '../lib/format.mjs';
import { measureEach } from '../lib/measure.mjs';
import { writeTrivialSuite } from '../lib/suites.mjs';
import { REPO } from '../lib/tools.mjs';
import { checkTrivialRun, trivialCommand } from '../lib/trivial-run.mjs';

const COUNT = 48;
const CONCURRENCY = 8;
const TARGET_RATIO = 1.1;
const TARGET = `at -j ${CONCURRENCY} a container adds at most ${TARGET_RATIO}× what a bare \`docker run --rm\` costs on the same machine, measured side by side`;
const BASELINE = new URL('../lib/spawn-baseline.mjs', import.meta.url).pathname;
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

/**
 * What an execution costs the machine's CPU (every process: the daemon, containerd and runc included), over the same
 * work on the host, in ms: a container of skill-eval's and a bare `docker run --rm`. Undefined without /proc/stat.
 */
function cpuPerExecution(host, docker, dockerAlone, engineAlone) {
  if (!host.busy || !docker.busy || !dockerAlone.busy || !engineAlone.busy) return undefined;
  return {
    container: ((docker.busy.median - host.busy.median) * 1000) / COUNT,
    bare: ((dockerAlone.busy.median - engineAlone.busy.median) * 1000) / COUNT,
  };
}

/** Where a machine with fewer cores than slots spends the difference: in the CPU time each container costs. */
function cpuNote(cpu) {
  return `\n\nThe machine's CPU time (every process, /proc/stat, medians of the same runs): a container of skill-eval's costs ${cpu.container.toFixed(0)} ms per execution over the host run, a bare \`docker run --rm\` ${cpu.bare.toFixed(0)} ms over the engine alone (${(cpu.container / cpu.bare).toFixed(2)}×). Where ${CONCURRENCY} containers start at once on fewer cores, the machine is busy throughout and wall time follows CPU time. Inside each of skill-eval's containers the supervisor (the host's node, which relays the model gateway and starts the engine's programs) boots once, where the bare run starts \`cat\`; on the host, skill-eval asks the daemon's API where the bare run starts the docker CLI.`;
}

export async function containers(ctx) {
  const testing = join(REPO, 'packages', 'testing', 'dist', 'docker', 'test-docker.js');
  const { dockerUnavailable, startTestDocker, TEST_IMAGE } = await import(testing);
  const why = dockerUnavailable();
  if (why) {
    return {
      title: TITLE,
      target: TARGET,
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
    const alone = join(ctx.work, 'containers', 'docker-alone.sh');
    writeFileSync(alone, `exec docker run --rm -i --network none ${TEST_IMAGE} cat\n`);
    const loop = (script) => ({
      argv: [process.execPath, BASELINE, String(COUNT), String(CONCURRENCY), script],
      options: ctx.measureOptions(tool, env),
    });
    const [host, docker, dockerAlone, engineAlone] = await measureEach(
      [job('host', []), job('docker', ['--environment', `docker:${TEST_IMAGE}`]), loop(alone), loop(suite.echo)],
      { runs: ctx.runs },
    );
    const floorMs = ((dockerAlone.wall.median - engineAlone.wall.median) * 1000 * CONCURRENCY) / COUNT;
    const perExecutionMs = ((docker.wall.median - host.wall.median) * 1000 * CONCURRENCY) / COUNT;
    const ratio = perExecutionMs / floorMs;
    const cpu = cpuPerExecution(host, docker, dockerAlone, engineAlone);
    const last = ctx.runs - 1;
    const hostMs = medianExecutionMs(out('host', last));
    const dockerMs = medianExecutionMs(out('docker', last));
    const startMs = medianStartMs(out('docker', last));
    ctx.log(
      `  host ${seconds(host.wall)}, docker ${seconds(docker.wall)}: ${perExecutionMs.toFixed(0)} ms per execution; docker alone ${floorMs.toFixed(0)} ms (${ratio.toFixed(2)}×)${cpu ? `; CPU ${cpu.container.toFixed(0)} ms against ${cpu.bare.toFixed(0)} ms per execution` : ''}`,
    );
    const met = floorMs > 0 && ratio <= TARGET_RATIO;
    return {
      title: TITLE,
      target: TARGET,
      met,
      body: `${table(
        ['where', 'wall, median (min–max)', 'an execution, median (last run)', 'container start, median (last run)'],
        [
          ['the host', seconds(host.wall), `${hostMs} ms`, '—'],
          [`a container each (${TEST_IMAGE})`, seconds(docker.wall), `${dockerMs} ms`, `${startMs} ms`],
          ['`docker run --rm -i … cat` per case, from a bare Node loop (the floor)', seconds(dockerAlone.wall), '—', '—'],
          ['the engine per case on the host, from the same loop (the engine alone)', seconds(engineAlone.wall), '—', '—'],
        ],
      )}\n\nThe engine is \`configs/echo-prompt.sh\` (one \`sh\` per case, started in the container by skill-eval's supervisor there), each case has 3 deterministic checks, result caches off (skill-eval's parse cache on). Each container is started with \`--network none\`, the workspace and the program mounted, the host's node running the model gateway's forwarder, and is removed when its execution ends. Per execution over the host: (docker wall − host wall) × ${CONCURRENCY} slots ÷ ${COUNT} executions = ${perExecutionMs.toFixed(0)} ms. An execution's own time (its result's \`durationMs\`) leaves out the container's removal, which the wall time holds. A bare \`docker run --rm\`, with nothing of skill-eval, costs (docker-alone loop − engine-alone loop) × ${CONCURRENCY} ÷ ${COUNT} = ${floorMs.toFixed(0)} ms per execution, measured in the same turns: on this machine a container's start and removal through the daemon is most of the cost. The target is the ratio of the two, ${perExecutionMs.toFixed(0)} ÷ ${floorMs.toFixed(0)} = **${ratio.toFixed(2)}×** (at most ${TARGET_RATIO}×); the per-execution figures and the container start (its result's \`sandbox.startMs\`) are information.${cpu ? cpuNote(cpu) : ''}`,
      summary: `a container adds ${ratio.toFixed(2)}× what a bare \`docker run --rm\` costs at -j ${CONCURRENCY} (${perExecutionMs.toFixed(0)} ms per execution against ${floorMs.toFixed(0)} ms; start ${startMs} ms median): ${verdict(met)}`,
    };
  } finally {
    await daemon.stop();
  }
}
