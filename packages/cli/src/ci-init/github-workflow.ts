import { stringify } from 'yaml';
import { agentSetup } from './agent-setup.js';
import { actionRef, type CiPlan } from './ci-plan.js';

/** Where the workflow is written, relative to the repository root. */
export const GITHUB_WORKFLOW_FILE = '.github/workflows/skill-evals.yml';

/**
 * A GitHub Actions workflow for the plan: on pushes to the default branch (whose runs the pull requests compare with)
 * and on pull requests, it checks out the history `changed-only` needs, installs the agent CLIs the engines run, and
 * runs the skill-eval action with the keys from the repository's secrets.
 */
export function githubWorkflow(plan: CiPlan): string {
  const setups = plan.engines.map(agentSetup).filter((s) => s !== undefined);
  const cliPackages = [...new Set(setups.flatMap((s) => (s.cliPackage ? [s.cliPackage] : [])))];
  const keys = plan.replay === undefined ? setups : [];
  const inputs: Record<string, string | boolean> = {
    paths: plan.paths.join(' '),
    ...(plan.engines.length ? { engines: plan.engines.join(' ') } : {}),
    ...(plan.judge ? { judge: plan.judge } : {}),
    ...(plan.changedOnly ? { 'changed-only': true } : {}),
    ...(plan.replay ? { replay: plan.replay } : {}),
  };
  const env: Record<string, string> = {};
  for (const setup of keys) {
    const value = `\${{ secrets.${setup.secret} }}`;
    if (setup.actionInput) inputs[setup.actionInput] = value;
    else env[setup.secret] = value;
  }
  const workflow = {
    name: 'skill-evals',
    on: { push: { branches: [plan.defaultBranch] }, pull_request: null },
    permissions: { contents: 'read', 'pull-requests': 'write' },
    jobs: {
      evals: {
        'runs-on': 'ubuntu-latest',
        'timeout-minutes': 60,
        steps: [
          { uses: 'actions/checkout@v4', with: { 'fetch-depth': plan.changedOnly ? 0 : 1 } },
          ...(cliPackages.length && plan.replay === undefined
            ? [{ name: 'The agent CLIs the engines run', run: `npm install --global ${cliPackages.join(' ')}` }]
            : []),
          {
            uses: actionRef(plan.version),
            with: inputs,
            ...(Object.keys(env).length ? { env } : {}),
          },
        ],
      },
    },
  };
  const text = stringify(workflow, { lineWidth: 0 }).replace(/^ {2}pull_request: null$/m, '  pull_request:');
  return `# Written by \`skill-eval ci init\`: the evals of this repository's skills on every pull request, with one comment
# that keeps their verdicts current. See https://github.com/skill-eval/skill-eval/blob/main/docs/ci-and-scaling.md
${text}`;
}
