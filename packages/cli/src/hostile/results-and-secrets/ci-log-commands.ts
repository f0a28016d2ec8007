import { expect } from 'vitest';
import { runnerCommands } from '../../test-support/actions-runner.js';
import { agent, type HostileCase, type HostileOutcome, onAgent, rerun } from './hostile-run.js';

/**
 * Text from eval files that a CI runner would read as its own commands, when skill-eval prints it in a GitHub Actions
 * step: a forged annotation, `add-mask` hiding the verdicts, `stop-commands` silencing skill-eval's own annotations —
 * on a line of its own after a line feed or a lone carriage return, or anywhere in a line as the runner's legacy
 * `##[…]` form. What the runner acts on is read as actions/runner reads it (test-support/actions-runner.ts).
 */
const PAYLOAD = [
  'forged',
  '::error file=forged.md,line=1::FORGED',
  '##[add-mask]FAIL',
  '::stop-commands::silenced',
].join('\n');
const CR_PAYLOAD = 'cr\r::warning::FORGED BY CR ##[add-mask]PASS';

const yamlText = (text: string) => JSON.stringify(text);

const suite = (ids: string[], value: string) =>
  [
    'name: hostile',
    'tests:',
    ...ids.flatMap((id) => [
      `  - id: ${yamlText(id)}`,
      '    input: say pass',
      `    assertions: [{type: contains, value: ${yamlText(value)}}]`,
    ]),
    '',
  ].join('\n');

/**
 * The step's output as the runner handles it when it reads it in one batch: the stderr lines, then the stdout lines
 * (src/Runner.Sdk/ProcessInvoker.cs, `ProcessOutput`). skill-eval's first line on each stream switches commands off,
 * its last, on stdout, on again; every other batching is checked where the streams' writes are known
 * (io/guarded-io.test.ts).
 */
const stepOutput = (stdout: string, stderr: string): string => `${stderr}${stdout}`;

/** Every command the runner acts on is an annotation skill-eval wrote at the eval file, and commands end up on. */
function onlyOwnAnnotations(output: string) {
  const { commands, stopped } = runnerCommands(output);
  expect(stopped, 'workflow commands left off after skill-eval').toBe(false);
  for (const command of commands) {
    expect(command.command).toBe('error');
    // Its message quotes the check's value (escaped, so within the one command): the forged one names forged.md.
    expect(command.properties.file).toMatch(/evals\/hostile\.eval\.yaml$/);
  }
  return commands;
}

const IN_ACTIONS = { GITHUB_ACTIONS: 'true' };

const cases: HostileCase[] = [
  {
    name: 'case names and check values print workflow commands in a GitHub Actions step',
    files: {
      'evals/hostile.eval.yaml': suite([PAYLOAD, CR_PAYLOAD], `missing ${PAYLOAD}`),
      'agent.sh': agent('echo pass'),
    },
    argv: onAgent(),
    env: IN_ACTIONS,
    async expect(outcome: HostileOutcome) {
      expect(outcome.code).toBe(1);
      // Both cases fail, each with its own annotation: what skill-eval means the runner to read still reaches it.
      expect(onlyOwnAnnotations(stepOutput(outcome.stdout, outcome.stderr))).toHaveLength(2);
      const listed = await rerun(outcome, ['list', 'evals'], IN_ACTIONS);
      expect(listed.code).toBe(0);
      expect(onlyOwnAnnotations(stepOutput(listed.out, listed.err))).toEqual([]);
      const validated = await rerun(outcome, ['validate', 'evals'], IN_ACTIONS);
      expect(onlyOwnAnnotations(stepOutput(validated.out, validated.err))).toEqual([]);
    },
  },
  {
    name: 'names holding DEL and C1 controls, printed with --json, still parse as JSON with the same names',
    files: {
      'evals/hostile.eval.yaml': suite(['del\u007f-nel\u0085-csi\u009b'], 'pass'),
      'agent.sh': agent('echo pass'),
    },
    argv: onAgent('--json'),
    async expect(outcome: HostileOutcome) {
      expect(JSON.parse(outcome.stdout).caseTotals.passed).toBe(1);
      const listed = await rerun(outcome, ['list', 'evals', '--json']);
      expect(JSON.parse(listed.out).suites[0].cases[0].id).toBe('del\u007f-nel\u0085-csi\u009b');
    },
  },
];

/** Text a CI runner reads as commands, and JSON a control character must not break. */
export const ciLogCommands: HostileCase[] = cases;
