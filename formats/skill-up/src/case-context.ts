import type { Check, EnvironmentSpec, McpServerInput, RetryPolicy, SkillRef } from '@skill-eval/core';
import type { ParsedYaml } from '@skill-eval/format-kit';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { MappedJudge } from './mapped-judge.js';
import type { Expect, Judge } from './rule-schema.js';

/** What the owning eval.yaml (or skill-up's defaults, for a lone case file) gives every case. */
export interface SuiteDefaults {
  /** Directory every path is relative to: the nearest SKILL.md above the eval file, else its fallback. */
  skillRoot: string;
  /** Skills staged for every case. */
  skills: SkillRef[];
  /** `cases.defaults.timeout_seconds` (skill-up default 300). */
  timeoutSeconds: number;
  /** `cases.defaults.max_turns` (skill-up default 10). */
  maxTurns: number;
  /** Gates of `cases.defaults.expect`, used by cases without their own `expect`. */
  expectGates: Check[];
  /** `cases.defaults.expect` as written, which a case's own `expect` merges with (skill-up 0.8.0). */
  expect?: Expect;
  /** `cases.defaults.collect_artifacts`, unioned with each case's. */
  collectArtifacts: string[];
  /** Suite-level judge as written, and mapped (when it has a type): the default for cases without one. */
  judge:
    | {
        raw: Judge;
        mapped: MappedJudge | undefined;
        /** Reports, once, that a case falls back to a suite agent_judge without criteria (set only for one). */
        usedWithoutCriteria?: () => void;
      }
    | undefined;
  /** Suite-level `judges` list, mapped: the default for cases without their own judge or judges. */
  judges?: MappedJudge;
  /** skill-eval engine id asked for by `engine.name`/`engine.type`. */
  engine: string | undefined;
  /** `engine.model` as `provider/name` (or `name`): the model the suite pins for its agent. */
  model?: string;
  /** `mcp.servers`, installed into the agent of every case. */
  mcpServers: McpServerInput[];
  /** `environment.setup_steps[].run`: shell commands run in every case's workspace before the agent (--trust). */
  setup?: string[];
  /** `environment`, when it is a container or sandbox: where every case runs. */
  environment?: EnvironmentSpec;
  /** `cases.retry_policy`: retries of a case that timed out or errored. */
  retry?: RetryPolicy;
  /** `user_simulator` of eval.yaml, when complete: the model that plays the user of simulated cases. */
  userSimulator?: { model: string; timeoutSeconds?: number };
}

/** skill-up's documented defaults (`defaults.yaml`). */
export const SKILL_UP_DEFAULTS = { timeoutSeconds: 300, maxTurns: 10, passThreshold: 0.7 } as const;

/** One case file being read. */
export interface CaseContext {
  /** Absolute path of the case file. */
  file: string;
  sink: DiagnosticSink;
  yaml: ParsedYaml;
  suite: SuiteDefaults;
}
