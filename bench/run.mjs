#!/usr/bin/env node
// Benchmarks skill-eval against promptfoo and AgentV on one machine, in one run, and writes bench/RESULTS.md.
// `pnpm bench` builds the workspace and runs everything (peers installed into bench/.peers/ on first use);
// `pnpm bench --quick` measures skill-eval's own lines alone, with fewer repetitions; `--check` then holds each
// guarded ratio to its limit in bench/limits.json and exits 1 naming the figure that moved (CI runs it small).
//
//   node bench/run.mjs [--quick] [--check] [--runs N] [--only 1,2,…] [--sizes 20,200,1000] [--out bench/RESULTS.md]
//                      [--dir <parent>] [--keep]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bareNodeStart, load, machineInfo } from './lib/machine.mjs';
import { checkGuards, guardMarkdown, readLimits } from './lib/guard.mjs';
import { memorySource } from './lib/measure.mjs';
import { installPeers } from './lib/peers.mjs';
import { resultsMarkdown } from './lib/results-markdown.mjs';
import { REPO, skillEval, skillEvalOn, toolEnv } from './lib/tools.mjs';
import { cache } from './workloads/cache.mjs';
import { coldStart } from './workloads/cold-start.mjs';
import { concurrency } from './workloads/concurrency.mjs';
import { containers } from './workloads/containers.mjs';
import { loading } from './workloads/loading.mjs';
import { overhead } from './workloads/overhead.mjs';
import { staging } from './workloads/staging.mjs';
import { trigger } from './workloads/trigger.mjs';

const BENCH = new URL('.', import.meta.url).pathname;
const WORKLOADS = [coldStart, overhead, concurrency, loading, staging, cache, trigger, containers];

const USAGE = `usage: node bench/run.mjs [--quick] [--check] [--runs N] [--only 1,2,…] [--sizes 20,200,1000]
                         [--out FILE] [--dir <parent>] [--keep]
(bench/README.md says what each workload measures and what the options do)`;

/** The command line, or the usage and exit code 2 for one it does not take (or --help). */
function options() {
  try {
    const { values } = parseArgs({
      options: {
        quick: { type: 'boolean', default: false },
        runs: { type: 'string' },
        only: { type: 'string' },
        out: { type: 'string' },
        keep: { type: 'boolean', default: false },
        dir: { type: 'string' },
        check: { type: 'boolean', default: false },
        sizes: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (!values.help) return values;
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`bench: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
}

const values = options();
const quick = values.quick;
const runs = Number(values.runs ?? (quick ? 2 : 5));
// Cold start: each command's first run warms the file cache and is not counted (--quick skips it).
const warmup = quick ? 0 : 1;
const only = values.only ? new Set(values.only.split(',').map(Number)) : undefined;
const log = (line) => process.stderr.write(`${line}\n`);

if (!existsSync(join(REPO, 'packages', 'cli', 'dist', 'bundle', 'skill-eval.js')))
  throw new Error('skill-eval is not built: run `pnpm build` first (`pnpm bench` does).');

const started = performance.now();
// Every tool's files (suites, outputs, temp workspaces, HOME) go to a RAM disk where there is one: disk latency that
// depends on what ran before (this VM's ext4 slows down under create/delete churn) would otherwise decide the ranking.
const parent = values.dir ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
const work = mkdtempSync(join(parent, 'skill-eval-bench-'));
for (const dir of ['home', 'tmp', 'out']) mkdirSync(join(work, dir));
const tools = [skillEval()];
let node22;
if (!quick) {
  const peers = installPeers(join(BENCH, '.peers'), log);
  tools.push({ id: 'promptfoo', ...peers.promptfoo }, { id: 'agentv', ...peers.agentv });
  node22 = peers.node22;
}
// skill-eval on the peers' Node 22 as well, in the workloads whose figure is mostly start-up and JavaScript speed; not
// in --quick, which measures skill-eval's own lines on this machine's Node and must fit in a minute.
const variants = node22 ? [skillEvalOn(node22)] : [];
const claudeBin = join(REPO, 'packages', 'cli', 'node_modules', '.bin', 'claude');
const claudeVersion = existsSync(claudeBin)
  ? execFileSync(claudeBin, ['--version'], { encoding: 'utf8' }).trim()
  : undefined;

const ctx = {
  quick,
  // Workload 3's timeline (one more stamped run per command) is left out of a quick run of everything: it would take
  // a sixth of --quick's minute. Naming the workload (--quick --only 3) brings it back.
  timelines: !quick || only !== undefined,
  runs,
  warmup,
  // The guard in CI leaves out what it does not hold (workload 2's containment line).
  check: values.check,
  // Workload 2's suite sizes (`--sizes`): the guard in CI runs one small size.
  sizes: values.sizes ? values.sizes.split(',').map(Number) : undefined,
  // One repetition of the trigger workload is 120 claude processes, about two minutes on a 2-core machine.
  triggerRuns: 1,
  work,
  tools,
  variants,
  claudeVersion,
  log,
  measureOptions: (_tool, extraEnv = {}) => ({ cwd: work, tmp: join(work, 'tmp'), env: toolEnv(work, extraEnv) }),
};

const loadBefore = load();
const nodeStartBefore = bareNodeStart(toolEnv(work));
const sections = [];
try {
  for (const [index, workload] of WORKLOADS.entries()) {
    if (only && !only.has(index + 1)) continue;
    // 120 claude processes do not fit in --quick's minute on a small machine: name it with --only to run it.
    if (quick && !only && workload === trigger) {
      log('workload 7: trigger — skipped by --quick (run it with --quick --only 7)');
      continue;
    }
    log(`workload ${index + 1}: ${workload.name}`);
    execFileSync('sync'); // what earlier workloads wrote is flushed now, not during this one
    const t = performance.now();
    sections.push({ ...(await workload(ctx)), seconds: (performance.now() - t) / 1000 });
    log(`  (${sections.at(-1).seconds.toFixed(0)} s)`);
  }
} finally {
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  else log(`work directory kept: ${work}`);
}

const guard = values.check ? checkGuards(sections, readLimits()) : undefined;
const markdown = resultsMarkdown({
  machine: machineInfo(),
  tools: [...tools, ...variants],
  claudeVersion,
  quick,
  runs,
  warmup,
  memorySource,
  load: { before: loadBefore, after: load() },
  nodeStart: { before: nodeStartBefore, after: bareNodeStart(toolEnv(work)) },
  workDir: parent,
  totalSeconds: (performance.now() - started) / 1000,
  sections,
});
const outFile = values.out ?? join(BENCH, quick ? 'RESULTS-quick.md' : 'RESULTS.md');
writeFileSync(outFile, guard ? `${markdown}\n${guardMarkdown(guard)}` : markdown);
log(`\n${sections.map((s) => `${s.title}: ${s.summary}`).join('\n')}\n\nwritten to ${outFile} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (guard) {
  for (const row of guard.rows) log(`guard ${row.id}: ${row.ratio.toFixed(2)}× (limit ${row.max ?? 'none'}×; ${row.detail})`);
  if (guard.failures.length > 0) {
    log(`\nThe bench check failed:\n${guard.failures.map((failure) => `  ${failure}`).join('\n')}`);
    if (guard.rows.some((row) => row.max !== undefined && row.ratio > row.max))
      log('A change made skill-eval slower against a baseline measured in the same run. If it is worth it, say what it costs and raise the limit in bench/limits.json with the reason.');
    process.exitCode = 1;
  }
}
