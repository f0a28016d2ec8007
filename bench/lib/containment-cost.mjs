// What process containment costs one execution (issue: "containment adds at most 0.3 ms per execution"): the same
// trivial program (`true`) launched N times, 4 at once, through the launcher skill-eval starts every program with —
// once inside an execution's containment (a cgroup opened, the program born in it, the cgroup emptied and ended, as
// every execution does) and once outside any — taking turns, so the difference is the containment alone.
// Run as a program: `node bench/lib/containment-cost.mjs <count> <runs>` prints one JSON line.
import { fileURLToPath } from 'node:url';

const CONCURRENCY = 4;
const engineKit = new URL('../../packages/engine-kit/dist/', import.meta.url);

async function measure(count, runs) {
  const { containmentMechanism, openContainment } = await import(new URL('execution-containment.js', engineKit).href);
  const { runGroupProcess } = await import(new URL('run-group-process.js', engineKit).href);
  const program = { file: 'true', args: [], cwd: process.cwd(), env: { PATH: process.env.PATH ?? '' }, onLine() {} };
  const one = async (contained) => {
    const containment = contained ? await openContainment() : undefined;
    const env = { ...program.env, ...(containment?.env ?? {}) };
    await runGroupProcess({ ...program, env, deadline: Date.now() + 30_000 });
    await containment?.end();
  };
  const batch = async (contained) => {
    let next = 0;
    const started = performance.now();
    const slot = async () => {
      while (next++ < count) await one(contained);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, slot));
    return performance.now() - started;
  };
  // A first batch of each warms the launcher and the spare cgroups, as a run's first executions do.
  await batch(true);
  await batch(false);
  const walls = { contained: [], bare: [] };
  for (let i = 0; i < runs; i++) {
    walls.bare.push(await batch(false));
    walls.contained.push(await batch(true));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    mechanism: containmentMechanism(),
    count,
    bareMs: median(walls.bare) / count,
    containedMs: median(walls.contained) / count,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure(Number(process.argv[2] ?? 500), Number(process.argv[3] ?? 5));
  console.log(JSON.stringify(result));
  process.exit(0);
}
