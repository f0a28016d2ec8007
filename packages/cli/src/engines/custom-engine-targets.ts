import { relative } from 'node:path';
import { configurePlugin, type Registry, SkillEvalError, type Suite } from '@skill-eval/core';
import type { EngineTarget } from '@skill-eval/runner';

const COMMAND_ENGINE = 'command';

/** The command-engine settings an eval file declared for its suite (skill-up `engine.custom`), if any. */
export function customEngineOf(suite: Suite): Record<string, unknown> | undefined {
  const settings = suite.settings?.customEngine;
  return typeof settings === 'object' && settings !== null && !Array.isArray(settings)
    ? (settings as Record<string, unknown>)
    : undefined;
}

/** The eval file, at the line and column of the custom engine's command when the format kept them. */
function placeOf(suite: Suite, cwd: string): string {
  const file = relative(cwd, suite.file) || suite.file;
  const at = suite.settings?.customEngineAt as { line?: unknown; column?: unknown } | undefined;
  return typeof at?.line === 'number' && typeof at.column === 'number' ? `${file}:${at.line}:${at.column}:` : file;
}

/**
 * One `command` engine target per suite that declares a custom engine, limited to that suite. A command from
 * an eval file is not the user's own: without `--trust` nothing runs and the run stops as bad input.
 */
export async function customEngineTargets(
  suites: readonly Suite[],
  registry: Registry,
  trust: boolean,
  cwd: string,
  packageVersion: string | undefined,
): Promise<EngineTarget[]> {
  const declaring = suites.filter((suite) => suite.cases.length && customEngineOf(suite));
  if (!trust) {
    const suite = declaring[0];
    if (suite) {
      const command = String(customEngineOf(suite)!.command);
      throw new SkillEvalError(
        'BAD_INPUT',
        `${placeOf(suite, cwd)} declares a custom engine (${command}); it runs only with --trust.`,
        { hint: 'Read the command first; pass --trust to run it, or --engine to run the cases on another engine.' },
      );
    }
  }
  const targets: EngineTarget[] = [];
  for (const suite of declaring) {
    const plugin = registry.engine(COMMAND_ENGINE);
    const engine = configurePlugin(plugin, { ...customEngineOf(suite), trusted: trust });
    targets.push({
      id: plugin.id,
      engine,
      version: await engine.version(),
      packageVersion,
      suites: [suite.id],
    });
  }
  return targets;
}
