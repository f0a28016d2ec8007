import { SkillEvalError } from '@skill-eval/core';

/** One part of a run split across machines: shard `index` (1-based) of `count`. */
export interface Shard {
  /** Which part, 1..count. */
  index: number;
  /** How many parts the run is split into. */
  count: number;
}

/** Parses `--shard i/n` (1 ≤ i ≤ n). */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new SkillEvalError('USAGE', `--shard expects i/n with 1 ≤ i ≤ n, got '${text}'.`, {
      hint: 'For four machines run --shard 1/4, --shard 2/4, --shard 3/4 and --shard 4/4, then skill-eval merge.',
    });
  }
  return { index, count };
}

/**
 * The shard (1..count) of each execution id. The ids are sorted and dealt out in turn, so the partition depends only
 * on the plan — not on the machine, the concurrency or the order of the eval files — every execution lands in
 * exactly one shard, and shards differ in size by at most one.
 */
export function shardOfEach(executionIds: readonly string[], count: number): Map<string, number> {
  return new Map([...executionIds].sort().map((id, position) => [id, (position % count) + 1]));
}

/** The executions of one shard (see `shardOfEach`). */
export function shardItems<T extends { planned: { executionId: string } }>(items: readonly T[], shard?: Shard): T[] {
  if (!shard || shard.count === 1) return [...items];
  const shardOf = shardOfEach(
    items.map((item) => item.planned.executionId),
    shard.count,
  );
  return items.filter((item) => shardOf.get(item.planned.executionId) === shard.index);
}
