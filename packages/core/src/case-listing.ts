import { relative } from 'node:path';
import * as z from 'zod';
import type { Case, Suite } from './case.js';
import { DiagnosticSchema } from './diagnostic.js';
import { lazySchema } from './lazy-schema.js';

/** Where a check sits in a case: a gate runs first, a check is scored, a fail-if rule fails the case when it holds. */
export const CheckRoleSchema = lazySchema(() => z.enum(['gate', 'check', 'fail-if']));

/** One check of a listed case: its role and every parameter it was read with. */
export const ListedCheckSchema = lazySchema(() =>
  z
    .object({
      /** `gate` (skill-up `expect`: failing skips the judge), `check` (scored), `fail-if` (skill-up `failure`). */
      role: CheckRoleSchema,
      /** Check type (`contains`, `llm-rubric`, …). */
      type: z.string(),
    })
    .catchall(z.unknown()),
);

/** An MCP server of a listed case, without the values of its environment and headers. */
export const ListedMcpServerSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    transport: z.enum(['stdio', 'http']),
    /** Mocked (its answers come from the eval file) or real. */
    mocked: z.boolean(),
    command: z.string().nullable(),
    args: z.array(z.string()),
    url: z.string().nullable(),
    /** Names of the environment variables it is given (values are not listed). */
    env: z.array(z.string()),
    /** Names of the headers it is sent. */
    headers: z.array(z.string()),
    /** Tools a mocked server answers. */
    tools: z.array(z.string()),
  }),
);

/** A case as it will run: everything the format compiled it to. Paths are relative to the working directory. */
export const CaseListingSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['task', 'trigger']),
    /** Where it is written. */
    source: z.object({
      file: z.string(),
      line: z.number().nullable(),
      column: z.number().nullable(),
      format: z.string(),
      dialect: z.string().nullable(),
    }),
    /** User messages, in order. */
    turns: z.array(z.string()),
    system: z.string().nullable(),
    /** Reference answer or other context given to the judge. */
    reference: z.string().nullable(),
    shouldTrigger: z.boolean().nullable(),
    triggerThreshold: z.number().nullable(),
    triggerDetection: z.string().nullable(),
    /** Gates, then checks, then fail-if rules, each with its role. */
    checks: z.array(ListedCheckSchema),
    /** Pass mark of the weighted score; null: every check must pass. */
    threshold: z.number().nullable(),
    /** Runs of the case (trigger cases default to 3). */
    runs: z.number(),
    /** Wall-clock limit per execution, in seconds; null: the run's default. */
    timeoutSeconds: z.number().nullable(),
    /** Most agent turns; null: the engine's default. */
    maxTurns: z.number().nullable(),
    retry: z.object({ max: z.number(), on: z.array(z.string()) }).nullable(),
    /** Engine and judge (with a model) the file asks for; `--engine` and `--judge` win. */
    engine: z.string().nullable(),
    judge: z.string().nullable(),
    /** A model plays the user (skill-up `user_simulator`): the turns it writes, and whether it goes on after them. */
    userSimulator: z
      .object({
        respond: z.array(z.number()),
        autonomous: z.boolean(),
        maxTurns: z.number(),
        model: z.string().nullable(),
      })
      .nullable(),
    skills: z.array(z.object({ name: z.string(), dir: z.string() })),
    workspace: z.object({
      /** The project the workspace starts as a copy of (a BMAD eval), and what the copy leaves out; null: none. */
      project: z.object({ root: z.string(), exclude: z.array(z.string()) }).nullable(),
      /** Fixtures copied in: from (project path) → to (workspace path). */
      files: z.array(z.object({ from: z.string(), to: z.string() })),
      /** Fixtures the file names that do not exist. */
      missingFiles: z.array(z.string()),
      /** Folders laid over the workspace, in order. */
      overlays: z.array(z.string()),
      /** Names of the files written inline (their content is in the eval file). */
      inline: z.array(z.string()),
      /** Shell commands run before the agent and after it (with --trust). */
      setup: z.array(z.string()),
      teardown: z.array(z.string()),
      /** Globs of files collected after the run. */
      artifacts: z.array(z.string()),
      git: z
        .object({
          init: z.boolean(),
          checkout: z.string().nullable(),
          applyDiff: z.string().nullable(),
          remotes: z.array(z.object({ name: z.string(), url: z.string() })),
        })
        .nullable(),
    }),
    mcpServers: z.array(ListedMcpServerSchema),
    /** The tools the agent is given (null `allowed`: all the engine's) and kept from; null: no restriction. */
    tools: z.object({ allowed: z.array(z.string()).nullable(), disallowed: z.array(z.string()) }).nullable(),
    tags: z.array(z.string()),
  }),
);
export type CaseListing = z.infer<typeof CaseListingSchema>;

