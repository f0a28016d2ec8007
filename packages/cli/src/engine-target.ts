import { SkillEvalError } from '@skill-eval/core';

export interface EngineSpec {
  /** Engine id, package name or path. */
  id: string;
  /** Model, when given as `id:model`. */
  model?: string;
}

/** Parses `id[:model]`; a path (`./x.js`, `C:\x`) keeps its colon-free meaning. */
export function parseEngineSpec(spec: string): EngineSpec {
  const trimmed = spec.trim();
  if (!trimmed)
    throw new SkillEvalError('USAGE', 'An empty engine name was given.', {
      hint: 'Use --engine claude-code or --engine anthropic:claude-sonnet-4-5.',
    });
  const colon = trimmed.indexOf(':');
  if (colon <= 0 || /^[a-zA-Z]:[\\/]/.test(trimmed)) return { id: trimmed };
  const model = trimmed.slice(colon + 1);
  return model ? { id: trimmed.slice(0, colon), model } : { id: trimmed.slice(0, colon) };
}

/** `--ek key=value` pairs → a settings object (repeated keys become lists). */
export function parseEngineKwargs(pairs: readonly string[]): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) {
      throw new SkillEvalError('USAGE', `--ek expects key=value, got '${pair}'.`, {
        hint: 'For example: --ek path=/usr/local/bin/claude',
      });
    }
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1);
    const existing = settings[key];
    if (existing === undefined) settings[key] = value;
    else settings[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return settings;
}
