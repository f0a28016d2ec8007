import type { ProjectCopy, SkillRef } from '@skill-eval/core';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { Dialect } from './dialect.js';

/** How `expected_output` is graded: `auto` only when a case has no assertions (skill-creator), `always` as AgentV does, `never`. */
export type ExpectedOutputPolicy = 'auto' | 'always' | 'never';

/** What every case reader needs to know about the file it reads. */
export interface ReadContext {
  /** Absolute path of the eval file. */
  file: string;
  dialect: Dialect;
  sink: DiagnosticSink;
  /** Directories `files` entries resolve against, in order. */
  fixtureBases: string[];
  /** The folder `files` may reach into with `..` without --trust (format-kit `projectBoundary`). */
  projectRoot: string;
  /** Severity of a `files` entry that does not exist. */
  missingFiles: 'error' | 'warning';
  expectedOutput: ExpectedOutputPolicy;
  /** Runs of a trigger case. */
  triggerRuns: number;
  /** Name used by `skill-used` checks: SKILL.md's name, else `skill_name`. */
  skillName: string | undefined;
  /** Skills staged for every case. */
  skills: SkillRef[];
  /** BMAD setup overlays of a case (`setup/`, `<id>/setup/` beside the eval file); none for cases.json. */
  overlays?: (id: string) => string[];
  /** The project every case's workspace starts as a copy of (BMAD's runner); none when the file is not BMAD's. */
  project?: ProjectCopy;
}
