import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { parseYaml } from '@skill-eval/format-kit';
import { type CredentialSources, layered } from './credential-sources.js';

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
