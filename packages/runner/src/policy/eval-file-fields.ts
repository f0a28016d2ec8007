import type { PolicyEntry, Power, Source } from './policy-types.js';

// The fields of every eval-file format, by format: all come from the project, so none is trusted. A field that
// starts a program or reads outside the project is refused at its line by the gate named (before any agent runs);
// one skill-eval never applies is ignored with a warning; the rest only say what is asked and how it is graded.

const EVAL: Source[] = ['eval-file'];

const inert = (paths: string[], why = 'what the agent is asked, and how its answer is graded'): PolicyEntry => ({
  paths,
  sources: EVAL,
  power: 'none',
  untrusted: 'refuse',
  why,
});

const gated = (paths: string[], power: Power, why: string, gate: string, when?: string): PolicyEntry => ({
  paths,
  sources: EVAL,
  power,
  untrusted: 'refuse',
  why,
  gate,
  ...(when ? { when } : {}),
});

const ignored = (paths: string[], power: Power, why: string): PolicyEntry => ({
  paths,
  sources: EVAL,
  power,
  untrusted: 'ignore',
  why,
});

const SETUP_GATE = 'the case is an error before its agent starts (setup needs --trust)';
const CHECK_GATE = 'the case is an error before its agent starts (code checks need --trust)';
const BOUNDARY_GATE = 'an error at its line when the eval file is read (beyond the project needs --trust)';
const CODE_CHECK = 'its type runs code (script, code-grader, javascript, python) or sends the answer away (webhook)';

const AGENTV: PolicyEntry[] = [
  gated(
    [
      'agentv tests.environment.setup',
      'agentv tests.environment.setup.command',
      'agentv tests.environment.setup.cwd',
      'agentv tests.environment.setup.timeout_ms',
      'agentv tests.environment.env',
      'agentv tests.environment.env.*',
      'agentv default_test.environment',
      'agentv scenarios.config.environment',
      'agentv tests.environment',
      'agentv environment',
      'agentv environment.setup',
      'agentv environment.setup.command',
      'agentv environment.setup.cwd',
      'agentv environment.setup.timeout_ms',
      'agentv environment.env',
      'agentv environment.env.*',
    ],
    'starts-program',
    'runs its setup command on this machine',
    SETUP_GATE,
  ),
  gated(
    [
      'agentv tests.environment.workdir',
      'agentv environment.workdir',
      'agentv input_files',
      'agentv tests.input_files',
      'agentv default_test.input_files',
      'agentv scenarios.config.input_files',
      'agentv prompts',
      'agentv prompts.**',
      'agentv tests.prompts',
      'agentv tests.prompts.**',
    ],
    'reads-outside-project',
    'names files (`file://` references) that are copied or read',
    BOUNDARY_GATE,
  ),
  gated(
    [
      'agentv assert',
      'agentv assert.**',
      'agentv tests.assert',
      'agentv tests.assert.**',
      'agentv default_test.assert',
    ],
    'starts-program',
    'a check, graded by skill-eval',
    CHECK_GATE,
    CODE_CHECK,
  ),
  gated(
    ['agentv scenarios.config.assert', 'agentv tests.turns.assert', 'agentv tests.turns.assert.**'],
    'starts-program',
    'a check, graded by skill-eval',
    CHECK_GATE,
    CODE_CHECK,
  ),
  ignored(['agentv env', 'agentv env.*'], 'chooses-endpoint', "AgentV's provider environment; never applied (warned)"),
  ignored(
    [
      'agentv providers',
      'agentv tests.provider',
      'agentv tests.providers',
      'agentv default_test.provider',
      'agentv default_test.providers',
      'agentv scenarios.config.provider',
      'agentv scenarios.config.providers',
      'agentv extensions',
      'agentv derived_metrics',
      'agentv defaults',
      'agentv requires',
      'agentv requires.agentv',
      'agentv tests.environment.type',
      'agentv tests.environment.*',
      'agentv environment.type',
      'agentv environment.*',
    ],
    'loads-code',
    'AgentV providers and plugins; kept as metadata, never loaded (warned): engines come from the command line',
  ),
  inert([
    'agentv *',
    'agentv $schema',
    'agentv author',
    'agentv category',
    'agentv description',
    'agentv license',
    'agentv name',
    'agentv tags',
    'agentv tags.*',
    'agentv threshold',
    'agentv timeout_seconds',
    'agentv version',
    'agentv evaluate_options',
    'agentv evaluate_options.**',
    'agentv default_test.**',
    'agentv scenarios.**',
    'agentv tests',
    'agentv tests.*',
    'agentv tests.conversation_id',
    'agentv tests.criteria',
    'agentv tests.depends_on',
    'agentv tests.description',
    'agentv tests.id',
    'agentv tests.metadata',
    'agentv tests.metadata.*',
    'agentv tests.mode',
    'agentv tests.run',
    'agentv tests.run.**',
    'agentv tests.threshold',
    'agentv tests.turns',
    'agentv tests.turns.expected_output',
    'agentv tests.turns.expected_output.**',
    'agentv tests.turns.input',
    'agentv tests.turns.input.**',
    'agentv tests.vars',
    'agentv tests.vars.*',
  ]),
];

