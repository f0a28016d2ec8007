/** What a setting can do when it holds a value skill-eval cannot vouch for. */
export const POWERS = [
  'starts-program',
  'loads-code',
  'chooses-endpoint',
  'reads-outside-project',
  'widens-network',
  'none',
] as const;
export type Power = (typeof POWERS)[number];

/** Where a setting's value comes from. */
export const SOURCES = [
  /** A flag the user typed. */
  'command-line',
  /** A config the user named with `-c`: naming it is vouching for it. */
  'explicit-config',
  /** `skill-eval.config.json` found in the working directory, and the plugin packages installed in the project. */
  'found-config',
  /** A field of an eval file, in any format. */
  'eval-file',
  /** An option read back from a run directory's run.json by `--resume` or `--replay`. */
  'recorded-run',
  /** A variable of a `.env` in the project. */
  'dotenv',
  /** A variable an environment plugin reads from the user's own environment (`OPENSANDBOX_BASE_URL`, `DOCKER_HOST`). */
  'environment-plugin',
  /** A variable of the user's own environment that skill-eval reads for itself (`OTEL_EXPORTER_OTLP_*`), never a `.env`'s. */
  'user-environment',
] as const;
export type Source = (typeof SOURCES)[number];

/** The sources the user speaks through; everything else came with the project and needs --trust to be powerful. */
export const TRUSTED_SOURCES: ReadonlySet<Source> = new Set([
  'command-line',
  'explicit-config',
  'environment-plugin',
  'user-environment',
]);

/** What the predicates of the table may ask about the run. */
export interface PolicyContext {
  /** Whether `id` names a plugin bundled with the harness (nothing is imported from the project for it). */
  bundled?: (kind: 'engine' | 'environment', id: string) => boolean;
  /** The project's root (the working directory): a path outside it reads outside the project. */
  projectDir?: string;
  /** Credentials of the user's own environment, by variable name: what an endpoint a `.env` chose would receive. */
  userCredentials?: readonly string[];
}

/** One row of the policy table. */
export interface PolicyEntry {
  /**
   * The settings it classifies: `<scope> <path>`, where scope is a command (`run --network`), `config`, `engine`
   * (an engine's settings, from `--ek`, a config's engineSettings or an eval file), `environment` (an environment's
   * settings), `run.json`, `.env`, or a format id (`skill-up environment.kwargs.*`). `*` is one key of an open map,
   * `**` everything below (only for trees of plain data: texts, expectations, check parameters).
   */
  paths: readonly string[];
  /** Who may set it. */
  sources: readonly Source[];
  /** What it can do. */
  power: Power;
  /** When a value is powerful, if not always: `(value) => boolean`, false for a value that is harmless. */
  powerfulWhen?: (value: unknown, context: PolicyContext) => boolean;
  /** The condition of {@link powerfulWhen} in words, for the docs ("when it names a module, not a bundled engine"). */
  when?: string;
  /** What happens when an untrusted source sets a powerful value without --trust: refused at its line, or ignored. */
  untrusted: 'refuse' | 'ignore';
  /** Why it has that power, in the words of a message: "names the program to run". */
  why: string;
  /** Where the refusal happens, when it is not where the setting is read (a gate on the loaded case). */
  gate?: string;
}
