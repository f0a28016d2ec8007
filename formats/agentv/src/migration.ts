/**
 * Fields AgentV 5 declares `z.never()` and rejects, each with the migration hint AgentV gives. A
 * v5 file using them is an error here too, so a suite never runs differently from how AgentV
 * would refuse it.
 */
export const V5_REMOVED_TOP: Readonly<Record<string, string>> = {
  input:
    "Top-level 'input' is not part of AgentV 5 eval YAML. Put the prompt in prompts (e.g. prompts: ['{{ input }}']) and the text in each test's vars.",
  expected_output:
    "Top-level 'expected_output' is not part of AgentV 5 eval YAML. Put reference answers in each test's vars.expected_output.",
  target:
    "Top-level 'target' has been removed in AgentV 5. Name the providers under providers (or pick one at run time with --target).",
  targets: "Top-level 'targets' has been removed in AgentV 5. List them under providers.",
  eval_cases: "Top-level 'eval_cases' has been removed from authored eval YAML. Use 'tests' instead.",
  evalcases: "Top-level 'evalcases' has been removed from authored eval YAML. Use 'tests' instead.",
  graders: "Top-level 'graders' has been removed in AgentV 5. Name the grader under defaults.grader.",
  experiment:
    "Top-level 'experiment' has been removed from authored eval YAML. Use tags.experiment in the eval file or CLI --experiment at run time.",
  repeat: "Top-level 'repeat' has been removed in AgentV 5. Use evaluate_options.repeat.",
  runs: "Top-level 'runs' has been removed in AgentV 5. Use evaluate_options.repeat.",
  early_exit: "Top-level 'early_exit' has been removed in AgentV 5. Use evaluate_options.repeat.early_exit.",
  budget_usd: "Top-level 'budget_usd' has been removed. Use evaluate_options.budget_usd.",
  execution:
    "Top-level 'execution' has been removed in AgentV 5. Put repeat under evaluate_options.repeat, timeout_seconds and threshold at the top level, budget_usd under evaluate_options, and assertions under assert.",
  policy:
    "Top-level 'policy' is not part of eval YAML. Put repeat under evaluate_options.repeat, timeout_seconds and threshold at the top level, and budget_usd under evaluate_options.",
  model: "Top-level 'model' has been removed in AgentV 5. Set the model on a provider.",
  imports:
    "Top-level 'imports' is not supported. For raw case files use tests: file://…; for reusable scenarios use scenarios: [file://…]; for reusable config use prompts: file://…, default_test: file://… and environment: file://….",
  on_run_complete:
    "Top-level 'on_run_complete' is not supported in AgentV 5. Use an extension hook (extensions: [file://hook.ts:afterAll]).",
  preprocessors:
    'preprocessors has been removed from authored eval YAML. Use default_test.options.transform or assertion-level transform instead.',
  providerPromptMap: "Top-level 'providerPromptMap' is not supported. Use 'providers'.",
  provider_prompt_map: "Top-level 'provider_prompt_map' is not supported. Use 'providers'.",
};

/** AgentV 4 spellings a v5 file may still carry: read as 4.x read them, with a warning (AgentV 5 ignores them). */
export const V4_SPELLINGS_TOP: Readonly<Record<string, string>> = {
  assertions: "Top-level 'assertions' is the AgentV 4 spelling; AgentV 5 ignores it. Rename it to 'assert'.",
  evaluators: "Top-level 'evaluators' is the AgentV 4 spelling; AgentV 5 ignores it. Rename it to 'assert'.",
  workspace:
    "Top-level 'workspace' is the AgentV 4 spelling; AgentV 5 reads 'environment' instead (environment: {type: host, workdir: …}).",
};

/** Test fields AgentV 5 rejects in an authored suite (raw case files still accept input/expected_output). */
export const V5_REMOVED_TEST: Readonly<Record<string, string>> = {
  input:
    "Test-level 'input' is not accepted by AgentV 5 in an authored suite. Move it to vars (vars: {input: …}) and add a top-level prompts: ['{{ input }}'], or move the tests to a raw case file referenced with tests: file://cases.yaml.",
  expected_output:
    "Test-level 'expected_output' is not accepted by AgentV 5 in an authored suite. Move it to vars.expected_output, or express it as assert entries.",
};

/** Test-level AgentV 4 spellings in a v5 file: read, with a warning. */
export const V4_SPELLINGS_TEST: Readonly<Record<string, string>> = {
  assertions: "Test-level 'assertions' is the AgentV 4 spelling; AgentV 5 ignores it. Rename it to 'assert'.",
  evaluators: "Test-level 'evaluators' is the AgentV 4 spelling; AgentV 5 ignores it. Rename it to 'assert'.",
  workspace: "Test-level 'workspace' is the AgentV 4 spelling; AgentV 5 reads 'environment' instead.",
};
