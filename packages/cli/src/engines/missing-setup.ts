import { type Engine, SkillEvalError } from '@skill-eval/core';
import { type EngineTarget, engineEnv, type PlanItem } from '@skill-eval/runner';
import { scopedToJudge } from './judge-setup-text.js';

/** Engines suggested instead of one that cannot run here. */
const OTHER_ENGINES = ['openai', 'claude-code', 'codex'];

/** An engine of the run, or its judge, and which executions need it. */
export interface RunPart {
  engine: Engine;
  role: 'engine' | 'judge';
  /** Whether carrying out this execution needs the part. */
  neededBy(item: PlanItem<EngineTarget>): boolean;
}

/**
 * A check for the run's `beforeExecutions`, or undefined when every part has what it needs. It stops the run before
 * its first execution when an engine or the judge lacks what it needs in the environment (an API key) and some
 * execution that really runs needs it: otherwise every such execution would be spent, or every case graded as an
 * error. Executions the cache answers need neither, so a fully cached re-run goes on without the key.
 */
export function missingSetupCheck(
  parts: readonly RunPart[],
  env: Readonly<Record<string, string | undefined>>,
): ((toRun: readonly PlanItem<EngineTarget>[]) => void) | undefined {
  const lacking = parts.flatMap((part) => {
    // What run() will get, so a key the engine names as its own (`environment`) counts, and nothing else.
    const missing = part.engine.missingSetup?.(engineEnv(env, part.engine.environment));
    return missing ? [{ ...part, missing }] : [];
  });
  if (!lacking.length) return undefined;
  return (toRun) => {
    for (const { engine, role, missing, neededBy } of lacking) {
      const needing = toRun.filter(neededBy).length;
      if (!needing) continue;
      const others = OTHER_ENGINES.filter((id) => id !== engine.id).map((id) =>
        role === 'judge' ? `--judge ${id}` : `-e ${id}`,
      );
      const advice = role === 'judge' ? scopedToJudge(missing, engine.id) : missing;
      throw new SkillEvalError('ENGINE_NOT_FOUND', `The ${role} ${engine.id} cannot run here. ${advice}`, {
        hint: `Or ${role === 'judge' ? 'grade with another judge' : 'run on another engine'} (${others.join(', ')} …). ${needing} execution(s) of this run need the ${role}; results reused from the cache would not.`,
      });
    }
  };
}
