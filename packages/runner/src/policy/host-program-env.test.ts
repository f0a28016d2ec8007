import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChildEnv } from '../child-env.js';
import {
  CLOUD_MODE_CREDENTIALS,
  CREDENTIAL_VARIABLES,
  isCredentialVariable,
  MODEL_KEY_VARIABLES,
  onlyCredential,
  scopeCredential,
  withoutUserinfo,
} from './host-program-env.js';

/** A dummy value naming its variable, so that a value that moved to another name is still found. */
const dummy = (name: string): string => `dummy-${name}`;
const withDummies = (names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, dummy(name)]));
const credentialsIn = (env: Readonly<Record<string, string>>): string[] =>
  Object.keys(env).filter(isCredentialVariable).sort();

describe('onlyCredential', () => {
  const everything = { ...withDummies(CREDENTIAL_VARIABLES), PATH: '/bin', SKILL_EVAL_TOKEN: 'setting' };

  it('keeps, of every credential skill-eval knows, only the chosen one', () => {
    for (const chosen of CREDENTIAL_VARIABLES) {
      const scoped = onlyCredential(everything, chosen);
      expect(credentialsIn(scoped), chosen).toEqual([chosen]);
      expect(scoped).toMatchObject({ PATH: '/bin', SKILL_EVAL_TOKEN: 'setting' });
    }
  });

  it("keeps, for a cloud mode, that cloud's credentials and no model key", () => {
    expect(CLOUD_MODE_CREDENTIALS.size).toBeGreaterThan(0);
    for (const [mode, cloud] of CLOUD_MODE_CREDENTIALS) {
      const scoped = onlyCredential({ ...everything, [mode]: '1' }, mode);
      expect(credentialsIn(scoped), mode).toEqual([...cloud].sort());
      expect(scoped[mode]).toBe('1');
      for (const key of MODEL_KEY_VARIABLES) if (!cloud.includes(key)) expect(scoped[key], mode).toBeUndefined();
    }
  });

  it('keeps no credential at all for a login, or a switch that is no cloud mode skill-eval knows', () => {
    for (const chosen of [undefined, 'SOME_SWITCH', '__proto__', 'constructor', 'toString']) {
      expect(credentialsIn(onlyCredential(everything, chosen)), String(chosen)).toEqual([]);
    }
  });

  it('takes out a variable shaped like a credential that nobody listed', () => {
    const env = { MISTRAL_API_KEY: 'k', NEW_PROVIDER_TOKEN: 't', X_SECRET: 's', AWS_REGION: 'eu', GH_HOST: 'h' };
    expect(onlyCredential(env, undefined)).toEqual({ AWS_REGION: 'eu', GH_HOST: 'h' });
    expect(onlyCredential(env, 'MISTRAL_API_KEY')).toEqual({ MISTRAL_API_KEY: 'k', AWS_REGION: 'eu', GH_HOST: 'h' });
  });
});

describe('scopeCredential', () => {
  const env = { ANTHROPIC_API_KEY: 'a-key', ANTHROPIC_AUTH_TOKEN: 'a-token', OPENAI_API_KEY: 'o-key', PATH: '/bin' };

  it('keeps only the credential the engine says it runs with', () => {
    const engine = { credential: () => ({ variable: 'OPENAI_API_KEY' }) };
    expect(scopeCredential(env, engine)).toEqual({ OPENAI_API_KEY: 'o-key', PATH: '/bin' });
  });

  it('keeps none for an engine that runs with a login file or without a credential', () => {
    expect(scopeCredential(env, { credential: () => ({ file: '/home/u/.codex/auth.json' }) })).toEqual({
      PATH: '/bin',
    });
    expect(scopeCredential(env, { credential: () => undefined })).toEqual({ PATH: '/bin' });
  });

  it('keeps, for an engine that cannot say which it runs with, the credentials it names itself and no other', () => {
    expect(scopeCredential(env, { environment: ['OPENAI_API_KEY'] })).toEqual({
      OPENAI_API_KEY: 'o-key',
      PATH: '/bin',
    });
    expect(scopeCredential(env, {})).toEqual({ PATH: '/bin' });
  });
});

