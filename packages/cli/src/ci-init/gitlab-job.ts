import { stringify } from 'yaml';
import { agentSetup } from './agent-setup.js';
import type { CiPlan } from './ci-plan.js';

/** Where the job is written when the repository has no `.gitlab-ci.yml` yet, else beside it to be included. */
export const GITLAB_CI_FILE = '.gitlab-ci.yml';
export const GITLAB_INCLUDED_FILE = '.gitlab/skill-evals.gitlab-ci.yml';

/**
 * A GitLab CI job for the plan: on merge requests and on the default branch, it installs skill-eval and the agent
 * CLIs, runs the evals (only those the merge request changed, when asked), and keeps the run directory as an artifact
 * with its junit.xml as the test report. Keys come from the project's CI/CD variables of the same names.
 */
export function gitlabJob(plan: CiPlan): string {
  const setups = plan.engines.map(agentSetup).filter((s) => s !== undefined);
  const cliPackages = [...new Set(setups.flatMap((s) => (s.cliPackage ? [s.cliPackage] : [])))];
  const packages = [`skill-eval@${plan.version}`, ...(plan.replay === undefined ? cliPackages : [])];
  const run = [
    'skill-eval run',
    ...plan.engines.map((engine) => `-e ${quote(engine)}`),
    ...(plan.judge ? [`--judge ${quote(plan.judge)}`] : []),
    ...(plan.replay ? [`--replay ${quote(plan.replay)}`] : []),
    '--out skill-eval-run',
    '$CHANGED',
    // The paths after `--`: words that are paths, never flags.
    '--',
    ...plan.paths.map(quote),
  ].join(' ');
  const job = {
    'skill-evals': {
      image: 'node:22',
      rules: [
        { if: '$CI_PIPELINE_SOURCE == "merge_request_event"' },
        { if: '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH' },
      ],
      variables: { GIT_DEPTH: plan.changedOnly ? '0' : '1' },
      script: [
        `npm install --global ${packages.join(' ')}`,
        plan.changedOnly
          ? 'if [ -n "$CI_MERGE_REQUEST_DIFF_BASE_SHA" ]; then CHANGED="--changed $CI_MERGE_REQUEST_DIFF_BASE_SHA"; else CHANGED=""; fi'
          : 'CHANGED=""',
        run,
      ],
      artifacts: {
        when: 'always',
        paths: ['skill-eval-run/'],
        reports: { junit: 'skill-eval-run/junit.xml' },
      },
    },
  };
  return `# Written by \`skill-eval ci init --gitlab\`: the evals of this repository's skills on merge requests.
# Keys: set ${[...new Set(setups.map((s) => s.secret))].join(', ') || 'none'} as masked CI/CD variables.
${stringify(job, { lineWidth: 0 })}`;
}

/** A word for the shell: as is when it is plain, else in single quotes. */
const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);
