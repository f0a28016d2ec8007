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

/** What AgentV 5 throws for a recipe, and where in the recipe (a key path under it). */
interface RecipeProblem {
  why: string;
  at: (string | number)[];
  /** The problem is an unknown key (its line is the key's). */
  key?: boolean;
}

const nonEmpty = (v: unknown) => typeof v === 'string' && v.trim() !== '';
/** readOptionalString (environment-recipe.ts:359-367): absent, or a non-empty string. */
const optionalString = (v: unknown, location: string, at: (string | number)[]): RecipeProblem | undefined =>
  v === undefined || nonEmpty(v) ? undefined : { why: `${location} must be a non-empty string.`, at };

/** The first key of `raw` outside `allowed` (assertNoUnknownFields). */
function unknownKey(
  raw: Record<string, unknown>,
  allowed: readonly string[],
  location: string,
  at: (string | number)[],
) {
  const extra = Object.keys(raw).find((key) => !allowed.includes(key));
  return extra === undefined ? undefined : { why: unknownFieldMessage(location, extra), at: [...at, extra], key: true };
}

/** parseStringRecord (environment-recipe.ts:331-349): a map of strings. */
function stringRecord(raw: unknown, location: string, at: (string | number)[]): RecipeProblem | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) return { why: `${location} must be an object of string values.`, at };
  const bad = Object.keys(raw).find((key) => typeof raw[key] !== 'string');
  return bad === undefined ? undefined : { why: `${location}.${bad} must be a string.`, at: [...at, bad] };
}

/** parseSetup (environment-recipe.ts:222-255): `{command: argv, cwd?, timeout_ms?}`. */
function setupProblem(setup: unknown, location: string): RecipeProblem | undefined {
  if (setup === undefined) return undefined;
  if (!isRecord(setup)) return { why: `${location} must be an object.`, at: ['setup'] };
  const extra = unknownKey(setup, SETUP_KEYS, location, ['setup']);
  if (extra) return extra;
  const command = setup.command;
  if (!Array.isArray(command) || command.length === 0 || !command.every(nonEmpty)) {
    return {
      why: `${location}.command must be a non-empty string array, where command[0] is the executable and command[1...] are argv arguments. Use ["bash", "-lc", "..."] for shell behavior.`,
      at: command === undefined ? ['setup'] : ['setup', 'command'],
    };
  }
  const cwd = optionalString(setup.cwd, `${location}.cwd`, ['setup', 'cwd']);
  if (cwd) return cwd;
  const timeout = setup.timeout_ms;
  if (timeout !== undefined && (typeof timeout !== 'number' || timeout <= 0))
    return { why: `${location}.timeout_ms must be a positive number of milliseconds.`, at: ['setup', 'timeout_ms'] };
  return undefined;
}

/** A docker recipe's own keys (environment-recipe.ts:162-200, parseResources 258-293, parseMounts 294-329). */
function dockerProblem(value: Record<string, unknown>, location: string): RecipeProblem | undefined {
  for (const key of ['context', 'dockerfile', 'image']) {
    const problem = optionalString(value[key], `${location}.${key}`, [key]);
    if (problem) return problem;
  }
  const secrets = stringRecord(value.secrets, `${location}.secrets`, ['secrets']);
  if (secrets) return secrets;
  if (!nonEmpty(value.context) && !nonEmpty(value.image))
    return { why: `${location} docker recipes must define either 'image' or 'context'.`, at: [] };
  const resources = value.resources;
  if (resources !== undefined) {
    if (!isRecord(resources)) return { why: `${location}.resources must be an object.`, at: ['resources'] };
    const extra = unknownKey(resources, ['cpus', 'memory', 'disk', 'gpu'], `${location}.resources`, ['resources']);
    if (extra) return extra;
  }
  const mounts = value.mounts;
  if (mounts === undefined) return undefined;
  if (!Array.isArray(mounts)) return { why: `${location}.mounts must be an array.`, at: ['mounts'] };
  for (const [i, mount] of mounts.entries()) {
    const where = `${location}.mounts[${i}]`;
    if (!isRecord(mount)) return { why: `${where} must be an object.`, at: ['mounts', i] };
    const problem =
      unknownKey(mount, ['source', 'target', 'access', 'read_only'], where, ['mounts', i]) ??
      (nonEmpty(mount.source)
        ? undefined
        : { why: `${where}.source must be a non-empty string.`, at: ['mounts', i] }) ??
      (nonEmpty(mount.target) ? undefined : { why: `${where}.target must be a non-empty string.`, at: ['mounts', i] });
    if (problem) return problem;
  }
  return undefined;
}

/** The first problem AgentV 5 throws for an inline recipe (parseEnvironmentRecipe, environment-recipe.ts:122-200). */
function recipeProblem(value: unknown, location: string): RecipeProblem | undefined {
  if (!isRecord(value)) return { why: `${location} must be an object with type: host|docker and workdir.`, at: [] };
  if (value.type !== 'host' && value.type !== 'docker')
    return { why: `${location}.type must be 'host' or 'docker'.`, at: value.type === undefined ? [] : ['type'] };
  if (!nonEmpty(value.workdir))
    return {
      why: `${location}.workdir must be a non-empty string.`,
      at: value.workdir === undefined ? [] : ['workdir'],
    };
  return (
    setupProblem(value.setup, `${location}.setup`) ??
    stringRecord(value.env, `${location}.env`, ['env']) ??
    unknownKey(value, value.type === 'host' ? HOST_KEYS : DOCKER_KEYS, location, []) ??
    (value.type === 'docker' ? dockerProblem(value, location) : undefined)
  );
}

/**
 * An inline `environment` recipe (the suite's or a test's) as AgentV 5 checks it before anything runs: `type` host or
 * docker, a `workdir`, a `setup` with an argv `command`, `env` of strings, no key outside those its type takes, and a
 * docker recipe's image or context, resources and mounts. The first problem refuses the file (AgentV throws there),
 * an error at its line; a `file://` recipe is not read here.
 */
export function agentv5EnvironmentRefusals(value: unknown, path: DocPath, ctx: ReadContext, location: string): void {
  if (ctx.dialect !== 'agentv-5' || value === undefined || typeof value === 'string') return;
  const problem = recipeProblem(value, location);
  if (!problem) return;
  const todo = problem.key
    ? `Remove ${[location, ...problem.at.slice(0, -1)].join('.')}.${String(problem.at.at(-1))}; AgentV 5 has no such setting.`
    : 'Fix the environment recipe as the message says.';
  const last = problem.at.at(-1);
  const where =
    problem.key && last !== undefined
      ? atKey([...path, ...problem.at.slice(0, -1)], String(last))
      : at(path, ...problem.at);
  ctx.source.sink.error('bad-environment', refusal(problem.why, todo), where);
}

/** The suite's `environment` and `workspace`, which AgentV 5 reads both (yaml-parser.ts:1475 and 1526). */
export function agentv5SuiteRefusals(doc: Record<string, unknown>, ctx: ReadContext): void {
  agentv5EnvironmentRefusals(doc.environment, ['environment'], ctx, 'environment');
  agentv5WorkspaceRefusals(doc.workspace, ['workspace'], ctx);
}
