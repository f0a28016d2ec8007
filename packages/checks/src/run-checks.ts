import type { Check } from '@skill-eval/core';
import { type CheckSpec, defineCheck, type RuleProblem } from './check-spec.js';
import { atLeastZero, flag, names, nonBlank, textLike, wholeNumber } from './param-types.js';

/** At most one of the keys that spell the same limit (promptfoo's and AgentV's spellings beside skill-eval's). */
const oneSpelling =
  (...keys: string[]) =>
  (check: Check): RuleProblem[] => {
    const given = keys.filter((key) => check[key] !== undefined);
    return given.length > 1
      ? [{ path: [given[1]!], message: `"${given[0]}" and "${given[1]}" set the same limit; keep one` }]
      : [];
  };

const TOTAL = ['max', 'max_total', 'maxTotal'];
const INPUT = ['maxInput', 'max_input'];
const OUTPUT = ['maxOutput', 'max_output'];

const tokens = (what: string) => atLeastZero(`a number ≥ 0: the most ${what} tokens`);

/** Checks of the workspace after the run and of the run's figures. */
export const RUN_CHECKS: Readonly<Record<string, CheckSpec>> = {
  'exit-code': defineCheck({
    summary: 'the agent process exited with the value (an engine without a process fails it)',
    params: { value: wholeNumber('the expected exit code, a whole number') },
    needs: ['value'],
    origins: ['skill-eval'],
  }),
  'file-exists': defineCheck({
    summary: 'every path (relative to the workspace) exists after the run',
    params: { value: names('a path relative to the workspace, or a list of them') },
    needs: ['value'],
    origins: ['skill-eval'],
  }),
  'file-not-exists': defineCheck({
    summary: 'no path (relative to the workspace) exists after the run',
    params: { value: names('a path relative to the workspace, or a list of them') },
    needs: ['value'],
    origins: ['skill-eval'],
  }),
  'file-contains': defineCheck({
    summary: 'the workspace file at path contains the value',
    params: {
      path: nonBlank('the file, relative to the workspace'),
      value: textLike('the text to look for'),
      caseSensitive: flag('false folds case'),
    },
    needs: ['path', 'value'],
    origins: ['skill-eval'],
  }),
  'golden-file': defineCheck({
    summary: 'the workspace file at path (or the final answer) equals the golden file',
    params: {
      golden: nonBlank('the golden file (the format resolves it next to the eval file)'),
      path: nonBlank('the file to compare, relative to the workspace (default: the final answer)'),
      trim: flag('true ignores surrounding whitespace'),
    },
    needs: ['golden'],
    origins: ['skill-eval'],
  }),
  'fixture-unchanged': defineCheck({
    summary: "the case's fixture files (BMAD's project copy) are as staged after the run: not modified, not deleted",
    params: { value: names('a fixture path in the workspace, or a list of them (default: every fixture)') },
    origins: ['skill-eval'],
  }),
  latency: defineCheck({
    summary: 'the run took at most max milliseconds',
    params: {
      max: atLeastZero('a number ≥ 0: the most milliseconds the run may take'),
      threshold: atLeastZero('a number ≥ 0: the most milliseconds the run may take (promptfoo, AgentV)'),
    },
    needs: [['max', 'threshold']],
    rules: oneSpelling('max', 'threshold'),
    origins: ['skill-eval', 'promptfoo', 'agentv'],
  }),
  cost: defineCheck({
    summary:
      'the run cost at most max dollars (an engine that reports no cost makes it an error, or fails it in AgentV)',
    params: {
      max: atLeastZero('a number ≥ 0: the most dollars the run may cost'),
      threshold: atLeastZero('a number ≥ 0: the most dollars (promptfoo)'),
      budget: atLeastZero('a number ≥ 0: the most dollars (AgentV)'),
      failUnreported: flag('true fails the check when the engine reported no cost, as AgentV does (else an error)'),
    },
    needs: [['max', 'threshold', 'budget']],
    rules: oneSpelling('max', 'threshold', 'budget'),
    origins: ['skill-eval', 'promptfoo', 'agentv'],
  }),
  'token-usage': defineCheck({
    summary: 'the run stayed within its token limits (an engine that reported no usage fails it)',
    params: {
      max: tokens('total (input, output and cache)'),
      max_total: tokens('total (AgentV)'),
      maxTotal: tokens('total (AgentV)'),
      maxInput: tokens('input'),
      max_input: tokens('input (AgentV)'),
      maxOutput: tokens('output'),
      max_output: tokens('output (AgentV)'),
    },
    needs: [[...TOTAL, ...INPUT, ...OUTPUT]],
    rules: (check) => [
      ...oneSpelling(...TOTAL)(check),
      ...oneSpelling(...INPUT)(check),
      ...oneSpelling(...OUTPUT)(check),
    ],
    origins: ['skill-eval', 'agentv'],
  }),
};