it('takes the userinfo out of a proxy URL', () => {
  expect(withoutUserinfo('http://user:s3cret-pw@proxy.local:3128')).toBe('http://proxy.local:3128');
  expect(withoutUserinfo('http://proxy.local:3128/')).toBe('http://proxy.local:3128/');
  expect(withoutUserinfo('not a url user:pw@')).toBe('not a url user:pw@');
});

// ---------------------------------------------------------------------------------------------------------------------
// Every engine of the repository × every way it authenticates × every credential skill-eval knows: what reaches the
// agent (execute.ts: `scopeCredential(life.childEnv(engine.environment), engine)`) is the mode's own credential alone.

/** An engine plugin as far as this test goes. */
interface EnginePlugin {
  contract: string;
  id: string;
  parseSettings(raw: unknown): unknown;
  create(settings: unknown): {
    readonly environment?: readonly string[];
    credential?(env: Readonly<Record<string, string | undefined>>): { variable?: string; file?: string } | undefined;
  };
}

/** One way an engine authenticates. */
interface AuthMode {
  name: string;
  settings?: Record<string, unknown>;
  /** What selects the mode besides its credentials (a switch, an endpoint, a project). */
  env?: Record<string, string>;
  /** The variable the engine's `credential()` names; none for a login file or no credential. */
  credential?: string;
  /** The credentials the engine would prefer to this mode's: left unset, the rest are all set. */
  before?: readonly string[];
  /** The credentials that reach the agent, exactly. */
  passes: readonly string[];
  /** Whether the fresh HOME holds the engine's login files (a `codex login`, a `copilot login`, …). */
  login?: boolean;
}

const BEDROCK = CLOUD_MODE_CREDENTIALS.get('CLAUDE_CODE_USE_BEDROCK')!;
const GOOGLE_CLOUD = CLOUD_MODE_CREDENTIALS.get('GOOGLE_GENAI_USE_VERTEXAI')!;
const GITHUB_TOKENS = ['COPILOT_GITHUB_TOKEN', 'GH_TOKEN', 'GITHUB_TOKEN'];
const COPILOT_BYOK = ['COPILOT_PROVIDER_API_KEY', 'COPILOT_PROVIDER_BEARER_TOKEN'];

/**
 * How each engine authenticates (its `credential()`): an engine of `adapters/` without an entry here fails the test,
 * so a new engine says which credential each of its modes runs with before it ships.
 */
