import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseShard, shardItems } from '@skill-eval/runner';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../test-support/paths.js';

const SCALING = join(REPO_ROOT, 'examples', 'scaling');
const read = (file: string) => readFileSync(join(SCALING, file), 'utf8');

/** A plan of `n` executions, with ids in no particular order. */
const plan = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ planned: { executionId: `suite--case-${(i * 7919) % n}--claude-code--r1` } }));

/** What a shell line runs, with `skill-eval`/`npx skill-eval` swapped for a printer of its arguments, one a line. */
function argumentsOf(line: string, env: Record<string, string> = {}): string[] {
  const printed = line.replace(/^(npx )?skill-eval /, "printf '%s\\n' ");
  return execFileSync('sh', ['-c', printed], { encoding: 'utf8', env: { ...process.env, ...env } })
    .split('\n')
    .filter(Boolean);
}

const optionValue = (args: readonly string[], name: string) => args[args.indexOf(name) + 1]!;

/** Every execution of a plan lands in exactly one of the shards the manifests run. */
function expectExactCover(shardSpecs: readonly string[]) {
  const items = plan(37);
  const seen = shardSpecs.flatMap((spec) =>
    shardItems(items, parseShard(spec)).map((item) => item.planned.executionId),
  );
  expect(seen.sort()).toEqual(items.map((item) => item.planned.executionId).sort());
}

describe('the scaling-out examples', () => {
  it('GitHub Actions: the matrix runs every shard i/n once, and merge joins exactly those runs', () => {
    const workflow = parse(read('github-actions.yml'));
    const shards: number[] = workflow.jobs.eval.strategy.matrix.shard;
    expect(shards).toEqual(shards.map((_, i) => i + 1));
    const step = workflow.jobs.eval.steps.find((s: { run?: string }) => s.run?.includes('skill-eval run'));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub's expression, as the workflow writes it.
    const matrixShard = '${{ matrix.shard }}';
    const runs = shards.map((shard) => argumentsOf(step.run.replaceAll(matrixShard, String(shard))));
    expect(runs.every((args) => optionValue(args, '--environment').startsWith('docker:'))).toBe(true);
    const specs = runs.map((args) => optionValue(args, '--shard'));
    expect(specs).toEqual(shards.map((shard) => `${shard}/${shards.length}`));
    expectExactCover(specs);

    const merge = workflow.jobs.merge.steps.find((s: { run?: string }) => s.run?.includes('skill-eval merge'));
    const joined = argumentsOf(merge.run);
    expect(joined.slice(1, -2).sort()).toEqual(runs.map((args) => optionValue(args, '--out')).sort());
    expect(workflow.jobs.merge.needs).toBe('eval');
  });

  it('Kubernetes: each index of the Indexed Job runs its own shard, and the merge Job joins them all', () => {
    const [job] = parseAllDocuments(read('kubernetes-indexed-job.yaml')).map((doc) => doc.toJS());
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    const count: number = job.spec.completions;
    expect(job.spec.parallelism).toBe(count);
    const container = job.spec.template.spec.containers[0];
    expect(container.command).toEqual(['sh', '-c']);
    // The pod's shell works the shard out of JOB_COMPLETION_INDEX (0-based) as the cluster sets it.
    const runs = Array.from({ length: count }, (_, index) =>
      argumentsOf(container.args[0], { JOB_COMPLETION_INDEX: String(index) }),
    );
    const specs = runs.map((args) => optionValue(args, '--shard'));
    expect(specs).toEqual(runs.map((_, index) => `${index + 1}/${count}`));
    expectExactCover(specs);

    const merge = parse(read('kubernetes-merge-job.yaml'));
    const command: string[] = merge.spec.template.spec.containers[0].command;
    expect(command.slice(0, 2)).toEqual(['skill-eval', 'merge']);
    expect(command.slice(2, -2).sort()).toEqual(runs.map((args) => optionValue(args, '--out')).sort());
    expect(merge.spec.template.spec.volumes).toEqual(job.spec.template.spec.volumes);
  });
});
