import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { EVAL_FILE_FIELDS } from './eval-file-fields.js';
import { MODEL_NAME_POWER, MODEL_ON_COMMAND_LINE } from './model-id.js';
import type { PolicyContext, PolicyEntry, Source } from './policy-types.js';
import { SKILL_UP_FIELDS } from './skill-up-fields.js';

// Every setting skill-eval reads, declared once: who may set it and what it can do. `applyPolicy` enforces it wherever
// settings enter (config, run.json, eval files' environments, .env); scripts/policy-table.test.ts fails when a flag, a
// config key, an eval-file field, a run.json field or a plugin setting is missing here; docs/security.md is generated
// from it. A path missing from the table is refused from every untrusted source.

const USER: Source[] = ['command-line'];
/** `run`'s options: typed, or read back from run.json by --resume / --replay. */
const RUN: Source[] = ['command-line', 'recorded-run'];
const CONFIG: Source[] = ['explicit-config', 'found-config'];
/** Engine settings: `--ek`, a config's engineSettings, an eval file (skill-up engine.kwargs), run.json's `--ek`. */
const ENGINE: Source[] = ['command-line', 'explicit-config', 'found-config', 'eval-file', 'recorded-run'];
/** Environment settings: `--environment`, a config's environment, an eval file's (skill-up), run.json's. */
const ENVIRONMENT: Source[] = ['command-line', 'explicit-config', 'found-config', 'eval-file', 'recorded-run'];

const BUNDLED_ENVIRONMENTS = new Set(['docker', 'opensandbox', 'none', 'local', 'host']);

/** An engine spec (`id[:model]`, or a list of them) that names a module to import rather than a bundled engine. */
const namesModule = (value: unknown, context: PolicyContext): boolean =>
  [value]
    .flat()
    .some((spec) => typeof spec === 'string' && !(context.bundled?.('engine', spec.split(':')[0]!) ?? false));

/** An environment spec (`docker:<image>`, `{ type }`) whose type is no bundled environment: a module is imported. */
const namesEnvironmentModule = (value: unknown, context: PolicyContext): boolean => {
  const type =
    typeof value === 'string' ? value.split(':')[0]! : ((value as { type?: unknown } | null)?.type ?? 'none');
  if (typeof type !== 'string') return true;
  return !(context.bundled?.('environment', type) ?? BUNDLED_ENVIRONMENTS.has(type.trim().toLowerCase()));
};

const isOpen = (value: unknown) => value === 'open' || value === 'allow_all';
const nonEmpty = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));

/**
 * Where a path really is: its real path, links followed (a link committed in the project may point anywhere); for a
 * path not there yet, its nearest folder that is, with the rest of the path added.
 */
function realLocation(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realLocation(parent), basename(path));
  }
}

/** A path (relative to the project) that leaves the project, as written or through a link on its way. */
const outsideProject = (value: unknown, context: PolicyContext): boolean => {
  if (typeof value !== 'string' || !context.projectDir) return true;
  const project = realLocation(resolve(context.projectDir));
  const rel = relative(project, realLocation(resolve(context.projectDir, value)));
  return rel === '..' || rel.startsWith('../') || isAbsolute(rel);
};

const none = (paths: string[], sources: Source[], why = 'only shapes what is asked, run or shown'): PolicyEntry => ({
  paths,
  sources,
  power: 'none',
  untrusted: 'refuse',
  why,
});

