import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { SkillEvalError } from '@skill-eval/core';
import { parseYaml } from '@skill-eval/format-kit';

type Env = Record<string, string | undefined>;

/** The run's environment, and where each variable that did not come from the real environment came from. */
export interface CredentialSources {
  env: Env;
  /** `.env` or the credentials file, by variable; a variable of the real environment is absent. */
  sources: ReadonlyMap<string, string>;
}

/** Lower layers under higher ones: a variable is taken from the first layer that has it. */
function layered(layers: readonly { source: string; vars: Record<string, string> }[], env: Env): CredentialSources {
  const merged: Env = { ...env };
  const sources = new Map<string, string>();
  for (const { source, vars } of layers) {
    for (const [name, value] of Object.entries(vars)) {
      if (merged[name] !== undefined) continue;
      merged[name] = value;
      sources.set(name, source);
    }
  }
  return { env: merged, sources };
}

/**
 * The variables of a `.env` in the project root (the working directory), under the real environment: a variable set
 * there wins, as promptfoo and skill-up read `.env`.
 */
export function withDotEnv(cwd: string, env: Env): CredentialSources {
  const file = join(cwd, '.env');
  if (!existsSync(file)) return { env, sources: new Map() };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SkillEvalError('BAD_INPUT', `Cannot read ${file}: ${(error as Error).message}`, {
      hint: 'Make it readable, or remove it.',
    });
  }
  return layered([{ source: '.env', vars: parseEnv(text) as Record<string, string> }], env);
}

/** skill-up's `providers.<name>` entry: a key and an endpoint, flat or per protocol. */
interface ProviderEntry {
  api_key?: unknown;
  base_url?: unknown;
  openai?: { api_key?: unknown; base_url?: unknown };
  anthropic?: { api_key?: unknown; base_url?: unknown };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * `~/.skill-up/credentials.yaml` as skill-up reads it, for a run with skill-up suites: each provider's `api_key` and
 * `base_url` (the flat ones, else its `openai` or `anthropic` endpoint's) as `<PROVIDER>_API_KEY` and
 * `<PROVIDER>_BASE_URL`, under the real environment and `.env` (skill-up's order: `--api-key`, those variables, `.env`,
 * then this file).
 */
export function withSkillUpCredentials(home: string | undefined, layers: CredentialSources): CredentialSources {
  if (!home) return layers;
  const file = join(home, '.skill-up', 'credentials.yaml');
  if (!existsSync(file)) return layers;
  const parsed = parseYaml(readFileSync(file, 'utf8'));
  if (parsed.errors.length > 0) {
    const [first] = parsed.errors;
    throw new SkillEvalError('BAD_INPUT', `${file}:${first!.line}:${first!.column}: ${first!.message}`, {
      hint: 'Fix the YAML of the credentials file skill-up reads, or move it away.',
    });
  }
  const providers = (parsed.toJS() as { providers?: Record<string, ProviderEntry> } | null)?.providers ?? {};
  const vars: Record<string, string> = {};
  for (const [name, entry] of Object.entries(providers)) {
    const prefix = name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
    const key = text(entry?.api_key) ?? text(entry?.openai?.api_key) ?? text(entry?.anthropic?.api_key);
    const baseUrl = text(entry?.base_url) ?? text(entry?.openai?.base_url) ?? text(entry?.anthropic?.base_url);
    if (key) vars[`${prefix}_API_KEY`] = key;
    if (baseUrl) vars[`${prefix}_BASE_URL`] = baseUrl;
  }
  const added = layered([{ source: '~/.skill-up/credentials.yaml', vars }], layers.env);
  return { env: added.env, sources: new Map([...layers.sources, ...added.sources]) };
}
