import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { CaseResult, RunSummary } from '@skill-eval/core';
import { expect } from 'vitest';
import { main } from '../../main.js';
import { captureIO } from '../../test-support/capture-io.js';
import { processesWithEnv } from '../../test-support/processes.js';
import { readResults, readSummary } from '../../test-support/run-output.js';
import { writeFiles } from '../../test-support/write-files.js';

/** The key in skill-eval's environment (as ANTHROPIC_API_KEY) that hostile agents and eval files try to get out. */
export const SECRET = 'sk-hostile-4f8a2c9e1b7d3a6f0e5c';

/**
 * `--ek` handing the command agent the key as a user does: its `env` setting references the variable. The command
 * engine gets no credential it was not given, so an agent that leaks its own key needs this to hold one.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the engine's own ${VAR} reference, not a template
export const HAND_KEY = ['--ek', 'env=ANTHROPIC_API_KEY=${ANTHROPIC_API_KEY}'];

/** One hostile input: the project it is, and what skill-eval is asked to do with it. */
export interface HostileCase {
  name: string;
  /**
   * Files of the project (paths relative to its folder); `$PROJECT` in them is the folder's absolute path, `$RUN` the
   * run directory's. Files named `*.sh` are made executable.
   */
  files: Record<string, string>;
  /** What follows `skill-eval`; `$PROJECT` and `$RUN` as in `files`. */
  argv: string[];
  /** Variables beside the key and PATH. */
  env?: Record<string, string>;
  /** Runs alongside the command (a Ctrl-C while an agent runs). */
  during?: (project: HostileProject) => Promise<void>;
  /** What must hold afterwards, besides what holds for every case (see {@link runHostile}). */
  expect(outcome: HostileOutcome): void | Promise<void>;
}

export interface HostileProject {
  dir: string;
  run: string;
  /** Whether the hostile code left `marks/<name>`, which it does when it got to run. */
  marked(name: string): boolean;
}

export interface HostileOutcome extends HostileProject {
  code: number;
  stdout: string;
  stderr: string;
  results(): CaseResult[];
  summary(): RunSummary;
}

const TAG_VARIABLE = 'SKILL_EVAL_HOSTILE_TAG';

/**
 * Runs one hostile case through the CLI as a user would (main, guarded streams), then checks what holds for every
 * case: no process of the run outlives it (whatever group it left), the key is nowhere in what was printed or written
 * (file names included), and nothing printed carries a control character a terminal would act on.
 */
export async function runHostile(hostile: HostileCase): Promise<HostileOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'skill-eval-hostile-'));
  const run = join(dir, 'out');
  const tag = randomUUID();
  const fill = (text: string) => text.replaceAll('$PROJECT', dir).replaceAll('$RUN', run);
  try {
    writeFiles(dir, Object.fromEntries(Object.entries(hostile.files).map(([path, text]) => [path, fill(text)])));
    for (const path of Object.keys(hostile.files)) if (path.endsWith('.sh')) chmodSync(join(dir, path), 0o755);
    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_API_KEY: SECRET,
      [TAG_VARIABLE]: tag,
      ...hostile.env,
    });
    const project: HostileProject = { dir, run, marked: (name) => existsSync(join(dir, 'marks', name)) };
    const [code] = await Promise.all([main(hostile.argv.map(fill), io), hostile.during?.(project)]);
    const outcome: HostileOutcome = {
      ...project,
      code,
      stdout: io.out(),
      stderr: io.err(),
      results: () => readResults(run),
      summary: () => readSummary(run),
    };
    expect(processesWithEnv(TAG_VARIABLE, tag), 'processes of the run left running').toEqual([]);
    for (const [where, text] of [
      ['stdout', outcome.stdout],
      ['stderr', outcome.stderr],
    ] as const) {
      expect(text, `the key on ${where}`).not.toContain(SECRET);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a terminal acts on are the point
      expect(text, `a control character on ${where}`).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
    for (const file of filesBelow(run)) {
      expect(relative(run, file), 'the key in a file name').not.toContain(SECRET);
      expect(readFileSync(file).includes(SECRET), `the key in ${relative(run, file)}`).toBe(false);
    }
    await hostile.expect(outcome);
    return outcome;
  } finally {
    for (const pid of processesWithEnv(TAG_VARIABLE, tag)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the CLI again in the project (`report`, `--resume`, …): its exit code and what it printed. */
export async function rerun(outcome: HostileProject, argv: string[], env: Record<string, string | undefined> = {}) {
  const io = captureIO(outcome.dir, { PATH: process.env.PATH, ...env });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** An AgentV suite (`evals/hostile.eval.yaml`) of tests `id: input`, each passing on an answer containing `pass`. */
export function agentvSuite(tests: Record<string, string>, extra = ''): string {
  const lines = Object.entries(tests).map(
    ([id, input]) =>
      `  - id: ${id}\n    input: ${JSON.stringify(input)}\n    assertions: [{type: contains, value: pass}]\n`,
  );
  return `name: hostile\n${extra}tests:\n${lines.join('')}`;
}

/** `run` of the project's evals on the command engine running `agent.sh`, one execution at a time, no cache. */
export const onAgent = (...more: string[]): string[] => [
  'run',
  'evals',
  '-e',
  'command',
  '--ek',
  'command=$PROJECT/agent.sh',
  '-o',
  '$RUN',
  '-j',
  '1',
  '--no-cache',
  ...more,
];

/** A shell agent: `body` runs with the prompt in `$p`; `marks/<name>` records that it ran. */
export const agent = (body: string): string => `#!/bin/sh\np=$(cat)\nmkdir -p "$PROJECT/marks"\n${body}\n`;