/** The command line: every flag of every command. Only `run`'s are also read back from run.json. */
const COMMAND_LINE: PolicyEntry[] = [
  none(['skill-eval --version'], USER),
  none(
    [
      'ci init --provider',
      'ci init --engine',
      'ci init --judge',
      'ci init --no-changed-only',
      'ci init --replay',
      'ci init --branch',
      'ci init --force',
      'ci init --yes',
    ],
    USER,
    'only shapes the workflow file it writes: nothing is run, loaded or sent',
  ),
  none(
    ['doctor --verify-models'],
    USER,
    'sends one tiny request to each engine’s endpoint, which the engine settings (classified here) chose',
  ),
  {
    paths: [
      'run --engine',
      'run --judge',
      'optimize-description --engine',
      'optimize-description --judge',
      'doctor --engine',
      'doctor --judge',
    ],
    sources: RUN,
    power: 'loads-code',
    powerfulWhen: namesModule,
    when: 'it names a package or path, not a bundled engine',
    untrusted: 'refuse',
    why: 'loads an engine module, which runs its code',
  },
  {
    paths: ['prompt --engine', 'prompt --judge', 'grade --judge'],
    sources: USER,
    power: 'loads-code',
    powerfulWhen: namesModule,
    when: 'it names a package or path, not a bundled engine',
    untrusted: 'refuse',
    why: 'loads an engine module, which runs its code',
  },
  {
    paths: ['run --engine-kwarg', 'optimize-description --engine-kwarg', 'doctor --engine-kwarg'],
    sources: RUN,
    power: 'starts-program',
    when: 'the setting is powerful as an `engine` setting (below)',
    untrusted: 'refuse',
    why: 'each `key=value` is an engine setting, checked as one',
  },
  {
    paths: [
      'run --config',
      'validate --config',
      'convert --config',
      'engines --config',
      'doctor --config',
      'list --config',
      'prompt --config',
      'grade --config',
      'optimize-description --config',
    ],
    sources: RUN,
    power: 'loads-code',
    untrusted: 'refuse',
    why: 'a config named with -c is trusted: its plugins load and its settings apply',
  },
  {
    paths: [
      'run --trust',
      'validate --trust',
      'convert --trust',
      'engines --trust',
      'doctor --trust',
      'list --trust',
      'prompt --trust',
      'grade --trust',
      'optimize-description --trust',
    ],
    sources: RUN,
    power: 'starts-program',
    untrusted: 'refuse',
    why: 'vouches for everything the project brings',
  },
  {
    paths: ['run --environment', 'doctor --environment'],
    sources: RUN,
    power: 'loads-code',
    powerfulWhen: namesEnvironmentModule,
    when: 'it names an environment that is not bundled',
    untrusted: 'refuse',
    why: 'loads an environment module, which runs its code',
  },
  {
    paths: ['run --network'],
    sources: RUN,
    power: 'widens-network',
    powerfulWhen: isOpen,
    when: 'it is `open`',
    untrusted: 'refuse',
    why: "opens the container's network beyond the model endpoint",
  },
  {
    paths: ['run --cache-dir'],
    sources: RUN,
    power: 'reads-outside-project',
    powerfulWhen: outsideProject,
    when: 'it is outside the project',
    untrusted: 'refuse',
    why: 'reads cached results (taken as verdicts) from that folder and writes there',
  },
  {
    paths: ['run --otlp'],
    sources: USER,
    power: 'chooses-endpoint',
    untrusted: 'refuse',
    why: 'sends the run’s traces (prompts, answers, tool calls and verdicts, redacted) to that server, with the OTLP headers of your environment; never written to run.json',
  },
  {
    paths: ['run --api-key'],
    sources: USER,
    power: 'none',
    untrusted: 'refuse',
    why: 'the key of the run’s engines; never written to run.json',
  },
  {
    paths: ['run <paths>', 'run --evals'],
    sources: RUN,
    power: 'reads-outside-project',
    powerfulWhen: outsideProject,
    when: 'it is outside the project',
    untrusted: 'refuse',
    why: 'reads the eval files there and sends their prompts and files to the engine',
  },
  {
    paths: ['run --baseline'],
    sources: RUN,
    power: 'reads-outside-project',
    powerfulWhen: (value, context) =>
      !(typeof value === 'string' && value.startsWith('git:')) && outsideProject(value, context),
    when: 'it is a folder outside the project (not `git:<ref>`)',
    untrusted: 'refuse',
    why: 'copies that folder into the agent’s workspace, which the agent and its model read',
  },
  none(
    ['run --out'],
    USER,
    'chooses where the run is written; skill-eval never records it in run.json, so a run.json that names it is refused',
  ),
  none(
    [
      'run --concurrency',
      'run --timeout',
      'run --format',
      'run --trigger-detection',
      'run --runs',
      'run --retries',
      'run --benchmark',
      'run --no-cache',
      'run --no-parse-cache',
      'run --record',
      'run --shard',
      'run --changed',
      'run --mode',
      'run --case',
      'run --tag',
    ],
    RUN,
  ),
  none(
    [
      'run --resume',
      'run --replay',
      'run --keep-workspaces',
      'run --quiet',
      'run --verbose',
      'run --json',
      'run --skill-creator',
    ],
    RUN,
    'chooses what is read back or shown',
  ),
  none(
    [
      'merge --out',
      'report --html',
      'report --junit',
      'report --benchmark',
      'report --skill-creator',
      'report --agentskills',
      'report --pr-comment',
      'report --base',
      'report --report-url',
      'compare --html',
      'validate --format',
      'validate --evals',
      'check --json',
      'convert --to',
      'convert --out',
      'convert --format',
      'convert --force',
      'engines --json',
      'doctor --json',
      'doctor --format',
      'demo --out',
      'new --dir',
      'list --json',
      'list --format',
      'list --evals',
      'list --mode',
      'list --case',
      'list --tag',
      'list --no-parse-cache',
      'validate --no-parse-cache',
      'prompt --case',
      'prompt --workspace',
      'prompt --answer-file',
      'prompt --answers',
      'prompt --json',
      'prompt --evals',
      'prompt --format',
      'grade --answers',
      'grade --out',
      'grade --concurrency',
      'grade --quiet',
      'grade --verbose',
      'grade --json',
      'grade --skill-creator',
      'grade --evals',
      'grade --format',
      'optimize-description --triggers',
      'optimize-description --holdout',
      'optimize-description --seed',
      'optimize-description --max-iterations',
      'optimize-description --runs-per-query',
      'optimize-description --trigger-threshold',
      'optimize-description --trigger-detection',
      'optimize-description --timeout',
      'optimize-description --concurrency',
      'optimize-description --out',
      'optimize-description --apply',
    ],
    USER,
  ),
];

