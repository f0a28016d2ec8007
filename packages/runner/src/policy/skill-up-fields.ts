import { pinnedModel } from './eval-file-fields.js';
import type { PolicyEntry, Power } from './policy-types.js';

// skill-up's eval.yaml (`skill-up`) and case files (`skill-up/case`). Its `environment` becomes the settings of the
// docker or opensandbox environment, which the policy checks as `environment` settings before anything starts.

const entry = (
  paths: string[],
  power: Power,
  why: string,
  extra: Partial<Pick<PolicyEntry, 'gate' | 'when' | 'untrusted'>> = {},
): PolicyEntry => ({ paths, sources: ['eval-file'], power, untrusted: 'refuse', why, ...extra });

const both = (paths: string[]) => paths.flatMap((path) => [`skill-up ${path}`, `skill-up/case ${path}`]);

const AS_ENVIRONMENT = 'refused before the run (and by validate) at its line, as the `environment` setting it becomes';
const MCP_GATE = 'refused before the run, at the server (trust/mcp-server)';
const CHECK_GATE = 'the case is an error before its agent starts (code checks need --trust)';
const BOUNDARY_GATE = 'an error at its line when the eval file is read (beyond the project needs --trust)';

const JUDGE = ['judge', 'judges'].flatMap((judge) => [
  judge,
  `${judge}.context`,
  `${judge}.context.*`,
  `${judge}.criteria`,
  `${judge}.failure`,
  `${judge}.failure.**`,
  `${judge}.pass_threshold`,
  `${judge}.success`,
  `${judge}.success.**`,
  `${judge}.timeout_seconds`,
]);

