import type { CaseSelection } from '../loading/case-selection.js';
import type { NetworkChoice } from '../policy/environment-choice.js';
import type { RunModeFlags } from './run-mode-options.js';
import type { RunOutputFlags } from './run-reporters.js';

/** The options of `skill-eval run`, as commander parses them and as run.json keeps them for resume and replay. */
export interface RunCommandOptions extends RunModeFlags, RunOutputFlags, CaseSelection {
  engine?: string[];
  judge?: string;
  /** `--api-key`: the key of the run's engines. Never kept in run.json: a resumed run is given it again. */
  apiKey?: string;
  ek?: string[];
  concurrency?: string;
  out?: string;
  timeout?: string;
  config?: string;
  format?: string;
  trust?: boolean;
  /** Overrides every trigger case's own detection mode. */
  triggerDetection?: 'any-tool' | 'first-tool';
  /** `--no-cache` sets false: every execution runs. */
  cache?: boolean;
  /** Where cached results are kept (default `.skill-eval/cache`). */
  cacheDir?: string;
  /** `--no-parse-cache` sets false: every YAML file is parsed, and no parsed document is kept. */
  parseCache?: boolean;
  /** Run directory of an interrupted run to continue. */
  resume?: string;
  /** The options were read back from the resumed run's run.json. */
  resumed?: boolean;
  /** Keep each execution's model exchanges in `<run>/recordings/`. */
  record?: boolean;
  /** Run directory of a recorded run to replay against its recordings. */
  replay?: string;
  /** The options were read back from the replayed run's run.json. */
  replaying?: boolean;
  /** `--changed <ref>`: only the suites whose inputs changed since the ref's merge base with HEAD. */
  changed?: string;
  /** `i/n`: run only this part of the plan. */
  shard?: string;
  /** Keep each execution's workspace (named in its result's warnings) instead of deleting it. */
  keepWorkspaces?: boolean;
  /** Where every execution runs: `docker:<image>`, `opensandbox:<image>`, `none`. */
  environment?: string;
  /** A container environment's network: only the model endpoint (`deny`), or `open`. */
  network?: NetworkChoice;
  /** The evals of the skill folder given as the path (BMAD's `--evals`). */
  evals?: string;
  /**
   * `--otlp`: the OTLP/HTTP endpoint the run's traces are sent to. Never kept in run.json: only the user chooses where
   * traces go, so a resumed or replayed run sends them where it is told now.
   */
  otlp?: string;
}
