import { at, atKey, isRecord, type ReadContext } from './context.js';
import type { DocPath } from './source.js';

/**
 * Settings for which AgentV 5 refuses the whole eval file (EntityProcess/agentv 58f316ca2: loadTests throws, so no test
 * of the file runs), each an error at its line here too, quoting AgentV's words and saying what to write instead.
 */

/**
 * The `workspace` keys AgentV 5 removed, with its message (parseWorkspaceConfig, yaml-parser.ts:3277-3335; the suite's
 * `workspace` is read at 1526 and a test's at 1770, both outside the per-test catch, so the file is refused).
 * `hooks` and `env` are still read.
 */
const REMOVED_WORKSPACE_KEYS: Record<string, string> = {
  static_path:
    'workspace.static_path has been removed from eval YAML. Put existing workspace paths in .agentv/config.local.yaml execution.workspace_path or pass --workspace-path.',
  pool: 'workspace.pool has been removed from eval YAML. Use environment for portable testbed setup, or --workspace-path for a machine-local static workspace.',
  static:
    'workspace.static has been removed from eval YAML. Put existing workspace paths in .agentv/config.local.yaml execution.workspace_path or pass --workspace-path.',
  mode: 'workspace.mode has been removed from eval YAML. Use environment for portable testbed setup, or --workspace-path for machine-local existing directories.',
  path: 'workspace.path has been removed from eval YAML. Put existing workspace paths in .agentv/config.local.yaml execution.workspace_path or pass --workspace-path.',
  template:
    'workspace.template has been removed from public eval YAML. Use environment.workdir and environment.setup for authored testbed setup.',
  repos:
    'workspace.repos has been removed from public eval YAML. Use environment.setup.command argv to materialize repositories.',
  docker:
    'workspace.docker has been removed from public eval YAML. Use environment.type: docker with image or context.',
  scope:
    'workspace.scope has been removed from public eval YAML. Use environment at suite/test scope and let runtime manage workspace lifetime.',
  isolation:
    'workspace.isolation has been removed. Use environment at suite/test scope and let AgentV manage runtime isolation.',
};

const refusal = (why: string, todo: string) => `AgentV 5 refuses this eval file: "${why}" ${todo}`;
/** An environment recipe AgentV 5 cannot read. */
const refuse = (ctx: ReadContext, why: string, todo: string, where: ReturnType<typeof at>) =>
  ctx.source.sink.error('bad-environment', refusal(why, todo), where);

/** Each key of a `workspace` map (the suite's or a test's) that AgentV 5 refuses the file for. */
export function agentv5WorkspaceRefusals(value: unknown, path: DocPath, ctx: ReadContext): void {
  if (ctx.dialect !== 'agentv-5' || !isRecord(value)) return;
  for (const key of Object.keys(value)) {
    const why = Object.hasOwn(REMOVED_WORKSPACE_KEYS, key) ? REMOVED_WORKSPACE_KEYS[key] : undefined;
    if (why === undefined) continue;
    const todo =
      key === 'template'
        ? 'Name the folder as environment: {type: host, workdir: <folder>} (AgentV 5.0 still read workspace.template; 5.1 removed it).'
        : 'Move it as the message says, or remove it.';
    ctx.source.sink.error('removed-by-agentv', refusal(why, todo), atKey(path, key));
  }
}

const HOST_KEYS = ['type', 'workdir', 'setup', 'env'];
const DOCKER_KEYS = [
  'type',
  'workdir',
  'context',
  'dockerfile',
  'image',
  'env',
  'resources',
  'mounts',
  'secrets',
  'setup',
];
const SETUP_KEYS = ['command', 'cwd', 'timeout_ms'];

/** AgentV's message for an unknown key of a recipe or its setup (assertNoUnknownFields, environment-recipe.ts:369-393). */
function unknownFieldMessage(location: string, key: string): string {
  if (location.endsWith('.setup') && key === 'args')
    return `${location}.args is not supported. Put the executable and arguments in ${location}.command as a non-empty argv array, for example command: ["bash", "-lc", "..."].`;
  if (location.endsWith('.setup') && key === 'env')
    return `${location}.env is not supported. Use environment.env for environment-scoped variables.`;
  if (location.endsWith('.setup') && key === 'timeout_seconds')
    return `${location}.timeout_seconds is not supported. Use ${location}.timeout_ms with milliseconds.`;
  return `${location}.${key} is not supported in environment recipes.`;
}

/**
 * An inline `environment` recipe (the suite's or a test's) as AgentV 5 checks it before anything runs
 * (parseEnvironmentRecipe and parseSetup, environment-recipe.ts:122-255): `type` host or docker, a `workdir`, no key
 * outside those its type takes, a docker recipe with `image` or `context`, and a `setup` with an argv `command`. The
 * first problem refuses the file there (it throws); a `file://` recipe is not read here.
 */
export function agentv5EnvironmentRefusals(value: unknown, path: DocPath, ctx: ReadContext, location: string): void {
  if (ctx.dialect !== 'agentv-5' || value === undefined || typeof value === 'string') return;
  const todo = 'Fix the environment recipe as the message says.';
  if (!isRecord(value)) {
    refuse(ctx, `${location} must be an object with type: host|docker and workdir.`, todo, at(path));
    return;
  }
  if (value.type !== 'host' && value.type !== 'docker') {
    const where = value.type === undefined ? at(path) : at(path, 'type');
    refuse(ctx, `${location}.type must be 'host' or 'docker'.`, todo, where);
    return;
  }
  if (typeof value.workdir !== 'string' || value.workdir.trim() === '') {
    const where = value.workdir === undefined ? at(path) : at(path, 'workdir');
    refuse(ctx, `${location}.workdir must be a non-empty string.`, todo, where);
    return;
  }
  const setup = value.setup;
  if (setup !== undefined) {
    if (!isRecord(setup)) {
      refuse(ctx, `${location}.setup must be an object.`, todo, at(path, 'setup'));
      return;
    }
    const extra = Object.keys(setup).find((key) => !SETUP_KEYS.includes(key));
    if (extra !== undefined) {
      refuse(ctx, unknownFieldMessage(`${location}.setup`, extra), todo, atKey([...path, 'setup'], extra));
      return;
    }
    const command = setup.command;
    if (
      !Array.isArray(command) ||
      command.length === 0 ||
      !command.every((a) => typeof a === 'string' && a.trim() !== '')
    ) {
      const why = `${location}.setup.command must be a non-empty string array, where command[0] is the executable and command[1...] are argv arguments. Use ["bash", "-lc", "..."] for shell behavior.`;
      refuse(ctx, why, todo, command === undefined ? at(path, 'setup') : at(path, 'setup', 'command'));
      return;
    }
  }
  const allowed = value.type === 'host' ? HOST_KEYS : DOCKER_KEYS;
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) {
    const why = unknownFieldMessage(location, extra);
    refuse(ctx, why, `Remove ${location}.${extra}; AgentV 5 has no such setting.`, atKey(path, extra));
    return;
  }
  if (value.type === 'docker' && value.image === undefined && value.context === undefined)
    refuse(ctx, `${location} docker recipes must define either 'image' or 'context'.`, todo, at(path));
}

/** The suite's `environment` and `workspace`, which AgentV 5 reads both (yaml-parser.ts:1475 and 1526). */
export function agentv5SuiteRefusals(doc: Record<string, unknown>, ctx: ReadContext): void {
  agentv5EnvironmentRefusals(doc.environment, ['environment'], ctx, 'environment');
  agentv5WorkspaceRefusals(doc.workspace, ['workspace'], ctx);
}
