// Workload 7: a trigger eval on the real claude CLI against the fake model server. 20 queries × 3 runs, once running
// every run to completion (any-tool detection) and once stopping each run at its first tool call (first-tool). The
// fake server waits before each reply, standing in for a model's latency; the scripted agent calls Skill, reads the
// skill, writes a file and answers (4 model turns).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { seconds, table, verdict } from '../lib/format.mjs';
import { measure, stats } from '../lib/measure.mjs';
import { CONFIGS, writeTriggerSkill } from '../lib/suites.mjs';
import { REPO } from '../lib/tools.mjs';

const QUERIES = 20;
const RUNS = 3;
const CONCURRENCY = 4;
const TARGET = 0.4;
const CLAUDE = join(REPO, 'packages', 'cli', 'node_modules', '.bin', 'claude');
const FAKE_SERVER = join(REPO, 'packages', 'model-server', 'bin', 'skill-eval-fake-model.js');
const SCRIPT = join(CONFIGS, 'trigger', 'fake-model.json');

/** Starts the fake model server; resolves { url, stop }. */
function startFakeServer(env) {
  const child = spawn(process.execPath, [FAKE_SERVER, '--script', SCRIPT], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the fake model server exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) =>
      resolve({ url: JSON.parse(line).url, stop: () => child.kill('SIGTERM') }),
    );
  });
}

export async function trigger(ctx) {
  const title = '7. Trigger eval: 20 queries × 3 runs on the real claude CLI, first-tool vs any-tool';
  const target = `early stop ≤ ${TARGET * 100}% of the full run's time`;
  if (!existsSync(CLAUDE))
    return { title, target, met: undefined, body: 'Skipped: the pinned claude CLI (packages/cli dev dependency) is not installed.', summary: 'skipped' };
  const tool = ctx.tools.find((t) => t.id === 'skill-eval');
  const skill = writeTriggerSkill(join(ctx.work, 'trigger'), QUERIES);
  const delayMs = JSON.parse(readFileSync(SCRIPT, 'utf8')).conversations[0].responses[0].delayMs;
  const server = await startFakeServer(ctx.measureOptions(tool).env);
  const env = { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'bench-key-for-the-fake-server' };
  const results = {};
  try {
    for (const mode of ['any-tool', 'first-tool']) {
      const out = (i) => join(ctx.work, 'out', `trigger-${mode}-${i}`);
      const perExecution = [];
      const m = await measure(
        (i) => [
          ...tool.argv,
          'run',
          skill,
          '-e',
          'claude-code',
          '--ek',
          `claude-code.path=${CLAUDE}`,
          '--trigger-detection',
          mode,
          '-j',
          String(CONCURRENCY),
          '--no-cache',
          '-q',
          '-o',
          out(i),
        ],
        {
          ...ctx.measureOptions(tool, env),
          runs: ctx.triggerRuns,
          check: (_result, i) => {
            const summary = JSON.parse(readFileSync(join(out(i), 'summary.json'), 'utf8'));
            if (summary.caseTotals.passed !== QUERIES || summary.totals.executions !== QUERIES * RUNS)
              throw new Error(`trigger ${mode}: ${summary.caseTotals.passed} of ${QUERIES} queries passed`);
            for (const line of readFileSync(join(out(i), 'results.jsonl'), 'utf8').trim().split('\n'))
              perExecution.push(JSON.parse(line).durationMs / 1000);
          },
        },
      );
      results[mode] = { m, perExecution: stats(perExecution) };
      ctx.log(`  ${mode}: ${seconds(m.wall)}`);
    }
  } finally {
    server.stop();
  }
  const share = results['first-tool'].m.wall.median / results['any-tool'].m.wall.median;
  const met = share <= TARGET;
  return {
    title,
    target,
    met,
    body: `skill-eval only: neither peer stops a run at its first tool call (AgentV runs \`claude -p\` to the end; promptfoo uses the Agent SDK). claude ${ctx.claudeVersion ?? ''}, concurrency ${CONCURRENCY}, ${delayMs} ms of model latency per reply (\`configs/trigger/fake-model.json\`), ${ctx.triggerRuns} repetition of each mode (60 claude processes each; more would not fit the bench's 10 minutes on this machine), so the per-execution column, over its 60 executions, carries the spread.\n\n${table(
      ['detection', 'suite wall, median (min–max)', 'per execution, median (min–max)', 'share of the full run'],
      ['any-tool', 'first-tool'].map((mode) => [
        mode === 'any-tool' ? 'any-tool (runs to completion)' : 'first-tool (stops at the first tool call)',
        seconds(results[mode].m.wall, 2),
        seconds(results[mode].perExecution, 2),
        `${((results[mode].m.wall.median / results['any-tool'].m.wall.median) * 100).toFixed(0)}%`,
      ]),
    )}`,
    summary: `first-tool takes ${(share * 100).toFixed(0)}% of the full run's time (per execution: ${((results['first-tool'].perExecution.median / results['any-tool'].perExecution.median) * 100).toFixed(0)}%): ${verdict(met)}`,
  };
}
