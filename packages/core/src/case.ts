import * as z from 'zod';
import { CheckSchema } from './check.js';
import { EnvironmentSpecSchema } from './environment.js';
import { lazySchema } from './lazy-schema.js';
import { McpServerSchema } from './mcp.js';

/** Where a case came from, so every diagnostic and report can point back to it. */
export const SourceLocationSchema = lazySchema(() =>
  z.object({
    /** Absolute path of the eval file. */
    file: z.string(),
    /** 1-based line of the case in the file, when known. */
    line: z.number().int().positive().optional(),
    /** 1-based column of the case in the file, when known. */
    column: z.number().int().positive().optional(),
    /** Format plugin id and dialect, e.g. `evals-json` / `skill-creator`. */
    format: z.string(),
    /** Dialect within the format, when the format has several. */
    dialect: z.string().optional(),
  }),
);
export type SourceLocation = z.infer<typeof SourceLocationSchema>;

/** A file copied into the workspace before the execution. */
export const FixtureFileSchema = lazySchema(() =>
  z.object({
    /** Absolute path of the source file or directory. */
    from: z.string(),
    /** Path relative to the workspace root. */
    to: z.string(),
  }),
);
export type FixtureFile = z.infer<typeof FixtureFileSchema>;

/** A project copied into the workspace before anything else, as BMAD's runner starts from the project root. */
export const ProjectCopySchema = lazySchema(() =>
  z.object({
    /** Absolute path of the project's root folder. */
    root: z.string(),
    /**
     * What is left out besides `.git`, `node_modules` and run folders: a name matches an entry at any depth, a path
     * with a slash (globs allowed) the path below the root.
     */
    exclude: z.array(z.string()).default([]),
  }),
);
export type ProjectCopy = z.infer<typeof ProjectCopySchema>;

/** How the execution's workspace is prepared and what is collected from it. */
export const WorkspaceSpecSchema = lazySchema(() =>
  z.object({
    /** The project copied in first (BMAD: the project root, then the setup overlays, the skill, the fixtures). */
    project: ProjectCopySchema.optional(),
    /** Fixture files and directories copied in. */
    files: z.array(FixtureFileSchema).default([]),
    /**
     * Fixture paths the eval file names that did not exist when it was loaded (a warning then), as written. Never
     * staged; kept so that `convert` writes the reference back rather than dropping it. Absent when none is missing.
     */
    missingFiles: z.array(z.string()).optional(),
    /** Directories whose contents are laid over the workspace, in order (BMAD setup overlays). */
    overlays: z.array(z.string()).default([]),
    /** Inline files: relative path → content. */
    inline: z.record(z.string(), z.string()).default({}),
    /** Shell commands run in the workspace before the agent (needs --trust). */
    setup: z.array(z.string()).default([]),
    /** Shell commands run after the agent, whatever the outcome (needs --trust). */
    teardown: z.array(z.string()).default([]),
    /** Globs of files copied out of the workspace after the run. */
    artifacts: z.array(z.string()).default([]),
    /** Git steps run in the workspace after the fixtures are staged (skill-up `context.git`). */
    git: z
      .object({
        /** Runs `git init` in the workspace. */
        init: z.boolean().default(false),
        /** Branch switched to (created when the repository has no commit yet). */
        checkout: z.string().optional(),
        /** Absolute path of a diff applied with `git apply` after the inline files are written. */
        applyDiff: z.string().optional(),
        /** Remotes added with `git remote add`. */
        remotes: z.array(z.object({ name: z.string(), url: z.string() })).default([]),
      })
      .optional(),
  }),
);
export type WorkspaceSpec = z.infer<typeof WorkspaceSpecSchema>;

/** Every fixture path a case names, in the workspace: those staged, then those missing when it was read. */
export const fixturePaths = (workspace: WorkspaceSpec): string[] => [
  ...workspace.files.map((f) => f.to),
  ...(workspace.missingFiles ?? []),
];

/** Execution limits a case asks for. */
export const LimitsSchema = lazySchema(() =>
  z.object({
    /** Wall-clock limit for one execution, in seconds. */
    timeoutSeconds: z.number().positive().optional(),
    /** Most agent turns (model round trips) allowed. */
    maxTurns: z.number().int().positive().optional(),
  }),
);
export type Limits = z.infer<typeof LimitsSchema>;