const EVAL_MD: PolicyEntry[] = [
  ignored(
    ['eval-md agent', 'eval-md model', 'eval-md module'],
    'loads-code',
    'SkillKit’s agent and model; a hint only',
  ),
  inert([
    'eval-md *',
    'eval-md description',
    'eval-md expect',
    'eval-md expect.**',
    'eval-md metadata',
    'eval-md metadata.*',
    'eval-md name',
    'eval-md prompt',
    'eval-md skills',
    'eval-md system',
    'eval-md tools',
  ]),
];

const EVALS_JSON: PolicyEntry[] = [
  gated(
    ['evals-json evals.files', 'evals-json/bmad files', 'evals-json/bmad cases.files'],
    'reads-outside-project',
    'names files staged in the workspace',
    BOUNDARY_GATE,
  ),
  inert([
    'evals-json *',
    'evals-json evals',
    'evals-json evals.*',
    'evals-json evals.assertions',
    'evals-json evals.expectations',
    'evals-json evals.expected_output',
    'evals-json evals.id',
    'evals-json evals.name',
    'evals-json evals.prompt',
    'evals-json evals.should_trigger',
    'evals-json evals.timeout',
    'evals-json skill_name',
    'evals-json/bmad *',
    'evals-json/bmad cases',
    'evals-json/bmad cases.**',
    'evals-json/bmad id',
    'evals-json/bmad input',
    'evals-json/bmad rubric',
    'evals-json/bmad skill_name',
    'evals-json/bmad state_prefix',
    'evals-json/bmad timeout',
  ]),
  gated(
    ['evals-json/tea contextFiles', 'evals-json/tea workflow'],
    'reads-outside-project',
    "names the workflow's files read into every prompt",
    BOUNDARY_GATE,
  ),
  inert(['evals-json/tea *', 'evals-json/tea about', 'evals-json/tea cases', 'evals-json/tea cases.**']),
];

const SKILLET: PolicyEntry[] = [
  gated(['skillet setup', 'skillet teardown'], 'starts-program', 'a shell command run on this machine', SETUP_GATE),
  gated(
    ['skillet assertions', 'skillet assertions.type', 'skillet assertions.value'],
    'starts-program',
    'a check, graded by skill-eval',
    CHECK_GATE,
    CODE_CHECK,
  ),
  inert([
    'skillet *',
    'skillet actual',
    'skillet domain',
    'skillet expected',
    'skillet name',
    'skillet prompt',
    'skillet timestamp',
  ]),
];

/** getsentry/skillet's `.eval.yaml`, read by the skillet format's getsentry dialect. */
const SKILLET_GETSENTRY: PolicyEntry[] = [
  gated(
    ['skillet/getsentry evals.workspace.setup'],
    'starts-program',
    'a shell command run on this machine',
    SETUP_GATE,
  ),
  gated(
    [
      'skillet/getsentry evals.checks.run',
      'skillet/getsentry evals.checks.exits',
      'skillet/getsentry evals.checks.matches',
      'skillet/getsentry evals.checks.contains',
      'skillet/getsentry evals.checks.not_contains',
      'skillet/getsentry evals.checks.equals',
      'skillet/getsentry evals.checks.not_equals',
    ],
    'starts-program',
    'a shell command run in the workspace as a script check',
    CHECK_GATE,
  ),
  gated(
    ['skillet/getsentry evals.workspace.cwd'],
    'reads-outside-project',
    'runs the agent in a folder of the machine',
    'an error at its line when the eval file is read (skill-eval never runs a case outside its workspace)',
  ),
  inert([
    'skillet/getsentry *',
    'skillet/getsentry evals',
    'skillet/getsentry evals.*',
    'skillet/getsentry evals.checks',
    'skillet/getsentry evals.checks.*',
    'skillet/getsentry evals.checks.output_contains',
    'skillet/getsentry evals.checks.output_matches',
    'skillet/getsentry evals.checks.output_not_contains',
    'skillet/getsentry evals.criteria',
    'skillet/getsentry evals.name',
    'skillet/getsentry evals.requires',
    'skillet/getsentry evals.requires.*',
    'skillet/getsentry evals.requires.command',
    'skillet/getsentry evals.requires.env',
    'skillet/getsentry evals.tests_behavior',
    'skillet/getsentry evals.threshold',
    'skillet/getsentry evals.timeout',
    'skillet/getsentry evals.turns',
    'skillet/getsentry evals.workspace',
    'skillet/getsentry evals.workspace.*',
  ]),
];

