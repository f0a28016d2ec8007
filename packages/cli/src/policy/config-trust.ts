import { itemsOf, type JsonNode, keysOf, type ParsedJson } from '@skill-eval/format-kit/json';
import { applyPolicy, type PolicyContext, refusePolicyFindings, type SettingUse } from '@skill-eval/runner/loading';
import { bundledEngine, bundledEnvironment } from '../plugins/bundled.js';

/** What the policy asks about this CLI: which plugins it bundles (nothing is imported for them), the project. */
export const policyContext = (projectDir: string): PolicyContext => ({
  bundled: (kind, id) =>
    kind === 'engine'
      ? Boolean(bundledEngine(id))
      : ['none', 'local', 'host'].includes(id.trim().toLowerCase()) || Boolean(bundledEnvironment(id)),
  projectDir,
});

/** An environment setting (`docker:<image>`, or `{ type, … }`) as the policy's `environment` settings. */
export function environmentUses(value: unknown, named: string, at: (key?: string) => SettingUse['at']): SettingUse[] {
  if (typeof value === 'string') {
    return [{ path: 'environment type', value: value.split(':')[0], named, at: at() }];
  }
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).map(([key, setting]) => ({
    path: `environment ${key}`,
    value: setting,
    named: `${named}.${key}`,
    at: at(key),
  }));
}

/** Every setting of a config, as the policy names it, each at its key's line. */
function configUses(file: string, json: ParsedJson, config: Record<string, unknown>): SettingUse[] {
  const root = json.root;
  const at = (node: JsonNode | undefined) => {
    if (!node) return { file };
    const { line, column } = json.positionAt(node.offset);
    return { file, line, column };
  };
  const uses: SettingUse[] = [];
  for (const { key, keyNode, valueNode } of root ? keysOf(root) : []) {
    const value = config[key];
    if (key === 'plugins') {
      for (const [i, item] of (valueNode ? itemsOf(valueNode) : []).entries()) {
        uses.push({ path: 'config plugins', value: [item], named: `plugins[${i}]`, at: at(item) });
      }
    } else if (key === 'engine' || key === 'judge') {
      const nodes = valueNode?.type === 'array' ? itemsOf(valueNode) : [valueNode];
      for (const [i, spec] of [value].flat().entries()) {
        uses.push({ path: `config ${key}`, value: spec, named: `${key} "${String(spec)}"`, at: at(nodes[i]) });
      }
    } else if (key === 'engineSettings') {
      for (const engine of valueNode ? keysOf(valueNode) : []) {
        for (const setting of engine.valueNode ? keysOf(engine.valueNode) : []) {
          const named = `engineSettings.${engine.key}.${setting.key}`;
          const settings = (value as Record<string, Record<string, unknown>> | undefined)?.[engine.key];
          uses.push({ path: `engine ${setting.key}`, value: settings?.[setting.key], named, at: at(setting.keyNode) });
        }
      }
    } else if (key === 'environment') {
      const raw = typeof value === 'object' && value ? environmentObject(value) : value;
      const keyOf = (name: string) => (valueNode ? keysOf(valueNode) : []).find((entry) => entry.key === name)?.keyNode;
      uses.push(...environmentUses(raw, 'environment', (name) => at((name && keyOf(name)) || keyNode)));
    } else {
      uses.push({ path: `config ${key}`, value, named: key, at: at(keyNode) });
    }
  }
  return uses;
}

/** The parsed config's `{ type, settings }` back as the settings the file wrote. */
const environmentObject = (value: object) => {
  const { type, settings } = value as { type?: unknown; settings?: Record<string, unknown> };
  return { type, ...settings };
};

/**
 * A config found in the project (not named with `-c`) is as untrusted as an eval file: what the policy says runs
 * code, chooses an endpoint, reads outside the project or widens the network needs --trust. Refused here, before any
 * plugin loads or any program runs, each at its line.
 */
export function refuseUntrustedConfig(
  file: string,
  /** How the hint names it for `-c`: relative to the working directory. */
  named: string,
  json: ParsedJson,
  config: Record<string, unknown>,
  projectDir: string,
): void {
  const { refused } = applyPolicy('found-config', configUses(file, json, config), {
    trust: false,
    context: policyContext(projectDir),
  });
  const one = refused.length === 1;
  refusePolicyFindings(
    refused,
    `${file} was found in the project, so it is not trusted, and ${one ? 'this setting' : 'these settings'} would run code or send data away:`,
    `Read it, then pass --trust (or name it yourself with -c ${named}, which trusts it); or remove ${one ? 'the setting' : 'those settings'}.`,
  );
}
