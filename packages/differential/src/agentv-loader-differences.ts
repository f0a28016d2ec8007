import type { LoaderDifference } from './agentv-loader-comparison.js';

/**
 * Where skill-eval's reading of a corpus AgentV file differs from AgentV's own loader's on purpose: the one list of
 * them. src/agentv-loaders.test.ts fails on a difference that is not here, and on an entry here that no corpus file
 * shows any more.
 */
export interface DeliberateLoaderDifference {
  /** What differs, and why skill-eval does it its way. */
  why: string;
  /** The corpus files (paths under corpus/) that show it. */
  files: RegExp;
  aspect: LoaderDifference['aspect'];
  /** The tests it is about, where it is about some. */
  ids?: RegExp;
}

export const DELIBERATE_LOADER_DIFFERENCES: readonly DeliberateLoaderDifference[] = [
  {
    why: "A list var expands a test into one per value (expandArrayVarCases, yaml-parser.ts:524-553 at 58f316ca2), and AgentV 5 gives every copy the test's own id; skill-eval's case ids must be unique (results, --case, the report are keyed by them), so each copy's id names its values: 'capital@synonyms=Rome'.",
    files: /^wild\/minimal\/agentv\/vars-in-assert\//,
    aspect: 'ids',
  },
  {
    why: "AgentV fills `{{ env.X }}` (filters and all) from the environment of the machine that loads the file (interpolateEnv: yaml-parser.ts:1429 at 58f316ca2; 4.42.4 dist/chunk-FRDEARJA.js:20698). skill-eval keeps the loading machine's environment out of a case, which must mean the same wherever it runs and must not carry secrets into prompts: it sends the template as written, with an `env-template` warning at its line.",
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv\/examples\/features\/env-interpolation\//,
    aspect: 'graders',
    ids: /^full-value$/,
  },
  {
    why: "The same `{{ env.X }}` template, in a system message; and AgentV 4's form, a dollar sign before `{{ X }}`, which 4.42.4 fills from the same environment (interpolateEnv, dist/chunk-Z5WVZ5VI.js:1858, 1898-1905), sent as written with the same warning.",
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv(@v4\.42\.4)?\/examples\/features\/env-interpolation\//,
    aspect: 'system',
    ids: /^partial-value$/,
  },
  {
    why: "AgentV renders the filled input once more with nunjucks (interpolateRawEvalCase, yaml-parser.ts:510 at 58f316ca2), so an expression that a var brings in (`{{ 7 * 7 }}` in a red-team payload) is evaluated: 49. skill-eval substitutes plain `{{ name }}` only (formats/agentv README, 'Deliberate deviations') and sends the rest as written, with a `template-unsupported` warning at the var.",
    files:
      /^wild\/agentv-eval-yaml\/EntityProcess-agentv\/examples\/red-team\/suites\/llm02-insecure-output\.eval\.yaml$/,
    aspect: 'turns',
    ids: /^template-injection-jinja$/,
  },
  {
    why: "A grader prompt written by a script (`prompt: {command: …}`), which AgentV loads and runs when it grades (grader-parser.ts parsePromptField). skill-eval runs no script to write its judge's prompt: an `unsupported-prompt` error at the grader, so the file does not run rather than run with another prompt.",
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv\/examples\/features\/prompt-template-sdk\//,
    aspect: 'refusal',
  },
  {
    why: "A custom assertion type written in TypeScript (`min-words`, defined in the project's .agentv/assertions/), which AgentV loads as a plugin. skill-eval runs no such plugin: an `unknown-check-type` error at each use, so the file does not run without it.",
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv\/examples\/features\/sdk-custom-assertion\//,
    aspect: 'refusal',
  },
  {
    why: 'The same custom `min-words` assertion, missing from the checks of each test that uses it (the error above stops the run).',
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv\/examples\/features\/sdk-custom-assertion\//,
    aspect: 'graders',
  },
  {
    why: "An AgentV 4 code grader with `target` gets a proxy to that target's model while its script runs (AGENTV_TARGET_PROXY_URL/TOKEN, createTargetProxy: 4.42.4 dist/chunk-FRDEARJA.js:335, 749-763). skill-eval hands no eval-file script a way to call a model on the user's account: a `target` error at the grader, so the file does not run rather than run a script whose model calls fail.",
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv@v4\.42\.4\/examples\/features\/code-grader-with-llm-calls\//,
    aspect: 'refusal',
  },
  {
    why: 'The same code grader with `target`, missing from the checks of each test that uses it (the error above stops the run), whose criteria stand in its place.',
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv@v4\.42\.4\/examples\/features\/code-grader-with-llm-calls\//,
    aspect: 'graders',
  },
  {
    why: "An AgentV 4 composite whose aggregator is itself a grader (a `code-grader` script, or an `llm-grader` prompt, given the members' results: CompositeGrader.aggregate, runCodeAggregator, runLlmAggregator, 4.42.4 dist/chunk-FRDEARJA.js:2288-2294, 2418, 2471). skill-eval's assert-set weighs or thresholds its members and runs no grader over their results: an error at the aggregator, so the file does not run with another verdict.",
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv@v4\.42\.4\/examples\/features\/composite\//,
    aspect: 'refusal',
  },
  {
    why: 'The same composites, missing from the checks of their tests (the error above stops the run), whose criteria stand in their place.',
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv@v4\.42\.4\/examples\/features\/composite\//,
    aspect: 'graders',
    ids: /^(code-grader-safety-gate|llm-grader-conflict-resolution)$/,
  },
  {
    why: "An AgentV 4 `execution.targets` list whose targets carry their own workspace hooks: AgentV runs every test once per target (4.42.4 dist/chunk-FRDEARJA.js:17460-17480), each with its target's hooks. skill-eval has no per-target hooks, and dropping them would run every variant the same: a `target-matrix` error naming the targets and their hooks (issue 39: the matrix becomes its variants with their hooks, or an error; never silence).",
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv@v4\.42\.4\/examples\/showcase\/bug-fix-benchmark\//,
    aspect: 'refusal',
  },
  {
    why: '`tests: ./cases/` and nothing else: the EVAL.yaml is the same at v4.42.4 and 58f316ca2 and names no key of either version, so skill-eval reads it as 5.x, the current one. Its case files (`input`, `criteria`) read alike either way: the tests agree in ids, turns and graders.',
    files:
      /^wild\/agentv-eval-yaml\/EntityProcess-agentv@v4\.42\.4\/examples\/showcase\/directory-discovery\/EVAL\.yaml$/,
    aspect: 'dialect',
  },
];

/** The listed differences that explain `difference` in `file`. */
export const explainingLoaderDifference = (file: string, difference: LoaderDifference) =>
  DELIBERATE_LOADER_DIFFERENCES.filter(
    (d) =>
      d.aspect === difference.aspect &&
      d.files.test(file) &&
      (d.ids === undefined || (difference.id !== undefined && d.ids.test(difference.id))),
  );