/** `skill-eval.config.json`, named with -c (trusted) or found in the project (not). */
const CONFIG_FILE: PolicyEntry[] = [
  {
    paths: ['config plugins'],
    sources: CONFIG,
    power: 'loads-code',
    powerfulWhen: nonEmpty,
    when: 'it lists any',
    untrusted: 'refuse',
    why: 'loads a module from the project, which runs its code',
  },
  {
    paths: ['config engine', 'config judge'],
    sources: CONFIG,
    power: 'loads-code',
    powerfulWhen: namesModule,
    when: 'it names a package or path, not a bundled engine',
    untrusted: 'refuse',
    why: 'loads an engine module, which runs its code',
  },
  {
    paths: ['config engineSettings', 'config engineSettings.*', 'config engineSettings.*.*'],
    sources: CONFIG,
    power: 'starts-program',
    when: 'the setting is powerful as an `engine` setting (below)',
    untrusted: 'refuse',
    why: 'each setting is an engine setting, checked as one',
  },
  {
    paths: ['config environment', 'config environment.type', 'config environment.*'],
    sources: CONFIG,
    power: 'loads-code',
    when: 'the setting is powerful as an `environment` setting (below)',
    untrusted: 'refuse',
    why: 'each setting is an environment setting, checked as one',
  },
  {
    paths: ['engines node_modules/*'],
    sources: ['found-config'],
    power: 'loads-code',
    untrusted: 'refuse',
    why: 'is an engine package installed in the project: `skill-eval engines` would import it, which runs its code',
  },
  {
    paths: ['config cacheDir'],
    sources: CONFIG,
    power: 'reads-outside-project',
    powerfulWhen: outsideProject,
    when: 'it is outside the project',
    untrusted: 'refuse',
    why: 'reads cached results (taken as verdicts) from that folder and writes there',
  },
  none(
    [
      'config concurrency',
      'config timeout',
      'config formatSettings',
      'config formatSettings.*',
      'config formatSettings.*.*',
    ],
    CONFIG,
  ),
];

