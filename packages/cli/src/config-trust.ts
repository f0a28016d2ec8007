import { SkillEvalError } from '@skill-eval/core';
import { itemsOf, type JsonNode, keysOf, type ParsedJson, property } from '@skill-eval/format-kit';
import { bundledEngine } from './plugins/bundled.js';

/**
 * Engine settings that only shape what the agent is asked and how long it may take. Every other setting starts a
 * program (`path`, `command`), adds to its command line (`extraArgs`: `--settings` hooks, `--mcp-config` servers),
 * chooses where the model key goes or which secret is the key (`baseUrl`, `apiKeyEnv`), hands it the environment
 * (`env`), or loosens what the agent may touch (`sandbox`, `allowedTools`) — and a plugin's settings are its own.
 */
const SAFE_ENGINE_SETTINGS = new Set([
  'model',
  'maxTurns',
  'maxTokens',
  'temperature',
  'permissionMode',
  'api',
  'timeoutSeconds',
]);

const WHY: Record<string, string> = {
  path: 'names the program to run',
  command: 'names the program to run',
  extraArgs: "adds arguments to the agent's command line (--settings hooks, --mcp-config servers …)",
  baseUrl: 'sends the model key to that endpoint',
  apiKeyEnv: 'chooses which secret is sent as the model key',
  env: 'hands the program environment variables (secrets among them)',
  sandbox: 'decides what the agent may write outside its workspace',
  allowedTools: 'widens what the agent may do',
};

/** One use of a config found in the project that runs code or sends data away. */
interface PrivilegedUse {
  node: JsonNode;
  what: string;
}

/** Whether an engine setting, by its key (`path`, `claude-code.path`), needs the user to vouch for it. */
export const isPrivilegedEngineSetting = (key: string): boolean => !SAFE_ENGINE_SETTINGS.has(key.split('.').at(-1)!);

/** Why an engine setting needs the user to vouch for it, in the words of a message. */
export const privilegedSettingReason = (key: string): string =>
  WHY[key.split('.').at(-1)!] ?? 'is a setting skill-eval cannot vouch for';

/** Whether `spec` (`id[:model]`) names an engine outside the bundled ones: a module to load, whose code runs. */
export const loadsEngineModule = (spec: string): boolean => !bundledEngine(spec.split(':')[0]!);

function privilegedUses(
  root: JsonNode | undefined,
  config: { engine?: string | string[]; judge?: string },
): PrivilegedUse[] {
  const uses: PrivilegedUse[] = [];
  const plugins = property(root, 'plugins');
  for (const [i, item] of (plugins ? itemsOf(plugins) : []).entries()) {
    uses.push({ node: item, what: `plugins[${i}] loads a module from the project, which runs its code` });
  }
  const engineNode = property(root, 'engine');
  const engines = [config.engine ?? []].flat();
  const engineNodes = engineNode && engineNode.type === 'array' ? itemsOf(engineNode) : engines.map(() => engineNode);
  for (const [i, spec] of engines.entries()) {
    if (loadsEngineModule(spec))
      uses.push({ node: engineNodes[i]!, what: `engine "${spec}" loads an engine module, which runs its code` });
  }
  if (config.judge && loadsEngineModule(config.judge)) {
    uses.push({
      node: property(root, 'judge')!,
      what: `judge "${config.judge}" loads an engine module, which runs its code`,
    });
  }
  const settings = property(root, 'engineSettings');
  for (const engine of settings ? keysOf(settings) : []) {
    for (const setting of engine.valueNode ? keysOf(engine.valueNode) : []) {
      if (!isPrivilegedEngineSetting(setting.key)) continue;
      const why = privilegedSettingReason(setting.key);
      uses.push({ node: setting.keyNode, what: `engineSettings.${engine.key}.${setting.key} ${why}` });
    }
  }
  return uses;
}

/**
 * A config found in the project (not named with `-c`) is as untrusted as an eval file: what in it runs code, chooses
 * where the user's key goes or loosens the agent's limits needs --trust. Refused here, before any plugin loads or any
 * program runs, each at its line.
 */
export function refuseUntrustedConfig(
  file: string,
  /** How the hint names it for `-c`: relative to the working directory. */
  named: string,
  json: ParsedJson,
  config: { engine?: string | string[]; judge?: string },
): void {
  const uses = privilegedUses(json.root, config);
  if (uses.length === 0) return;
  const lines = uses.map(({ node, what }) => {
    const { line, column } = json.positionAt(node.offset);
    return `\n  ${file}:${line}:${column}: ${what}`;
  });
  throw new SkillEvalError(
    'UNTRUSTED',
    `${file} was found in the project, so it is not trusted, and ${uses.length === 1 ? 'this setting' : 'these settings'} would run code or send data away:${lines.join('')}`,
    {
      hint: `Read it, then pass --trust (or name it yourself with -c ${named}, which trusts it); or remove ${uses.length === 1 ? 'the setting' : 'those settings'}.`,
    },
  );
}
