import { type Engine, SkillEvalError } from '@skill-eval/core';

/** An engine of the run, or its judge. */
export interface RunPart {
  engine: Engine;
  role: 'engine' | 'judge';
}

/**
 * Stops a run before its first execution when one of its engines or its judge lacks what it needs in the
 * environment (an API key): otherwise every execution would be spent, or every case graded as an error.
 */
export function refuseMissingSetup(parts: readonly RunPart[], env: Readonly<Record<string, string | undefined>>): void {
  for (const { engine, role } of parts) {
    const missing = engine.missingSetup?.(env);
    if (!missing) continue;
    throw new SkillEvalError('ENGINE_NOT_FOUND', `The ${role} ${engine.id} cannot run here. ${missing}`, {
      hint:
        role === 'judge'
          ? 'Or grade with another judge: --judge claude-code uses the Claude Code CLI and its own login.'
          : 'Or run on another engine (-e claude-code, -e codex …).',
    });
  }
}