/** An engine's settings, whoever gives them. A setting not listed here (a plugin engine's own) is refused. */
const ENGINE_SETTINGS: PolicyEntry[] = [
  {
    paths: ['engine path', 'engine command', 'engine args', 'engine mode', 'engine baseDir'],
    sources: ENGINE,
    power: 'starts-program',
    untrusted: 'refuse',
    why: 'names the program to run',
  },
  {
    paths: ['engine extraArgs'],
    sources: ENGINE,
    power: 'starts-program',
    untrusted: 'refuse',
    why: "adds arguments to the agent's command line (--settings hooks, --mcp-config servers …)",
  },
  {
    paths: ['engine env', 'engine env.*'],
    sources: ENGINE,
    power: 'starts-program',
    untrusted: 'refuse',
    why: 'hands the program environment variables (secrets among them)',
  },
  {
    paths: ['engine baseUrl'],
    sources: ENGINE,
    power: 'chooses-endpoint',
    untrusted: 'refuse',
    why: 'sends the model key to that endpoint',
  },
  {
    paths: ['engine provider'],
    sources: ENGINE,
    power: 'chooses-endpoint',
    untrusted: 'refuse',
    why: "switches the agent to a bring-your-own-key provider: which key it sends, and where (copilot's COPILOT_PROVIDER_TYPE)",
  },
  {
    paths: ['engine apiKeyEnv'],
    sources: ENGINE,
    power: 'chooses-endpoint',
    untrusted: 'refuse',
    why: 'chooses which secret is sent as the model key',
  },
  {
    paths: ['engine sandbox'],
    sources: ENGINE,
    power: 'reads-outside-project',
    untrusted: 'refuse',
    why: 'decides what the agent may write outside its workspace',
  },
  {
    paths: ['engine allowedTools'],
    sources: ENGINE,
    power: 'reads-outside-project',
    untrusted: 'refuse',
    why: 'widens what the agent may do',
  },
  {
    paths: ['engine trusted'],
    sources: ['command-line'],
    power: 'starts-program',
    untrusted: 'refuse',
    why: 'lets the command engine run its command; set by skill-eval itself',
  },
  {
    // The one check of every model name that enters a run from a project: a found config's, a run.json's `--ek`, and
    // each model an eval file pins (for its agent, its judge, its simulated user: untrusted-model-pins.ts).
    paths: ['engine model'],
    sources: ENGINE,
    ...MODEL_NAME_POWER,
    untrusted: 'refuse',
    why: MODEL_ON_COMMAND_LINE,
  },
  none(
    [
      'engine maxTurns',
      'engine maxTokens',
      'engine temperature',
      'engine permissionMode',
      'engine approvalMode',
      'engine api',
      'engine timeoutSeconds',
      'engine responseFormat',
      'engine kwargs',
      'engine kwargs.*',
      'engine skillRoots',
    ],
    ENGINE,
    'only shapes what the agent is asked and how long it may take',
  ),
];

/** An environment's settings (docker, opensandbox), whoever gives them. */
const ENVIRONMENT_SETTINGS: PolicyEntry[] = [
  {
    paths: ['environment type'],
    sources: ENVIRONMENT,
    power: 'loads-code',
    powerfulWhen: (type, context) => namesEnvironmentModule({ type }, context),
    when: 'it names an environment that is not bundled',
    untrusted: 'refuse',
    why: 'imports an environment module from the project, which runs its code',
  },
  {
    paths: ['environment docker'],
    sources: ENVIRONMENT,
    power: 'starts-program',
    untrusted: 'refuse',
    why: 'names the program run as the docker CLI on this machine',
  },
  {
    paths: ['environment baseUrl'],
    sources: ENVIRONMENT,
    power: 'chooses-endpoint',
    untrusted: 'refuse',
    why: 'sends the sandbox key, the model key and the workspace to that server',
  },
  {
    paths: ['environment network'],
    sources: ENVIRONMENT,
    power: 'widens-network',
    powerfulWhen: isOpen,
    when: 'it is `open`',
    untrusted: 'refuse',
    why: "opens the container's network beyond the model endpoint",
  },
  {
    paths: ['environment allowedEgress'],
    sources: ENVIRONMENT,
    power: 'widens-network',
    powerfulWhen: nonEmpty,
    when: 'it lists any host',
    untrusted: 'refuse',
    why: 'lets the sandbox reach those hosts',
  },
  none(
    [
      'environment image',
      'environment workspaceMount',
      'environment env',
      'environment env.*',
      'environment entrypoint',
      'environment readyTimeoutSeconds',
      'environment sandboxTimeoutSeconds',
      'environment user',
      'environment metadata',
      'environment metadata.*',
      'environment useServerProxy',
      'environment requestTimeoutSeconds',
      'environment fileTransferParallelism',
      'environment extensions',
      'environment extensions.*',
    ],
    ENVIRONMENT,
    'acts inside the container or sandbox only; its variables never reach a program on this machine',
  ),
  {
    paths: ['.env OPENSANDBOX_BASE_URL', '.env OPENSANDBOX_API_KEY', 'environment-variable OPENSANDBOX_BASE_URL'],
    sources: ['environment-plugin', 'dotenv'],
    power: 'chooses-endpoint',
    untrusted: 'refuse',
    why: 'chooses the sandbox server, which receives the workspace and the keys',
  },
  none(
    ['environment-variable OPENSANDBOX_API_KEY', 'environment-variable OPENSANDBOX_EXTENSIONS'],
    ['environment-plugin', 'dotenv'],
  ),
];

