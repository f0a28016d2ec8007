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
    why: 'Written for AgentV 5.0 (taken at 7741f9d, v5.0.0-next.1-121), which still read `workspace.template`; AgentV removed it at a84b97855 (v5.1.0-next.1-9), after which the loader refuses the file (yaml-parser.ts:3305-3309 at 58f316ca2, the commit the vendored loader is built at). skill-eval reads it as the version it was written for did — the template as the workspace — with a `v4-field` warning naming environment.workdir.',
    files: /^wild\/agentv-eval-yaml\/EntityProcess-agentv@7741f9d\/examples\/features\/workspace-setup-script\//,
    aspect: 'refusal',
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
