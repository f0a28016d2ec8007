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
      hint: 'Use --engine claude-code or --engine anthropic:claude-sonnet-5-5.',
    });
  const colon = trimmed.indexOf(':');
  if (colon === 0)
    throw new SkillEvalError('USAGE', `'${trimmed}' names no engine before the colon of id:model.`, {
      hint: 'Name the engine first, as in --engine anthropic:claude-sonnet-5-5 or --judge anthropic:claude-sonnet-5-5.',
    });
  if (colon < 0 || /^[a-zA-Z]:[\\/]/.test(trimmed)) return { id: trimmed };
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

/**
 * The settings of one engine out of all `--ek` pairs: `key=value` applies to every engine, `engine.key=value`
 * (any of the engine's names) only to that one, and wins.
 */
export function kwargsFor(all: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const normalized = names.map((n) => n.toLowerCase().replaceAll('_', '-'));
  const shared: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    const dot = key.indexOf('.');
    if (dot < 0) shared[key] = value;
    else if (normalized.includes(key.slice(0, dot).toLowerCase().replaceAll('_', '-'))) own[key.slice(dot + 1)] = value;
  }
  return { ...shared, ...own };
}

/** Engine names used as `engine.key` scopes in `--ek` that match no requested engine: likely typos. */
export function unknownScopes(all: Record<string, unknown>, names: readonly string[]): string[] {
  const normalized = new Set(names.map((n) => n.toLowerCase().replaceAll('_', '-')));
  return Object.keys(all)
    .filter((key) => key.includes('.'))
    .map((key) => key.slice(0, key.indexOf('.')))
    .filter((scope) => !normalized.has(scope.toLowerCase().replaceAll('_', '-')));
}

/**
 * The id each engine spec runs under in results: its plugin's id, or `id:model` when the run has that engine more
 * than once (`-e anthropic:a -e anthropic:b`), so that each model's results, verdicts and files stay apart. The
 * same engine twice with the same model is a usage error.
 */
export function engineTargetIds(specs: readonly EngineSpec[], pluginId: (spec: EngineSpec) => string): string[] {
  const ids = specs.map(pluginId);
  const repeated = (id: string) => ids.filter((other) => other === id).length > 1;
  const named = specs.map((spec, i) => (repeated(ids[i]!) && spec.model ? `${ids[i]}:${spec.model}` : ids[i]!));
  const twice = named.find((id, i) => named.indexOf(id) !== i);
  if (twice !== undefined) {
    throw new SkillEvalError('USAGE', `The engine ${twice} is given more than once with the same model.`, {
      hint: 'Give each --engine its own model to compare models (--engine anthropic:model-a --engine anthropic:model-b), or drop the repeat.',
    });
  }
  return named;
}
