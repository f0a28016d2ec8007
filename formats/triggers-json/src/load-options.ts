/** Options of `loadTriggersJson`; the plugin settings map onto them. */
export interface LoadTriggersJsonOptions {
  /** Runs of each query (default 3, as BMAD and skill-creator). */
  runs?: number;
  /** Share of runs that must fire for a should-trigger query to pass (default 0.5). */
  threshold?: number;
  /** Skill under test when the file is under no SKILL.md and names none. */
  skillName?: string;
  /** Directory the suite id is relative to (default the process's working directory). */
  cwd?: string;
}