/** What `skill-eval list --json` prints. */
export const ListingSchema = lazySchema(() =>
  z.object({
    suites: z.array(
      z.object({
        file: z.string(),
        format: z.string(),
        /** The skill under test, when known. */
        skill: z.string().nullable(),
        cases: z.array(CaseListingSchema),
      }),
    ),
    diagnostics: z.array(
      DiagnosticSchema.pick({ severity: true, ruleId: true, message: true }).extend({
        file: z.string(),
        line: z.number().nullable(),
        column: z.number().nullable(),
        /** Where the text at fault ends, when known. */
        endLine: z.number().optional(),
        endColumn: z.number().optional(),
      }),
    ),
  }),
);
export type Listing = z.infer<typeof ListingSchema>;

const defaultRuns = (kind: Case['kind']): number => (kind === 'trigger' ? 3 : 1);

/** A case as `list --json` shows it, paths relative to `cwd`. */
export function caseListing(c: Case, cwd: string): CaseListing {
  const rel = (path: string) => relative(cwd, path) || '.';
  const roled = (role: z.infer<typeof CheckRoleSchema>) => (check: Case['checks'][number]) => ({ role, ...check });
  const w = c.workspace;
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    source: {
      file: rel(c.source.file),
      line: c.source.line ?? null,
      column: c.source.column ?? null,
      format: c.source.format,
      dialect: c.source.dialect ?? null,
    },
    turns: c.turns,
    system: c.system ?? null,
    reference: c.reference ?? null,
    shouldTrigger: c.shouldTrigger ?? null,
    triggerThreshold: c.triggerThreshold ?? null,
    triggerDetection: c.triggerDetection ?? null,
    checks: [...c.gates.map(roled('gate')), ...c.checks.map(roled('check')), ...c.failIf.map(roled('fail-if'))],
    threshold: c.threshold ?? null,
    runs: c.runs ?? defaultRuns(c.kind),
    timeoutSeconds: c.limits.timeoutSeconds ?? null,
    maxTurns: c.limits.maxTurns ?? null,
    retry: c.retry ? { max: c.retry.max, on: c.retry.on } : null,
    engine: c.engine ?? null,
    judge: c.judge ?? null,
    userSimulator: c.userSimulator
      ? {
          respond: c.userSimulator.respond,
          autonomous: c.userSimulator.autonomous,
          maxTurns: c.userSimulator.maxTurns,
          model: c.userSimulator.model ?? null,
        }
      : null,
    skills: c.skills.map((s) => ({ name: s.name, dir: rel(s.dir) })),
    workspace: {
      project: w.project ? { root: rel(w.project.root), exclude: w.project.exclude } : null,
      files: w.files.map((f) => ({ from: rel(f.from), to: f.to })),
      missingFiles: w.missingFiles ?? [],
      overlays: w.overlays.map(rel),
      inline: Object.keys(w.inline),
      setup: w.setup,
      teardown: w.teardown,
      artifacts: w.artifacts,
      git: w.git
        ? {
            init: w.git.init,
            checkout: w.git.checkout ?? null,
            applyDiff: w.git.applyDiff ? rel(w.git.applyDiff) : null,
            remotes: w.git.remotes,
          }
        : null,
    },
    mcpServers: c.mcpServers.map((m) => ({
      name: m.name,
      transport: m.transport,
      mocked: m.mock !== undefined,
      command: m.command ?? null,
      args: m.args,
      url: m.url ?? null,
      env: Object.keys(m.env),
      headers: Object.keys(m.headers),
      tools: m.mock?.tools.map((t) => t.name) ?? [],
    })),
    tools: c.tools ? { allowed: c.tools.allowed ?? null, disallowed: c.tools.disallowed } : null,
    tags: c.tags,
  };
}

/** The suites as `list --json` shows them. */
export function suiteListing(suites: readonly Suite[], cwd: string): Listing['suites'] {
  return suites.map((suite) => ({
    file: relative(cwd, suite.file) || suite.file,
    format: suite.format,
    skill: suite.skill?.name ?? null,
    cases: suite.cases.map((c) => caseListing(c, cwd)),
  }));
}
