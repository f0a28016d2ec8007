#!/usr/bin/env node
// Measures how long staging a large directory fixture takes per execution, for each method this machine
// allows: overlay (a mount), reflink (copy-on-write clones) and copy (parallel copyFile), plus Node's fs.cp
// (what the runner used before) for reference. Build the runner first: pnpm --filter @skill-eval/runner... build
// bench/run.mjs runs it as workload 5 through stagingBenchmark().
//
//   node bench/staging.mjs [--files 20000] [--mb 200] [--runs 5] [--dir <parent of the temp dirs>] [--skip-fs-cp]
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createFixtureStager,
  createWorkspace,
  probeOverlay,
  probeReflink,
} from '../packages/runner/dist/internal.js';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const stats = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs), values: xs });

/**
 * Writes a fixture of `files` files and `mb` MB under a temp dir in `dir`, then times `runs` executions with each
 * staging method: create a workspace, stage the fixture at its root, dispose of it. Returns what it measured.
 */
export async function stagingBenchmark({
  files = 20000,
  mb = 200,
  runs = 5,
  dir = tmpdir(),
  skipFsCp = false,
  bestOnly = false,
  log = console.log,
}) {
  const fileCount = files;
  const bytes = mb * 1024 * 1024;
  const root = await mkdtemp(join(dir, 'skill-eval-bench-'));

  async function makeFixture() {
    const fixture = join(root, 'fixture');
    const perDir = 100;
    const size = Math.floor(bytes / fileCount);
    const chunk = randomBytes(size);
    const started = performance.now();
    for (let d = 0; d < Math.ceil(fileCount / perDir); d++) {
      const sub = join(fixture, `pkg-${d}`, 'src');
      await mkdir(sub, { recursive: true });
      const writes = [];
      for (let f = d * perDir; f < Math.min(fileCount, (d + 1) * perDir); f++) {
        writes.push(writeFile(join(sub, `file-${f}.txt`), chunk));
      }
      await Promise.all(writes);
    }
    log(
      `fixture: ${fileCount} files, ${(bytes / 1024 / 1024).toFixed(0)} MB (${size} B each), written in ${(performance.now() - started).toFixed(0)} ms`,
    );
    return fixture;
  }

  /** Times `runs` executions: create a workspace, stage the fixture at its root, then dispose of it. */
  async function measure(label, stage) {
    const stageMs = [];
    const disposeMs = [];
    for (let i = 0; i < runs; i++) {
      const work = await createWorkspace(join(root, 'ws'));
      let t = performance.now();
      await stage(work);
      stageMs.push(performance.now() - t);
      t = performance.now();
      await work.dispose();
      disposeMs.push(performance.now() - t);
    }
    const fmt = (xs) => xs.map((x) => x.toFixed(1)).join(', ');
    log(
      `${label.padEnd(34)} stage median ${median(stageMs).toFixed(1).padStart(8)} ms  [${fmt(stageMs)}]   dispose median ${median(disposeMs).toFixed(1)} ms`,
    );
    return { label, stage: stats(stageMs), dispose: stats(disposeMs) };
  }

  try {
    const fixture = await makeFixture();
    const wsParent = join(root, 'ws');
    await mkdir(wsParent);
    const [overlay, reflink] = [await probeOverlay(wsParent), await probeReflink(wsParent)];
    log(`probes: overlay mounts ${overlay ? 'allowed' : 'not allowed'}, reflinks ${reflink ? 'supported' : 'not supported'}`);
    log(`node ${process.version}, ${process.platform}, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`);
    log(`per execution over ${runs} executions (the first one of each stager also lists the fixture):`);
    const results = [];
    if (!skipFsCp)
      results.push(await measure('fs.cp recursive (before)', (work) => cp(fixture, work.ws, { recursive: true, force: true })));
    const methods = ['copy', ...(reflink ? ['reflink'] : []), ...(overlay ? ['overlay'] : [])];
    // bestOnly: just the method the runner picks by itself (the last one this machine allows).
    for (const method of bestOnly ? methods.slice(-1) : methods) {
      const stager = await createFixtureStager({ tempDir: wsParent, method });
      let used;
      const result = await measure(`stager ${method}`, async (work) => {
        used = await stager.stage(fixture, work.ws, work);
      });
      if (used !== method) log(`  (asked for ${method}, got ${used})`);
      results.push({ ...result, method, used });
    }
    return { files: fileCount, mb, probes: { overlay, reflink }, results };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      files: { type: 'string', default: '20000' },
      mb: { type: 'string', default: '200' },
      runs: { type: 'string', default: '5' },
      dir: { type: 'string', default: tmpdir() },
      'skip-fs-cp': { type: 'boolean', default: false },
    },
  });
  await stagingBenchmark({
    files: Number(values.files),
    mb: Number(values.mb),
    runs: Number(values.runs),
    dir: values.dir,
    skipFsCp: values['skip-fs-cp'],
  });
}