/**
 * The tools a case gives its agent, by the agent's own tool names (Claude Code's `Read`, `Write`, `Bash`): an engine
 * with `capabilities.tools` applies it, one without runs the agent with all its tools and says so in a warning.
 */
export const ToolRestrictionSchema = lazySchema(() =>
  z.object({
    /**
     * The only built-in tools the agent is given, when present (an empty list: none). Tools of the case's MCP servers
     * are not restricted by it: a case that should not have a server does not declare it.
     */
    allowed: z.array(z.string()).optional(),
    /** Tools kept from the agent, built-in or MCP (`mcp__<server>__<tool>`), whatever `allowed` says. */
    disallowed: z.array(z.string()).default([]),
  }),
);
export type ToolRestriction = z.infer<typeof ToolRestrictionSchema>;

/**
 * A model that plays the user (skill-up's user simulator): it writes some turns, or every turn after the first, from
 * the agent's earlier answers. The runner asks it through the run's judge; an engine takes its turns one by one
 * (`EngineCapabilities.nextTurn`).
 */
export const UserSimulatorSpecSchema = lazySchema(() =>
  z.object({
    /** What the simulated user wants and knows (skill-up case `user_simulator.scenario`). */
    scenario: z.string(),
    /** Indexes of `turns` the simulator writes: the turn's text is then the instruction it gets (skill-up `respond`). */
    respond: z.array(z.number().int().nonnegative()).default([]),
    /** After the last turn the simulator writes the next message or stops (skill-up: a prompt with a scenario). */
    autonomous: z.boolean().default(false),
    /** Most user messages in the conversation; the simulator still replying at that count is an error (skill-up). */
    maxTurns: z.number().int().positive(),
    /** Model the file pins for the simulator, as `judge` is written (`--judge` with a model wins). */
    model: z.string().optional(),
    /** Limit of one simulator call, in seconds. */
    timeoutSeconds: z.number().positive().optional(),
  }),
);
export type UserSimulatorSpec = z.infer<typeof UserSimulatorSpecSchema>;

/** When a failed execution is run again: only infrastructure trouble, never a plain failure of the skill. */
export const RetryPolicySchema = lazySchema(() =>
  z.object({
    /** Re-runs allowed after the first attempt (0..10). */
    max: z.number().int().min(0).max(10),
    /** What is retried: `timeout` (the engine ran past its limit), `error` (the engine or judge failed). */
    on: z.array(z.enum(['timeout', 'error'])).default(['timeout', 'error']),
  }),
);
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;

/** A skill under test: a directory holding SKILL.md. */
export const SkillRefSchema = lazySchema(() =>
  z.object({
    /** Skill name (SKILL.md frontmatter `name`, else the directory name). */
    name: z.string(),
    /** Absolute path of the directory holding SKILL.md. */
    dir: z.string(),
  }),
);
export type SkillRef = z.infer<typeof SkillRefSchema>;

