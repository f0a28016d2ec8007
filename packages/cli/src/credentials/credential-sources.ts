import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { SkillEvalError } from '@skill-eval/core';
import { parseYaml } from '@skill-eval/format-kit';
import { applyPolicy } from '@skill-eval/runner';

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

/** Variables that hold a credential (the names the redaction knows as secrets). */
const CREDENTIAL_VARIABLE = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;

/**
 * The variables of a `.env` in the project root (the working directory), under the real environment: a variable set
 * there wins, as promptfoo and skill-up read `.env`. A `.env` is a file found in the project, so it is not trusted to
 * send your keys away: without `trust`, one that sets an endpoint (`ANTHROPIC_BASE_URL`, a proxy …) while a credential
 * comes from the real environment is refused — the endpoint would receive that credential.
 */
export function withDotEnv(cwd: string, env: Env, trust = false): CredentialSources {
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
  const layers = layered([{ source: '.env', vars: parseEnv(text) as Record<string, string> }], env);
  if (!trust) refuseUntrustedVariables(file, text, layers, env);
  return layers;
}

/**
 * Throws when the `.env` set what the policy refuses from it: an endpoint (a model's, a proxy) that a credential of
 * the real environment would be sent to, the docker daemon or its credentials, what a program loads.
 */
function refuseUntrustedVariables(file: string, text: string, layers: CredentialSources, env: Env): void {
  const credentials = Object.keys(env).filter((name) => CREDENTIAL_VARIABLE.test(name) && env[name]);
  const lines = text.split('\n');
  const lineOf = (name: string) =>
    lines.findIndex((row) => new RegExp(`^\\s*(export\\s+)?${name}\\s*=`).test(row)) + 1 || 1;
  const uses = [...layers.sources.keys()].map((name) => ({
    path: `.env ${name}`,
    value: layers.env[name],
    named: name,
    at: { file, line: lineOf(name) },
  }));
  const { refused } = applyPolicy('dotenv', uses, { trust: false, context: { userCredentials: credentials } });
  if (refused.length === 0) return;
  const said = refused.map(({ use, entry, why }) =>
    entry?.paths.includes('.env *_BASE_URL')
      ? `${file}:${use.at!.line}: sets ${use.named}, but ${credentials.join(', ')} come${credentials.length === 1 ? 's' : ''} from your environment: a .env found in the project would send ${credentials.length === 1 ? 'it' : 'them'} to an endpoint it chose.`
      : `${file}:${use.at!.line}: sets ${use.named}, which ${why}.`,
  );
  const [first] = refused;
  throw new SkillEvalError('UNTRUSTED', said.join('\n'), {
    hint: `Set ${first!.use.named} in your environment instead, put the key in the .env too (and unset it in your environment), or pass --trust if you wrote this .env.`,
  });
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