const MODES: Record<string, readonly AuthMode[]> = {
  'claude-code': [
    {
      name: 'Amazon Bedrock',
      env: { CLAUDE_CODE_USE_BEDROCK: '1', AWS_REGION: 'us-east-1' },
      credential: 'CLAUDE_CODE_USE_BEDROCK',
      passes: BEDROCK,
    },
    {
      name: 'Google Vertex AI',
      env: { CLAUDE_CODE_USE_VERTEX: '1', ANTHROPIC_VERTEX_PROJECT_ID: 'p' },
      credential: 'CLAUDE_CODE_USE_VERTEX',
      passes: GOOGLE_CLOUD,
    },
    { name: 'auth token', credential: 'ANTHROPIC_AUTH_TOKEN', passes: ['ANTHROPIC_AUTH_TOKEN'] },
    {
      name: 'API key',
      credential: 'ANTHROPIC_API_KEY',
      before: ['ANTHROPIC_AUTH_TOKEN'],
      passes: ['ANTHROPIC_API_KEY'],
    },
    {
      name: 'subscription OAuth token',
      credential: 'CLAUDE_CODE_OAUTH_TOKEN',
      before: ['ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_API_KEY'],
      passes: ['CLAUDE_CODE_OAUTH_TOKEN'],
    },
    {
      name: 'none',
      before: ['ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_API_KEY', 'CLAUDE_CODE_OAUTH_TOKEN'],
      passes: [],
    },
  ],
  codex: [
    { name: 'API key', credential: 'OPENAI_API_KEY', passes: ['OPENAI_API_KEY'] },
    {
      name: 'API key of apiKeyEnv',
      settings: { apiKeyEnv: 'MY_CODEX_KEY' },
      env: { MY_CODEX_KEY: 'dummy-MY_CODEX_KEY' },
      credential: 'MY_CODEX_KEY',
      passes: ['MY_CODEX_KEY'],
    },
    { name: 'codex login', before: ['OPENAI_API_KEY'], login: true, passes: [] },
    { name: 'none', before: ['OPENAI_API_KEY'], passes: [] },
  ],
  copilot: [
    { name: 'COPILOT_GITHUB_TOKEN', credential: 'COPILOT_GITHUB_TOKEN', passes: ['COPILOT_GITHUB_TOKEN'] },
    { name: 'GH_TOKEN', credential: 'GH_TOKEN', before: ['COPILOT_GITHUB_TOKEN'], passes: ['GH_TOKEN'] },
    { name: 'GITHUB_TOKEN', credential: 'GITHUB_TOKEN', before: GITHUB_TOKENS.slice(0, 2), passes: ['GITHUB_TOKEN'] },
    {
      name: 'bring-your-own-key provider key',
      env: { COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:1/v1' },
      credential: 'COPILOT_PROVIDER_API_KEY',
      passes: ['COPILOT_PROVIDER_API_KEY'],
    },
    {
      name: 'bring-your-own-key bearer token',
      env: { COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:1/v1' },
      credential: 'COPILOT_PROVIDER_BEARER_TOKEN',
      before: ['COPILOT_PROVIDER_API_KEY'],
      passes: ['COPILOT_PROVIDER_BEARER_TOKEN'],
    },
    {
      name: 'OpenAI provider',
      settings: { provider: 'openai' },
      credential: 'OPENAI_API_KEY',
      before: COPILOT_BYOK,
      passes: ['OPENAI_API_KEY'],
    },
    {
      name: 'Anthropic provider',
      settings: { provider: 'anthropic' },
      credential: 'ANTHROPIC_API_KEY',
      before: COPILOT_BYOK,
      passes: ['ANTHROPIC_API_KEY'],
    },
    {
      name: 'local provider without a key',
      env: { COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:1/v1', COPILOT_PROVIDER_TYPE: 'openai' },
      before: [...COPILOT_BYOK, 'OPENAI_API_KEY'],
      passes: [],
    },
    { name: 'copilot login', before: GITHUB_TOKENS, login: true, passes: [] },
    { name: 'none', before: GITHUB_TOKENS, passes: [] },
  ],
  'gemini-cli': [
    { name: 'Gemini API key', credential: 'GEMINI_API_KEY', passes: ['GEMINI_API_KEY'] },
    {
      name: 'Vertex AI express mode',
      env: { GOOGLE_GENAI_USE_VERTEXAI: 'true' },
      credential: 'GOOGLE_API_KEY',
      passes: ['GOOGLE_API_KEY'],
    },
    {
      name: 'Vertex AI with the cloud credentials',
      env: { GOOGLE_GENAI_USE_VERTEXAI: 'true', GOOGLE_CLOUD_PROJECT: 'p', GOOGLE_CLOUD_LOCATION: 'l' },
      credential: 'GOOGLE_GENAI_USE_VERTEXAI',
      before: ['GOOGLE_API_KEY'],
      passes: GOOGLE_CLOUD,
    },
    { name: 'Login with Google', before: ['GEMINI_API_KEY'], login: true, passes: [] },
    { name: 'none', before: ['GEMINI_API_KEY'], passes: [] },
  ],
  opencode: [
    {
      name: 'Anthropic key',
      settings: { model: 'anthropic/claude-x' },
      credential: 'ANTHROPIC_API_KEY',
      passes: ['ANTHROPIC_API_KEY'],
    },
    {
      name: 'OpenAI key',
      settings: { model: 'openai/gpt-x' },
      credential: 'OPENAI_API_KEY',
      passes: ['OPENAI_API_KEY'],
    },
    { name: 'no model: the first key', credential: 'ANTHROPIC_API_KEY', passes: ['ANTHROPIC_API_KEY'] },
    { name: 'a provider without a key variable, logged in', settings: { model: 'google/g' }, login: true, passes: [] },
    { name: 'a provider without a key variable', settings: { model: 'google/g' }, passes: [] },
    {
      name: 'opencode login',
      settings: { model: 'anthropic/claude-x' },
      before: ['ANTHROPIC_API_KEY'],
      login: true,
      passes: [],
    },
  ],
  qodercli: [
    { name: 'access token', credential: 'QODER_PERSONAL_ACCESS_TOKEN', passes: ['QODER_PERSONAL_ACCESS_TOKEN'] },
    { name: 'qodercli login', before: ['QODER_PERSONAL_ACCESS_TOKEN'], login: true, passes: [] },
    { name: 'none', before: ['QODER_PERSONAL_ACCESS_TOKEN'], passes: [] },
  ],
  anthropic: [
    { name: 'API key', credential: 'ANTHROPIC_API_KEY', passes: ['ANTHROPIC_API_KEY'] },
    {
      name: 'API key of apiKeyEnv',
      settings: { apiKeyEnv: 'MY_ANTHROPIC_KEY' },
      env: { MY_ANTHROPIC_KEY: 'dummy-MY_ANTHROPIC_KEY' },
      credential: 'MY_ANTHROPIC_KEY',
      passes: ['MY_ANTHROPIC_KEY'],
    },
  ],
  openai: [{ name: 'API key', credential: 'OPENAI_API_KEY', passes: ['OPENAI_API_KEY'] }],
  // No credential(): what its `env` setting references is what its user gave it, and nothing else.
  command: [
    {
      name: 'keys its env setting references',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the command engine's own template, not JavaScript's
      settings: { command: 'true', env: { OPENAI_API_KEY: '${OPENAI_API_KEY}' } },
      passes: ['OPENAI_API_KEY'],
    },
    { name: 'no key referenced', settings: { command: 'true' }, passes: [] },
  ],
};

/**
 * Variables engines name that are settings, not credentials (a switch, a region, a model, a folder): each engine's
 * `environment` is either a credential ({@link isCredentialVariable}) or one of these, so that a new variable is
 * classified by whoever adds it.
 */
const SETTINGS = new Set([
  'CLAUDE_CODE_USE_BEDROCK',
  'CLAUDE_CODE_USE_VERTEX',
  'CLAUDE_CODE_SKIP_BEDROCK_AUTH',
  'CLAUDE_CODE_SKIP_VERTEX_AUTH',
  'ANTHROPIC_BEDROCK_BASE_URL',
  'ANTHROPIC_VERTEX_BASE_URL',
  'ANTHROPIC_VERTEX_PROJECT_ID',
  'CLOUD_ML_REGION',
  'ANTHROPIC_MODEL',
  'ANTHROPIC_SMALL_FAST_MODEL',
  'ANTHROPIC_DEFAULT_OPUS_MODEL',
  'ANTHROPIC_DEFAULT_SONNET_MODEL',
  'ANTHROPIC_DEFAULT_HAIKU_MODEL',
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'GOOGLE_CLOUD_PROJECT',
  'GCLOUD_PROJECT',
  'GOOGLE_CLOUD_LOCATION',
  'GOOGLE_GENAI_USE_VERTEXAI',
  'GOOGLE_GEMINI_BASE_URL',
  'GOOGLE_VERTEX_BASE_URL',
  'ANTHROPIC_BASE_URL',
  'OPENAI_BASE_URL',
  'COPILOT_PROVIDER_BASE_URL',
  'COPILOT_PROVIDER_TYPE',
  'GH_HOST',
  'COPILOT_GH_HOST',
  'COPILOT_HOME',
  'XDG_CACHE_HOME',
  'CODEX_HOME',
  'QODER_CONFIG_DIR',
]);

const ADAPTERS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'adapters');

async function loadEngines(): Promise<EnginePlugin[]> {
  const plugins: EnginePlugin[] = [];
  for (const dir of readdirSync(ADAPTERS).sort()) {
    const module = (await import(pathToFileURL(join(ADAPTERS, dir, 'src', 'index.ts')).href)) as {
      default?: EnginePlugin;
    };
    if (module.default?.contract === 'engine-v1') plugins.push(module.default);
  }
  return plugins;
}

/** A fresh HOME holding every engine's login files. */
function loggedInHome(root: string): string {
  const home = join(root, 'logged-in');
  const files = [
    ['.codex', 'auth.json'],
    ['.copilot', 'config.json'],
    ['.gemini', 'oauth_creds.json'],
    ['.local', 'share', 'opencode', 'auth.json'],
    ['.qoder', '.auth', 'user'],
  ];
  for (const parts of files) {
    const file = join(home, ...parts);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{}\n');
  }
  return home;
}

describe('what of the user credentials reaches each engine', () => {
  let engines: EnginePlugin[] = [];
  let root = '';
  let homes: { empty: string; login: string };

  beforeAll(async () => {
    engines = await loadEngines();
    root = mkdtempSync(join(tmpdir(), 'host-program-env-'));
    homes = { empty: join(root, 'empty'), login: loggedInHome(root) };
    mkdirSync(homes.empty);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('covers every engine of the repository, and no engine that is not one', () => {
    expect(engines.length).toBeGreaterThan(5);
    expect(engines.map((plugin) => plugin.id).sort()).toEqual(Object.keys(MODES).sort());
  });

  it('has every variable an engine names classified: a credential, or a setting listed here', () => {
    for (const plugin of engines) {
      for (const mode of MODES[plugin.id] ?? []) {
        const engine = plugin.create(plugin.parseSettings(mode.settings ?? {}));
        const unclassified = (engine.environment ?? []).filter(
          (name) => !isCredentialVariable(name) && !SETTINGS.has(name),
        );
        expect(unclassified, `${plugin.id} (${mode.name})`).toEqual([]);
      }
    }
  });

  it("hands each engine, in each of its modes, the mode's credentials and none of the others", () => {
    // Every credential skill-eval knows, every credential-shaped variable an engine names, and one nobody names.
    const named = engines.flatMap((plugin) =>
      (MODES[plugin.id] ?? []).flatMap(
        (mode) => plugin.create(plugin.parseSettings(mode.settings ?? {})).environment ?? [],
      ),
    );
    const all = [...new Set([...CREDENTIAL_VARIABLES, ...named.filter(isCredentialVariable), 'MISTRAL_API_KEY'])];
    const found: string[] = [];
    let checked = 0;
    for (const plugin of engines) {
      for (const mode of MODES[plugin.id] ?? []) {
        const label = `${plugin.id}, ${mode.name}`;
        const engine = plugin.create(plugin.parseSettings(mode.settings ?? {}));
        const source = {
          PATH: '/usr/bin',
          HOME: '/home/user',
          SKILL_EVAL_SETTING: 'kept',
          ...withDummies(all.filter((name) => !mode.before?.includes(name))),
          ...mode.env,
        };
        const childEnv = buildChildEnv(source, mode.login ? homes.login : homes.empty, engine.environment);
        const credential = engine.credential?.(childEnv)?.variable;
        if (credential !== mode.credential) found.push(`${label}: runs with ${credential}, not ${mode.credential}`);
        const scoped = scopeCredential(childEnv, engine);
        const passes = mode.passes.filter((name) => name in source);
        const extra = credentialsIn(scoped).filter((name) => !passes.includes(name));
        const missing = passes.filter((name) => scoped[name] !== source[name as keyof typeof source]);
        if (extra.length > 0) found.push(`${label}: also gets ${extra.join(', ')}`);
        if (missing.length > 0) found.push(`${label}: lacks ${missing.join(', ')}`);
        // No credential's value under any other name either.
        const moved = Object.entries(scoped).filter(
          ([name, value]) => value.startsWith('dummy-') && !passes.map(dummy).includes(value) && !extra.includes(name),
        );
        if (moved.length > 0) found.push(`${label}: gets ${moved.map(([name]) => name).join(', ')}`);
        if (scoped.PATH !== '/usr/bin' || scoped.SKILL_EVAL_SETTING !== 'kept') found.push(`${label}: lost a setting`);
        checked += 1;
      }
    }
    expect(found).toEqual([]);
    expect(checked).toBe(Object.values(MODES).flat().length);
  });
});
