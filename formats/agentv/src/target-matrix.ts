import { at, isRecord, type ReadContext } from './context.js';
import type { DocPath } from './source.js';

// AgentV 4.x `execution.targets`, which skill-eval has no counterpart for: its variants are with and without the
// skill, not agents. Read as AgentV 4.42.4 reads it (tag v4.42.4):
// - packages/core/src/evaluation/loaders/config-loader.ts, extractTargetRefsFromSuite (lines 183-214): a name, or
//   {name, use_target?, hooks?}; an entry without a name is skipped.
// - apps/cli/src/commands/eval/run-eval.ts, lines 757-824: more than one target is "matrix mode", every test run once
//   per target; a single target still gets its entry's hooks. apps/cli/src/commands/eval/targets.ts,
//   selectMultipleTargets (lines 234-320, hooks at 259 and 313): each target of the matrix with its own hooks.
// - types.ts TargetHooksConfig (lines 288-297): before_all / after_all once per target, before_each / after_each
//   around each of its tests.
// - config-loader.ts extractTargetsFromTestCase (lines 308-321) and run-eval.ts (lines 1497-1498, 1703-1704): a
//   test's own execution.targets runs it on those of the suite's targets only.

interface TargetRef {
  name: string;
  hooks: string[];
}

const HOOKS = ['before_all', 'before_each', 'after_each', 'after_all'];

function targetRefs(value: unknown[]): TargetRef[] {
  const refs: TargetRef[] = [];
  for (const t of value) {
    if (typeof t === 'string' && t.trim() !== '') refs.push({ name: t.trim(), hooks: [] });
    else if (isRecord(t) && typeof t.name === 'string' && t.name.trim() !== '') {
      const given = isRecord(t.hooks) ? t.hooks : {};
      // parseHookConfig (config-loader.ts) keeps a hook that is a map with a command or a script.
      const hooks = HOOKS.filter((k) => {
        const hook = given[k];
        return isRecord(hook) && (hook.command !== undefined || hook.script !== undefined);
      });
      refs.push({ name: t.name.trim(), hooks });
    }
  }
  return refs;
}

/**
 * The suite's `execution.targets`: a target's hooks skill-eval cannot run are an error (its tests would run without
 * the set-up they rely on); a matrix of names is a warning (skill-eval runs each test once, on the run's engine).
 */
export function reportSuiteTargets(execution: Record<string, unknown>, ctx: ReadContext): void {
  if (!Array.isArray(execution.targets)) return;
  const refs = targetRefs(execution.targets);
  const path: DocPath = ['execution', 'targets'];
  const names = refs.map((r) => r.name).join(', ');
  const withHooks = refs.filter((r) => r.hooks.length > 0);
  const sink = ctx.source.sink;
  const runs =
    refs.length > 1
      ? `AgentV 4 runs every test once per target here (${names})`
      : `AgentV 4 runs every test on target ${names}`;
  if (withHooks.length > 0) {
    const hooks = withHooks.map((r) => `${r.name}: ${r.hooks.join(', ')}`).join('; ');
    sink.error(
      'target-matrix',
      `${runs}, with ${refs.length > 1 ? "each target's hooks" : 'its hooks'} around its tests (${hooks}). skill-eval runs each test once, on the engine the run picks, and cannot run a target's hooks, so these tests would run without the set-up they rely on. Move the set-up into workspace.hooks, which skill-eval runs, or run this file with AgentV.`,
      at(path),
    );
  } else if (refs.length > 1) {
    sink.warning(
      'target-matrix',
      `${runs}; skill-eval runs each test once, on the engine the run picks (--engine). Run skill-eval once per engine to compare them.`,
      at(path),
    );
  }
}

/** A test's own `execution.targets`, which AgentV 4 uses to run it on those of the suite's targets only. */
export function reportTestTargets(execution: unknown, path: DocPath, ctx: ReadContext): void {
  if (!isRecord(execution) || !Array.isArray(execution.targets)) return;
  const names = execution.targets.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  if (names.length === 0) return;
  ctx.source.sink.warning(
    'target-matrix',
    `AgentV 4 runs this test only on these of the suite's targets (${names.join(', ')}); skill-eval runs it once, on the engine the run picks, like every other test.`,
    at(path, 'targets'),
  );
}
