import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { parseShard, RUN_MANIFEST_FILE, type RunManifest, readRunManifest } from '@skill-eval/runner';
import { PLAN_FLAGS } from './resume-run.js';
import type { RunCommandOptions } from './run-command-options.js';

/** What makes run directories parts of one run: their paths, the options that shape the plan, the split. */
function runShape(manifest: RunManifest): Record<string, unknown> {
  const { paths, options = {} } = manifest.invocation as { paths?: unknown; options?: RunCommandOptions };
  const { shard, ...planOptions } = Object.fromEntries(
    Object.keys(PLAN_FLAGS).map((key) => [key, options[key as keyof RunCommandOptions]]),
  );
  // A merge of some shards keeps the split in mergedShards, its options no --shard.
  const parts = typeof shard === 'string' ? parseShard(shard).count : manifest.mergedShards?.count;
  return { paths, ...planOptions, shard: parts === undefined ? undefined : `i/${parts}` };
}

const flagOf = (key: string) => (key === 'paths' ? 'eval paths' : (PLAN_FLAGS[key as keyof typeof PLAN_FLAGS] ?? key));
const shown = (value: unknown) =>
  value === undefined
    ? 'none'
    : Array.isArray(value)
      ? value.join(' ')
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);

/**
 * `merge`: the directories must be shards of one run. Shards of runs of other eval paths, engines, judges or
 * splits would join into a run no `skill-eval run` made, with executions missing or counted twice: refused,
 * naming what differs. A directory without a readable run.json (an older skill-eval) is not checked.
 */
export async function assertShardsOfOneRun(runDirs: readonly string[], cwd: string): Promise<void> {
  let first: { dir: string; shape: Record<string, unknown> } | undefined;
  for (const dir of runDirs) {
    const manifest = existsSync(join(dir, RUN_MANIFEST_FILE))
      ? await readRunManifest(dir).catch(() => undefined)
      : undefined;
    if (!manifest) continue;
    const shape = runShape(manifest);
    if (!first) {
      first = { dir, shape };
      continue;
    }
    const keys = new Set([...Object.keys(first.shape), ...Object.keys(shape)]);
    const differ = [...keys].filter((key) => JSON.stringify(first!.shape[key]) !== JSON.stringify(shape[key]));
    if (differ.length) {
      const [a, b] = [relative(cwd, first.dir) || '.', relative(cwd, dir) || '.'];
      const what = differ.map(
        (key) => `${flagOf(key)} (${a}: ${shown(first!.shape[key])}; ${b}: ${shown(shape[key])})`,
      );
      throw new SkillEvalError('USAGE', `${b} is not a shard of the run ${a} is: they differ in ${what.join(', ')}.`, {
        hint: 'Merge the --out directories of one split run: the same eval paths and options, each with its own --shard i/n.',
      });
    }
  }
}
