import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { SkillEvalError } from '@skill-eval/core';
import { applyPolicy } from '@skill-eval/runner';

type Env = Record<string, string | undefined>;

/** The run's environment, and where each variable that did not come from the real environment came from. */
export interface CredentialSources {
  env: Env;
  /** `.env` or the credentials file, by variable; a variable of the real environment is absent. */
  sources: ReadonlyMap<string, string>;
}

/** Lower layers under higher ones: a variable is taken from the first layer that has it. */
export function layered(
  layers: readonly { source: string; vars: Record<string, string> }[],
  env: Env,
): CredentialSources {
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
