import type { EnvironmentSpec } from '@skill-eval/core';
import type { ParsedYaml } from '@skill-eval/format-kit';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { SkillUpSuiteFile } from './suite-schema.js';
import { nodeAt } from './yaml-path.js';

type EnvironmentBlock = SkillUpSuiteFile['environment'];

/** Fields skill-up's runtimes read, per environment type, and the setting of ours each becomes. */
const COMMON = {
  image: 'image',
  workspace_mount: 'workspaceMount',
  env: 'env',
  entrypoint: 'entrypoint',
  ready_timeout_seconds: 'readyTimeoutSeconds',
} as const;
const OPENSANDBOX_ONLY = {
  sandbox_template: 'image',
  sandbox_timeout_seconds: 'sandboxTimeoutSeconds',
  metadata: 'metadata',
  use_server_proxy: 'useServerProxy',
  allowed_egress: 'allowedEgress',
} as const;
/** `environment.kwargs` keys the OpenSandbox runtime reads (all strings in the file). */
const OPENSANDBOX_KWARGS = {
  base_url: 'baseUrl',
  request_timeout_seconds: 'requestTimeoutSeconds',
  file_transfer_parallelism: 'fileTransferParallelism',
  extensions: 'extensions',
} as const;

/**
 * skill-up's `environment` as the environment its cases run in: `type: docker` and `opensandbox` become the
 * environment plugins of those ids with skill-up's fields as their settings, `none` (or nothing) the host. A field
 * the type does not read is warned about at its key; `setup_steps` are the cases' setup commands (run inside).
 */
export function mapEnvironment(
  env: EnvironmentBlock,
  { yaml, sink, file }: { yaml: ParsedYaml; sink: DiagnosticSink; file: string },
): EnvironmentSpec | undefined {
  const at = (...path: PropertyKey[]) => nodeAt(yaml, ['environment', ...path]);
  if (env.type === 'none') {
    for (const key of Object.keys(env)) {
      if (key !== 'type' && key !== 'setup_steps') {
        sink.warning(
          'not-honoured',
          `"environment.${key}" has no effect with type: none (the local workspace).`,
          at(key),
        );
      }
    }
    return undefined;
  }
  const raw = env as Record<string, unknown>;
  const fields: Record<string, string> = { ...COMMON, ...(env.type === 'opensandbox' ? OPENSANDBOX_ONLY : {}) };
  const settings: Record<string, unknown> = {};
  // The field each setting came from, so that the policy refuses a setting at its own line.
  const origins: Record<string, PropertyKey[]> = { type: ['type'] };
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'type' || key === 'setup_steps' || key === 'network_policy' || key === 'kwargs') continue;
    const setting = fields[key];
    if (setting) {
      // `sandbox_template` stands in for `image` only when there is none.
      if (!(key === 'sandbox_template' && raw.image !== undefined)) {
        settings[setting] = value;
        origins[setting] = [key];
      }
    } else
      sink.warning(
        'not-honoured',
        `"environment.${key}" is not read by skill-up's ${env.type} runtime; it is ignored.`,
        at(key),
      );
  }
  if (env.type === 'opensandbox') {
    for (const [key, value] of Object.entries(env.kwargs ?? {})) {
      const setting = OPENSANDBOX_KWARGS[key as keyof typeof OPENSANDBOX_KWARGS];
      if (!setting) continue;
      settings[setting] = kwargValue(setting, value);
      origins[setting] = ['kwargs', key];
    }
  }
  if (env.network_policy !== undefined) origins.network = ['network_policy'];
  if (env.network_policy === 'deny_all') settings.network = 'deny';
  if (env.network_policy === 'allow_declared') {
    if (env.type === 'docker') {
      sink.error(
        'bad-value',
        'network_policy: allow_declared is not supported by the docker runtime (skill-up refuses it too); use deny_all, or run on opensandbox.',
        at('network_policy'),
      );
    } else settings.network = 'deny';
  }
  if (settings.image === undefined) {
    sink.error(
      'missing-key',
      `environment.type ${env.type} needs an image${env.type === 'opensandbox' ? ' (or sandbox_template)' : ''}: the one each case runs in.`,
      at('type'),
    );
  }
  return { type: env.type, settings, source: sourceOf(file, yaml, origins) };
}

/** The `environment` block's place in eval.yaml, and the line and column of the field each setting came from. */
function sourceOf(file: string, yaml: ParsedYaml, origins: Record<string, PropertyKey[]>): EnvironmentSpec['source'] {
  const fields: Record<string, { line: number; column: number }> = {};
  for (const [setting, path] of Object.entries(origins)) {
    const position = yaml.positionAtPath(['environment', ...path]);
    if (position) fields[setting] = { line: position.line, column: position.column };
  }
  const block = yaml.positionAtPath(['environment']);
  return { file, ...(block ? { line: block.line, column: block.column } : {}), fields };
}

/** skill-up's kwargs are strings; the settings they become take numbers and JSON where they mean them. */
function kwargValue(setting: string, value: string): unknown {
  if (setting === 'requestTimeoutSeconds' || setting === 'fileTransferParallelism') {
    const number = Number(value);
    return Number.isFinite(number) ? number : value;
  }
  if (setting === 'extensions') {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}
