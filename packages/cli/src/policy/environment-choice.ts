import { relative } from 'node:path';
import {
  ANY_ENDPOINT_VARIABLE,
  type Case,
  configurePlugin,
  type Environment,
  type EnvironmentPlugin,
  type EnvironmentSpec,
  MODEL_ENDPOINT_VARIABLES,
  normalizePluginId,
  pluginPackageNames,
  SkillEvalError,
  type Suite,
} from '@skill-eval/core';
import type { EngineTarget } from '@skill-eval/runner';
import { applyPolicy, refusePolicyFindings, type SettingUse } from '@skill-eval/runner/loading';
import { didYouMean } from '../loading/did-you-mean.js';
import { bundledEnvironment } from '../plugins/bundled.js';
import { loadPlugin } from '../plugins/load-plugin.js';
import { environmentUses, policyContext } from './config-trust.js';

/** The network a container environment gives its executions' programs. */
export type NetworkChoice = 'deny' | 'open';

/** Names of the host itself: no environment at all. */
const LOCAL = new Set(['none', 'local', 'host']);

/**
 * `--environment` (or the config's `environment`): `docker:<image>`, `opensandbox:<image>`, a plugin id alone, or
 * `none` for the host. Undefined means the host.
 */
export function parseEnvironmentSpec(text: string): EnvironmentSpec | undefined {
  const colon = text.indexOf(':');
  const type = normalizePluginId(colon < 0 ? text : text.slice(0, colon));
  const image = colon < 0 ? '' : text.slice(colon + 1).trim();
  if (!type) {
    throw new SkillEvalError('USAGE', `--environment ${JSON.stringify(text)} names no environment.`, {
      hint: 'Write it as docker:<image>, opensandbox:<image>, or none.',
    });
  }
  if (LOCAL.has(type)) return undefined;
  return { type, settings: image ? { image } : {} };
}

async function environmentPlugin(type: string, cwd: string): Promise<EnvironmentPlugin<unknown>> {
  const bundled = bundledEnvironment(type);
  if (bundled) return (await bundled.load()).default;
  for (const candidate of pluginPackageNames('environment', type)) {
    const found = await loadPlugin(candidate, cwd, {
      named: `Environment plugin '${candidate}'`,
      fix: 'fix it, or name another environment in --environment',
      contracts: ['environment-v1'],
    });
    if (found) return found.plugin as EnvironmentPlugin<unknown>;
  }
  const [scoped, unscoped] = pluginPackageNames('environment', type);
  throw new SkillEvalError(
    'UNKNOWN_PLUGIN',
    `Unknown environment '${type}'. Environments available: docker, opensandbox, none.${didYouMean(type, ['docker', 'opensandbox', 'none'])}`,
    {
      hint: `Install ${scoped} (or ${unscoped}), or choose one of those.`,
    },
  );
}

/**
 * Where each case runs: the environment the command line (or config) names for every case, else the one a case's
 * eval file declares (skill-up `environment.type`), else the host (undefined). Environments are created once per
 * distinct spec; `--network` overrides each one's network. Settings are checked here, before anything runs.
 */
export async function environmentChoice(
  chosen: EnvironmentSpec | undefined,
  options: { network?: NetworkChoice; explicit: boolean; suites: readonly Suite[]; cwd: string; trust?: boolean },
): Promise<((testCase: Case) => Environment | undefined) | undefined> {
  const created = new Map<string, Environment>();
  const keyOf = (spec: EnvironmentSpec) => JSON.stringify([normalizePluginId(spec.type), spec.settings]);
  const create = async (spec: EnvironmentSpec) => {
    const key = keyOf(spec);
    if (!created.has(key)) {
      const settings = { ...spec.settings, ...(options.network ? { network: options.network } : {}) };
      created.set(key, configurePlugin(await environmentPlugin(spec.type, options.cwd), settings));
    }
    return created.get(key)!;
  };
  if (options.explicit) {
    if (!chosen) {
      if (options.network) {
        throw new SkillEvalError('USAGE', '--network applies to a container or sandbox environment.', {
          hint: 'Give --environment docker:<image> (or opensandbox:<image>) with it.',
        });
      }
      return undefined;
    }
    const environment = await create(chosen);
    return () => environment;
  }
  const declared = (testCase: Case) => {
    const spec = testCase.environment;
    return spec && !LOCAL.has(normalizePluginId(spec.type)) ? spec : undefined;
  };
  refuseUntrustedEnvironments(
    options.suites.flatMap((suite) => suite.cases),
    options,
  );
  for (const suite of options.suites) {
    for (const testCase of suite.cases) {
      const spec = declared(testCase);
      if (spec) await create(spec);
    }
  }
  if (created.size === 0) return undefined;
  return (testCase) => {
    const spec = declared(testCase);
    return spec && created.get(keyOf(spec));
  };
}

/**
 * An eval file's environment (skill-up's `environment`) is checked by the policy as any untrusted source's: its
 * server (`kwargs.base_url`), its docker program, an open network need --trust. Refused before any plugin loads, each
 * at the line of its field; `validate` refuses the same way.
 */
export function refuseUntrustedEnvironments(cases: readonly Case[], options: { cwd: string; trust?: boolean }): void {
  const uses = new Map<string, SettingUse>();
  for (const testCase of cases) {
    if (!testCase.environment) continue;
    const { type, settings } = testCase.environment;
    const at = (key?: string) => placeOf(testCase, key, options.cwd);
    // Cases of one eval.yaml share its environment: each setting is named once, at its field.
    for (const use of environmentUses({ type, ...settings }, 'environment', at)) uses.set(JSON.stringify(use), use);
  }
  const { refused } = applyPolicy('eval-file', [...uses.values()], {
    trust: options.trust === true,
    context: policyContext(options.cwd),
  });
  refusePolicyFindings(
    refused,
    'An eval file chooses where its cases run, and what it chose would run code or send data away:',
    'Read the eval file, then pass --trust; or remove the setting (or choose the environment yourself with --environment).',
  );
}

/**
 * Where an eval file sets an environment setting: the field it came from, else the `environment` block, else (a
 * format that keeps no positions) the file alone.
 */
function placeOf(testCase: Case, key: string | undefined, cwd: string): SettingUse['at'] {
  const source = testCase.environment?.source;
  const file = source?.file ?? testCase.source.file;
  const shown = relative(cwd, file) || file;
  const position = (key !== undefined && source?.fields[key]) || source;
  return position?.line
    ? { file: shown, line: position.line, ...(position.column ? { column: position.column } : {}) }
    : { file: shown };
}

/**
 * A sandbox reaches the model only through the base URL variables it sets (core's MODEL_ENDPOINTS), so an engine whose own `baseUrl` setting wins over them would call an address the sandbox cannot reach: refused.
 */
export function assertEnginesConfined(engines: readonly EngineTarget[]): void {
  for (const target of engines) {
    if ((target.settings as { baseUrl?: unknown } | undefined)?.baseUrl === undefined) continue;
    throw new SkillEvalError(
      'USAGE',
      `Engine ${target.id} has a baseUrl setting, which a container or sandbox environment cannot route: its programs reach the model through ${MODEL_ENDPOINT_VARIABLES.join(' / ')}.`,
      { hint: `Drop the baseUrl setting and set ${ANY_ENDPOINT_VARIABLE} to that endpoint instead.` },
    );
  }
}