export const SKILL_UP_FIELDS: PolicyEntry[] = [
  entry(
    ['skill-up environment.kwargs', 'skill-up environment.kwargs.*'],
    'chooses-endpoint',
    'base_url chooses the OpenSandbox server, which receives its key, the model key and the workspace',
    { gate: AS_ENVIRONMENT },
  ),
  entry(['skill-up environment.network_policy'], 'widens-network', 'allow_all opens the network', {
    gate: AS_ENVIRONMENT,
    when: 'it is `allow_all`',
  }),
  entry(['skill-up environment.allowed_egress'], 'widens-network', 'lets the sandbox reach those hosts', {
    gate: AS_ENVIRONMENT,
    when: 'it lists any host',
  }),
  entry(
    ['skill-up environment.setup_steps', 'skill-up environment.setup_steps.run'],
    'starts-program',
    'a shell command run before each case',
    { gate: 'the case is an error before its agent starts (setup needs --trust)' },
  ),
  entry(
    [
      'skill-up environment',
      'skill-up environment.*',
      'skill-up environment.type',
      'skill-up environment.image',
      'skill-up environment.sandbox_template',
      'skill-up environment.entrypoint',
      'skill-up environment.env',
      'skill-up environment.env.*',
      'skill-up environment.metadata',
      'skill-up environment.metadata.*',
      'skill-up environment.ready_timeout_seconds',
      'skill-up environment.sandbox_timeout_seconds',
      'skill-up environment.use_server_proxy',
      'skill-up environment.workspace_mount',
    ],
    'none',
    'acts inside the container or sandbox; its variables never reach a program on this machine',
  ),
  entry(
    ['skill-up engine.custom', 'skill-up engine.custom.*'],
    'starts-program',
    'a custom engine: a program run as the agent',
    { gate: 'refused before the run without --trust (custom engine)' },
  ),
  entry(['skill-up engine.model.base_url'], 'chooses-endpoint', 'a model endpoint; never applied (warned)', {
    untrusted: 'ignore',
  }),
  entry(
    ['skill-up engine.kwargs', 'skill-up engine.kwargs.*', 'skill-up engine.entry', 'skill-up engine.version'],
    'loads-code',
    "skill-up's own engine switches; never applied (warned)",
    { untrusted: 'ignore' },
  ),
  pinnedModel(
    ['skill-up engine.model.name', 'skill-up engine.model.provider'],
    'the model every case’s agent is asked for, as `provider/name` (a pin)',
  ),
  entry(
    [
      'skill-up engine',
      'skill-up engine.model',
      'skill-up engine.model.*',
      'skill-up engine.model.params',
      'skill-up engine.model.params.*',
      'skill-up engine.name',
      'skill-up engine.type',
    ],
    'none',
    'names a bundled engine and the parameters of its model',
  ),
  entry(both(['mcp.servers.command', 'mcp.servers.args']), 'starts-program', 'the command of a real MCP server', {
    gate: MCP_GATE,
    when: 'the server is `real` (or has no mode)',
  }),
  entry(
    both(['mcp.servers.endpoint', 'mcp.servers.transport']),
    'chooses-endpoint',
    "receives the agent's tool calls",
    { gate: MCP_GATE, when: 'the server is `real` (or has no mode)' },
  ),
  entry(both(['mcp.servers.config_ref']), 'reads-outside-project', 'a file read as the server’s config', {
    gate: BOUNDARY_GATE,
  }),
  entry(
    both(['mcp', 'mcp.servers', 'mcp.servers.*', 'mcp.servers.mode', 'mcp.servers.name']),
    'none',
    'names a server; mocked ones are skill-eval’s own',
  ),
  entry(
    both(['judge.script_path', 'judges.script_path', 'judge.type', 'judges.type']),
    'starts-program',
    'a script judge runs that script',
    { gate: CHECK_GATE, when: 'the judge is a script' },
  ),
  entry([...both(JUDGE), 'skill-up judges.id', 'skill-up/case judges.id'], 'none', 'how the answer is graded'),
  pinnedModel(both(['judge.model', 'judges.model']), "the model the case's judge is asked for (a pin)"),
  entry(
    ['skill-up cases.files', 'skill-up skills.path', 'skill-up skills.source', 'skill-up skills.target'],
    'reads-outside-project',
    'names files or folders read',
    { gate: BOUNDARY_GATE },
  ),
  entry(
    [
      'skill-up/case context.files',
      'skill-up/case context.files.*',
      'skill-up/case context.repo_fixture',
      'skill-up/case context.git.apply_diff',
    ],
    'reads-outside-project',
    'names files copied into the workspace',
    { gate: BOUNDARY_GATE },
  ),
  entry(
    [
      'skill-up/case context',
      'skill-up/case context.git',
      'skill-up/case context.git.checkout',
      'skill-up/case context.git.init',
    ],
    'none',
    'prepares the workspace; its git runs with no hooks and no config of the fixture (trust/fixture-repository)',
  ),
  entry(
    [
      'skill-up/case context.git.remotes',
      'skill-up/case context.git.remotes.name',
      'skill-up/case context.git.remotes.url',
    ],
    'none',
    "a remote written into the workspace's git config; skill-eval never fetches or pushes",
  ),
  entry(
    [
      ...both(['user_simulator', 'user_simulator.*']),
      'skill-up user_simulator.protocol',
      'skill-up user_simulator.timeout_seconds',
      'skill-up/case user_simulator.scenario',
    ],
    'none',
    "the model and provider (openai or anthropic) the run's judge asks to play the user, as a pinned judge model; its credential and endpoint stay the judge's",
  ),
  pinnedModel(
    ['skill-up user_simulator.model'],
    "the model the run's judge asks to play the user (a pin of the judge's model)",
  ),
  entry(
    ['skill-up user_simulator.provider'],
    'none',
    "where skill-up reads the simulator's key and endpoint from; never applied (an info says so)",
  ),
  entry(
    [
      'skill-up benchmark',
      'skill-up benchmark.enabled',
      'skill-up cases',
      'skill-up cases.defaults',
      'skill-up cases.defaults.**',
      'skill-up cases.parallelism',
      'skill-up cases.retry_policy',
      'skill-up cases.retry_policy.**',
      'skill-up report',
      'skill-up report.artifacts',
      'skill-up report.formats',
      'skill-up schema_version',
      'skill-up skills',
      'skill-up/case collect_artifacts',
      'skill-up/case constraints',
      'skill-up/case constraints.**',
      'skill-up/case description',
      'skill-up/case expect',
      'skill-up/case expect.**',
      'skill-up/case id',
      'skill-up/case input',
      'skill-up/case input.**',
      'skill-up/case tag',
      'skill-up/case title',
    ],
    'none',
    'what the agent is asked, and how its answer is graded',
  ),
];
