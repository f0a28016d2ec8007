import { at, type DocPath, isRecord, type Source } from './source.js';

/** The engine and model a config's provider maps to, when one does. */
export interface EngineChoice {
  engine: string;
  model: string;
}

/** A provider's id as promptfoo reads it: a string, `{id}`, or the `{<id>: {...}}` map form (index.js 2059-2073). */
function providerId(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return undefined;
  if (typeof value.id === 'string') return value.id;
  const [key] = Object.keys(value);
  const inner = key === undefined ? undefined : value[key];
  return isRecord(inner) && typeof inner.id === 'string' ? inner.id : key;
}

/**
 * The engine a provider id maps to, read as promptfoo's provider registry splits it (promptfoo 0.123.1
 * `dist/src/providers-vvyLQL6h.js` 22650-22663 for `anthropic:`, 23059-23131 for `openai:`): `anthropic:messages:<m>`
 * and `anthropic:<claude-…>`; `openai:chat:<m>`, `openai:responses:<m>` and `openai:<m>`.
 */
export function engineOf(id: string): EngineChoice | undefined {
  const [vendor, type, ...rest] = id.split(':');
  const name = rest.join(':');
  if (vendor === 'anthropic') {
    if (type === 'messages' && name) return { engine: 'anthropic', model: name };
    if (type?.startsWith('claude-') && rest.length === 0) return { engine: 'anthropic', model: type };
  }
  if (vendor === 'openai') {
    if ((type === 'chat' || type === 'responses') && name) return { engine: 'openai', model: name };
    if (type && rest.length === 0 && /^(gpt-|o\d|chatgpt-)/.test(type)) return { engine: 'openai', model: type };
  }
  return undefined;
}

/**
 * The config's `providers` (or `targets`): one provider that maps to an engine is the suite's engine and model, as
 * a hint the command line overrides; any other (several providers, `exec:`, a provider skill-eval has no engine for)
 * is said once, at its line, to be replaced by the run's engine.
 */
export function readProviders(value: unknown, path: DocPath, source: Source): EngineChoice | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map(providerId);
  if (ids.length === 1 && ids[0] !== undefined) {
    const choice = engineOf(ids[0]);
    if (choice) return choice;
  }
  const named = ids.map((id) => (id === undefined ? '(unnamed)' : `"${id}"`)).join(', ');
  const exec = ids.some((id) => id?.startsWith('exec:'));
  source.sink.info(
    'providers-replaced',
    `promptfoo runs each test against ${ids.length === 1 ? 'the provider' : 'each of the providers'} ${named}; skill-eval runs each test once, on the run's engine (--engine), which replaces ${ids.length === 1 ? 'it' : 'them'}${exec ? ' (an exec: provider is never run from an eval file)' : ''}. Only a single anthropic:messages:<model> or openai:<model> provider is taken as the engine and model.`,
    at(path),
  );
  return undefined;
}