/** Claude Code's `claude plugin eval` cases: case.yaml, prompt.md front matter, graders/*.md front matter. */
const CLAUDE_PLUGIN_EVAL: PolicyEntry[] = [
  gated(
    ['claude-plugin-eval context.scaffold_script'],
    'starts-program',
    'a bash script run before the agent (Claude Code runs it only with --scaffold)',
    SETUP_GATE,
  ),
  gated(
    [
      'claude-plugin-eval execution.env',
      'claude-plugin-eval execution.env.*',
      'claude-plugin-eval/prompt-md env',
      'claude-plugin-eval/prompt-md env.*',
    ],
    'starts-program',
    "variables of the agent's environment (LD_PRELOAD would run code)",
    'never applied: a warning at its line, and the value is only kept in the case metadata',
  ),
  gated(
    [
      'claude-plugin-eval context.history_file',
      'claude-plugin-eval/grader-md baseline_file',
      'claude-plugin-eval graders.baseline_file',
    ],
    'reads-outside-project',
    'names a file read into the run',
    'an error at its line when the eval file is read (skill-eval cannot run it as Claude Code does)',
  ),
  gated(
    ['claude-plugin-eval context.add_dirs'],
    'reads-outside-project',
    'more directories the agent may work in',
    'never applied: a warning at its line (the agent works in its workspace only)',
  ),
  inert([
    'claude-plugin-eval *',
    'claude-plugin-eval context',
    'claude-plugin-eval context.*',
    'claude-plugin-eval description',
    'claude-plugin-eval execution',
    'claude-plugin-eval execution.*',
    'claude-plugin-eval execution.allowed_tools',
    'claude-plugin-eval execution.append_system_prompt',
    'claude-plugin-eval execution.artifact_publish',
    'claude-plugin-eval execution.disallowed_tools',
    'claude-plugin-eval execution.growthbook_overrides',
    'claude-plugin-eval execution.growthbook_overrides.*',
    'claude-plugin-eval execution.max_turns',
    'claude-plugin-eval execution.model',
    'claude-plugin-eval execution.prompt',
    'claude-plugin-eval execution.timeout_seconds',
    'claude-plugin-eval expected_outcome',
    'claude-plugin-eval graders',
    'claude-plugin-eval graders.**',
    'claude-plugin-eval name',
    'claude-plugin-eval plugins',
    'claude-plugin-eval runs',
    'claude-plugin-eval schema_version',
    'claude-plugin-eval tags',
    'claude-plugin-eval/prompt-md *',
    'claude-plugin-eval/prompt-md **',
    'claude-plugin-eval/grader-md *',
    'claude-plugin-eval/grader-md **',
  ]),
];

const TRIGGERS_JSON: PolicyEntry[] = [
  inert([
    'triggers-json *',
    'triggers-json id',
    'triggers-json query',
    'triggers-json should_not_trigger',
    'triggers-json should_not_trigger.**',
    'triggers-json should_trigger',
    'triggers-json should_trigger.*',
    'triggers-json should_trigger.id',
    'triggers-json should_trigger.prompt',
    'triggers-json skill_name',
  ]),
];

export const EVAL_FILE_FIELDS: PolicyEntry[] = [
  ...CLAUDE_PLUGIN_EVAL,
  ...AGENTV,
  ...EVAL_MD,
  ...EVALS_JSON,
  ...SKILLET,
  ...SKILLET_GETSENTRY,
  ...TRIGGERS_JSON,
];