/** What skill-eval itself reads from the user's own environment, and never from a `.env`. */
const USER_ENVIRONMENT: PolicyEntry[] = [
  {
    paths: [
      'environment-variable OTEL_EXPORTER_OTLP_ENDPOINT',
      'environment-variable OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      'environment-variable OTEL_EXPORTER_OTLP_HEADERS',
      'environment-variable OTEL_EXPORTER_OTLP_TRACES_HEADERS',
    ],
    sources: ['user-environment'],
    power: 'chooses-endpoint',
    untrusted: 'refuse',
    why: 'chooses the server that receives the run’s traces, and the headers (a token) sent to it; `--otlp` wins',
  },
  {
    paths: ['environment-variable XDG_CACHE_HOME', 'environment-variable LOCALAPPDATA'],
    sources: ['user-environment'],
    power: 'reads-outside-project',
    untrusted: 'refuse',
    why: 'chooses the folder where parsed eval files and their loads are kept and reused from (taken as their contents), and the key that seals cached results; read from your own environment only, never from a .env',
  },
];

/** A `.env` in the project fills variables the real environment leaves unset. */
const DOTENV: PolicyEntry[] = [
  none(
    ['.env OTEL_EXPORTER_OTLP_*'],
    ['dotenv'],
    'not read for traces: where they go is chosen by --otlp and your own environment only, and no program is handed it',
  ),
  {
    paths: ['.env *_BASE_URL', '.env *_API_BASE', '.env *_ENDPOINT', '.env *_HOST', '.env *_PROXY', '.env *_proxy'],
    sources: ['dotenv'],
    power: 'chooses-endpoint',
    powerfulWhen: (_value, context) => (context.userCredentials?.length ?? 1) > 0,
    when: 'a key, token or secret comes from your environment (a .env that holds its own key only sends that one)',
    untrusted: 'refuse',
    why: 'chooses where a model key goes',
  },
  {
    paths: ['.env DOCKER_*'],
    sources: ['dotenv'],
    power: 'chooses-endpoint',
    untrusted: 'refuse',
    why: 'chooses the docker daemon and the credentials the docker CLI reads',
  },
  {
    paths: ['.env GIT_*', '.env LD_*', '.env DYLD_*', '.env NODE_OPTIONS', '.env BASH_ENV', '.env ENV', '.env PATH'],
    sources: ['dotenv'],
    power: 'starts-program',
    untrusted: 'refuse',
    why: 'changes what a program on this machine loads or runs',
  },
  none(['.env *'], ['dotenv'], 'a variable only an allow-listed program reads; keys go to their own engine only'),
];

/** run.json: what --resume and --replay read back. Its recorded options are checked as `run` flags. */
const RUN_MANIFEST: PolicyEntry[] = [
  {
    paths: ['run.json invocation', 'run.json invocation.*'],
    sources: ['recorded-run'],
    power: 'starts-program',
    when: 'an option is powerful as a `run` flag (above)',
    untrusted: 'refuse',
    why: 'each recorded option is a `run` flag, checked as one',
  },
  none(
    [
      'run.json createdAt',
      'run.json format',
      'run.json harnessVersion',
      'run.json mergedShards',
      'run.json mergedShards.count',
      'run.json mergedShards.indexes',
      'run.json plan',
      'run.json redactions',
      'run.json redactions.path',
      'run.json redactions.variables',
    ],
    ['recorded-run'],
  ),
];

/** The table: every setting skill-eval reads, with who may set it and what it can do. */
export const POLICY_TABLE: readonly PolicyEntry[] = [
  ...COMMAND_LINE,
  ...CONFIG_FILE,
  ...ENGINE_SETTINGS,
  ...ENVIRONMENT_SETTINGS,
  ...USER_ENVIRONMENT,
  ...DOTENV,
  ...RUN_MANIFEST,
  ...EVAL_FILE_FIELDS,
  ...SKILL_UP_FIELDS,
];
