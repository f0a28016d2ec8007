import type { ParsedYaml } from '@skill-eval/format-kit';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { SkillUpSuiteFile } from './suite-schema.js';
import { nodeAt } from './yaml-path.js';

/** Settings of skill-eval's `command` engine (adapters/command) that run a skill-up `engine.custom`. */
export interface CustomEngineSettings {
  /** Always `contract`: skill-up's `local.command` is an executable, not a shell line. */
  mode: 'contract';
  /** `local.command`; a relative path is taken from `baseDir`. */
  command: string;
  /** `local.args`, templated by the command engine. */
  args?: string[];
  /** `response_format`. */
  responseFormat?: 'text' | 'session_result';
  /** `custom.env`. */
  env?: Record<string, string>;
  /** `custom.kwargs`. */
  kwargs?: Record<string, string>;
  /** `timeout_seconds`. */
  timeoutSeconds?: number;
  /** The skill root: skill-up resolves every path from it. */
  baseDir: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringMap = (value: unknown): Record<string, string> | undefined =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : undefined;

/**
 * Maps skill-up's `engine.custom` (local transport) onto the command engine's settings, or reports why it
 * cannot run. Keys the command engine has no counterpart for are reported and stay in the suite settings.
 */
export function mapCustomEngine(
  doc: SkillUpSuiteFile,
  yaml: ParsedYaml,
  sink: DiagnosticSink,
  root: string,
): CustomEngineSettings | undefined {
  const name = doc.engine?.name || doc.engine?.type;
  const custom = doc.engine?.custom;
  const at = (...path: PropertyKey[]) => nodeAt(yaml, ['engine', ...path]);
  const cannot = (why: string, path: PropertyKey[]) => {
    sink.warning(
      'not-honoured',
      `engine ${JSON.stringify(name)} is a custom skill-up engine that skill-eval cannot run (${why}), so pass --engine. It is kept in the suite settings.`,
      at(...path),
    );
    return undefined;
  };
  const namePath = [doc.engine?.name ? 'name' : 'type'];
  if (!custom) return cannot('it has no engine.custom', namePath);
  if (custom.transport !== undefined && custom.transport !== 'local')
    return cannot(`transport ${JSON.stringify(custom.transport)}; only local is supported`, ['custom', 'transport']);
  const local = isRecord(custom.local) ? custom.local : {};
  if (typeof local.command !== 'string' || !local.command.trim())
    return cannot('engine.custom.local.command is missing', namePath);

  for (const key of ['cwd', 'input_file', 'output_file'])
    if (local[key] !== undefined)
      sink.warning(
        'not-honoured',
        `"engine.custom.local.${key}" is not applied by skill-eval yet (the command engine chooses it); it is kept in the suite settings.`,
        at('custom', 'local', key),
      );
  const format = custom.response_format;
  const settings: CustomEngineSettings = { mode: 'contract', command: local.command, baseDir: root };
  if (Array.isArray(local.args)) settings.args = local.args.map(String);
  if (format === 'text' || format === 'session_result') settings.responseFormat = format;
  const env = stringMap(custom.env);
  if (env) settings.env = env;
  const kwargs = stringMap(custom.kwargs);
  if (kwargs) settings.kwargs = kwargs;
  if (typeof custom.timeout_seconds === 'number' && custom.timeout_seconds > 0)
    settings.timeoutSeconds = custom.timeout_seconds;
  sink.info(
    'custom-engine',
    `engine ${JSON.stringify(name)} (engine.custom) runs on the command engine when no --engine is given; it runs only with --trust.`,
    at('custom'),
  );
  return settings;
}
