import { SkillEvalError } from '@skill-eval/core';

/**
 * A path as the workflow `ci init` writes names it: one word of `skill-eval run`, read back as a path and nothing
 * else. The names come from the repository (the folders `ci init` finds eval files in), which a pull request can
 * shape, and the workflow runs with the repository's keys: a folder named `--trust` would become that flag of the CI
 * run, and a name holding `${{ … }}` an Actions expression that GitHub evaluates in the action's `with:` inputs
 * (a pull request's title, say). The action splits its `paths` input into words at white space, so a name holding any
 * cannot be carried at all.
 *
 * A name that starts with `-` is written `./-name` (the same folder, no longer a flag); one that holds white space, a
 * control character or `${{` is refused, naming it.
 */
export function pathWord(path: string, origin: string): string {
  const expression = EXPRESSION_START.test(path);
  if (/[\s\p{Cc}]/u.test(path) || expression) {
    throw new SkillEvalError(
      'USAGE',
      `ci init cannot write the path ${JSON.stringify(path)} (${origin}) into a workflow: ${
        expression
          ? 'GitHub would evaluate what follows its `$' + '{{` as an expression'
          : 'the action reads its paths as words separated by white space'
      }.`,
      { hint: 'Name the eval paths the workflow runs yourself, without that folder: `skill-eval ci init skills/`.' },
    );
  }
  return path.startsWith('-') ? `./${path}` : path;
}

/** Where GitHub Actions starts an expression in a workflow's values. */
const EXPRESSION_START = /\$\{\{/;