/** What every format normalises to: one thing to run and grade. */
export const CaseSchema = lazySchema(() =>
  z.object({
    /** Identity within its suite, always a string. */
    id: z.string().min(1),
    /** The id exactly as written in the source file (a number stays a number). */
    rawId: z.unknown().optional(),
    /** Human-readable name. */
    name: z.string(),
    /** `task` is graded on what the agent did; `trigger` only on whether the skill fired. */
    kind: z.enum(['task', 'trigger']),
    /** User messages, in order; more than one makes a multi-turn conversation. */
    turns: z.array(z.string()).min(1),
    /** Extra system prompt. */
    system: z.string().optional(),
    /** Expected output or other reference material, given to judges as context. */
    reference: z.string().optional(),
    /** For trigger cases: whether the skill should fire. */
    shouldTrigger: z.boolean().optional(),
    /** For trigger cases: the share of runs that must fire (should trigger) or stay below (should not); default 0.5. */
    triggerThreshold: z.number().min(0).max(1).optional(),
    /**
     * For trigger cases: how firing is detected; default `any-tool`. `any-tool` (BMAD): a Skill call naming the skill
     * or a read of its SKILL.md anywhere in the run. `first-tool` (skill-creator): only the run's first tool call decides.
     */
    triggerDetection: z.enum(['any-tool', 'first-tool']).optional(),
    /**
     * A routing case (a trigger case across every skill in `skills`, staged together): the skill that should fire
     * first for the query, or null when none should. The first skill the agent invokes decides (routing-rule.ts).
     */
    expectedSkill: z.string().nullable().optional(),
    /** Cheap checks run first; if one fails the scored checks and judge are skipped and the case fails. */
    gates: z.array(CheckSchema).default([]),
    /** Scored checks. */
    checks: z.array(CheckSchema).default([]),
    /** Any of these matching fails the case. */
    failIf: z.array(CheckSchema).default([]),
    /** Pass mark for the weighted score, 0..1 (default: every check must pass; under `mean-score`, 0.8). */
    threshold: z.number().min(0).max(1).optional(),
    /**
     * How the verdict follows from the checks, as the file's own tool decides it. `every-check` (promptfoo's rule, and
     * the default): every check passes, or, with a `threshold`, the weighted score reaches it. `mean-score` (AgentV's):
     * the weighted mean of the checks' scores reaches `threshold` (0.8 by default); a failed required check makes it 0.
     */
    verdictRule: z.enum(['every-check', 'mean-score']).optional(),
    /** Workspace preparation. */
    workspace: WorkspaceSpecSchema.default({
      files: [],
      overlays: [],
      inline: {},
      setup: [],
      teardown: [],
      artifacts: [],
    }),
    /** Execution limits. */
    limits: LimitsSchema.default({}),
    /** The tools the agent is given or kept from (Claude Code's `allowed_tools`); all the engine's tools when absent. */
    tools: ToolRestrictionSchema.optional(),
    /** How many times to run the case (trigger cases default to 3). */
    runs: z.number().int().positive().optional(),
    /** Retries of an execution that timed out or errored (skill-up `retry_policy`); none when absent. */
    retry: RetryPolicySchema.optional(),
    /** Skills under test; staged at the engine's skill root unless the variant is without_skill. */
    skills: z.array(SkillRefSchema).default([]),
    /** MCP servers installed into the agent (real or mocked); an engine without MCP support cannot run the case. */
    mcpServers: z.array(McpServerSchema).default([]),
    /** Where the file asks its cases to run (skill-up `environment`); the local folder when absent (`--environment` wins). */
    environment: EnvironmentSpecSchema.optional(),
    /** Engine the file asks for, as a hint (`--engine` wins). */
    engine: z.string().optional(),
    /**
     * Model the file pins for the agent (skill-up `engine.model`, SkillKit's `model`), as `name`, `provider/name` or
     * `provider://name`: used on an engine of that provider unless the command line names a model.
     */
    model: z.string().optional(),
    /** Model the file pins for the case's judge (skill-up `agent_judge.model`), as `model` is written (`--judge` wins). */
    judge: z.string().optional(),
    /** A model plays the user in some or all later turns (skill-up `user_simulator` and `respond` turns). */
    userSimulator: UserSimulatorSpecSchema.optional(),
    /** Free-form tags for filtering. */
    tags: z.array(z.string()).default([]),
    /** Everything else the source file said, kept verbatim. */
    metadata: z.record(z.string(), z.unknown()).default({}),
    /** Where the case came from. */
    source: SourceLocationSchema,
  }),
);
export type Case = z.infer<typeof CaseSchema>;
/** A case as a format writes it: defaults may be omitted. */
export type CaseInput = z.input<typeof CaseSchema>;

/** All the cases of one eval file. */
export const SuiteSchema = lazySchema(() =>
  z.object({
    /** Stable id: the file path relative to the working directory. */
    id: z.string(),
    /** Display name (skill name or file name). */
    name: z.string(),
    /** Absolute path of the eval file. */
    file: z.string(),
    /** Format plugin id. */
    format: z.string(),
    /** The skill the suite tests, when known. */
    skill: SkillRefSchema.optional(),
    /** The cases, in file order. */
    cases: z.array(CaseSchema),
    /** Suite-level settings the file declared (engine, judge, concurrency …). */
    settings: z.record(z.string(), z.unknown()).default({}),
  }),
);
export type Suite = z.infer<typeof SuiteSchema>;
export type SuiteInput = z.input<typeof SuiteSchema>;
