/** What `ci init` writes a workflow for: the answers to its questions, or its flags. */
export interface CiPlan {
  /** Eval files or folders, relative to the repository root (`skills`), as `run` takes them. */
  paths: string[];
  /** Engine ids (bundled ids, a model allowed: `claude-code:opus`). */
  engines: string[];
  judge?: string;
  /** On a pull request, run only the suites it changed. */
  changedOnly: boolean;
  /** A committed run directory to replay: no key needed. */
  replay?: string;
  /** The skill-eval version the workflow installs (the action's tag follows its major). */
  version: string;
  /** The repository's default branch: pushes to it keep the run the pull requests compare with. */
  defaultBranch: string;
}

/** The action's ref for a version: its major tag, `v0` for 0.x. */
export const actionRef = (version: string) => `skill-eval/skill-eval@v${version.split('.')[0]}`;
