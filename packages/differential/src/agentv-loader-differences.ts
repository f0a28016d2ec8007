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
    why: 'The same `{{ env.X }}` template, in a system message.',
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv\/examples\/features\/env-interpolation\//,
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
];

/** The listed differences that explain `difference` in `file`. */
export const explainingLoaderDifference = (file: string, difference: LoaderDifference) =>
  DELIBERATE_LOADER_DIFFERENCES.filter(
    (d) =>
      d.aspect === difference.aspect &&
      d.files.test(file) &&
      (d.ids === undefined || (difference.id !== undefined && d.ids.test(difference.id))),
  );
