import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  defineEngine,
  type EngineRunInput,
  type SessionEvent,
  SessionEventSchema,
  type SessionInput,
  SkillEvalError,
} from '@skill-eval/core';

const ID = '__name__';
/** Where the runner stages the skill under test, relative to the workspace; the agent lists the skills there. */
const SKILL_ROOT = '.agents/skills';
/** The agent this package ships (built from src/agent.ts); the `command` setting runs another program instead. */
const BUNDLED_AGENT = fileURLToPath(new URL('../dist/agent.js', import.meta.url));

export interface Settings {
  /** The agent program to run; default: the small agent in src/agent.ts, on node. */
  command?: string;
  /** The model to ask for when the run names none. */
  model: string;
}

/** What the program printed and how it ended. */
interface Outcome {
  events: SessionEvent[];
  usage: { inputTokens: number; outputTokens: number };
  exitCode: number | null;
  timedOut: boolean;
  stderr: string;
  spawnError?: string;
}

function parseSettings(raw: unknown): Settings {
  const given = (raw ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => key !== 'command' && key !== 'model');
  const bad = (key: string) => given[key] !== undefined && (typeof given[key] !== 'string' || given[key] === '');
  if (typeof raw !== 'object' || unknown.length > 0 || bad('command') || bad('model')) {
    throw new SkillEvalError('BAD_INPUT', `${ID}: settings are { command?: string, model?: string }.`, {
      hint: 'Set them with --ek command=/path/to/agent or --ek model=<model>.',
    });
  }
  return { model: (given.model as string | undefined) ?? 'gpt-4.1-mini', command: given.command as string | undefined };
}

/** One line the program printed: a session event, or usage to add up. A line that is neither is ignored. */
function readLine(line: string, outcome: Outcome): void {
  let parsed: { type?: string; input?: number; output?: number };
  try {
    parsed = JSON.parse(line);
  } catch {
    return; // the agent's own log line
  }
  if (parsed.type === 'usage') {
    outcome.usage.inputTokens += parsed.input ?? 0;
    outcome.usage.outputTokens += parsed.output ?? 0;
    return;
  }
  const event = SessionEventSchema.safeParse(parsed);
  if (event.success) outcome.events.push(event.data);
}

/**
 * Runs the program in the workspace, in its own process group, with the run's environment only: the whole group is
 * killed at the deadline, on interrupt, and when the program ends, so nothing it started outlives the execution.
 */
function runProgram(settings: Settings, input: EngineRunInput): Promise<Outcome> {
  const [file, ...args] = settings.command ? [settings.command] : [process.execPath, BUNDLED_AGENT];
  const outcome: Outcome = {
    events: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    exitCode: null,
    timedOut: false,
    stderr: '',
  };
  const child = spawn(file!, args, { cwd: input.workspace, env: input.env, detached: true });
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {} // the group is gone already
  };
  const timer = setTimeout(() => {
    outcome.timedOut = true;
    killGroup();
  }, input.timeoutMs);
  input.signal.addEventListener('abort', killGroup);
  createInterface({ input: child.stdout }).on('line', (line) => readLine(line, outcome));
  child.stderr.on('data', (chunk: Buffer) => {
    outcome.stderr = (outcome.stderr + chunk.toString()).slice(-2000);
  });
  child.stdin.on('error', () => {}); // a program that exits without reading its request
  child.stdin.end(
    JSON.stringify({
      turns: input.turns,
      skillRoot: join(input.workspace, SKILL_ROOT),
      model: input.model ?? settings.model,
    }),
  );
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      input.signal.removeEventListener('abort', killGroup);
      killGroup();
      resolve(outcome);
    };
    child.on('error', (error) => {
      outcome.spawnError = `${file} could not start: ${error.message}`;
      settle();
    });
    child.on('close', (code) => {
      outcome.exitCode = code;
      settle();
    });
  });
}

/** The session of one run: failures are data (status `error` or `timeout`), never exceptions. */
function toSession(outcome: Outcome, input: EngineRunInput, durationMs: number): SessionInput {
  const said = outcome.events.flatMap((e) => (e.type === 'message' && e.role === 'assistant' ? [e.text] : []));
  const session = {
    engineId: ID,
    events: outcome.events,
    usage: outcome.usage,
    durationMs,
    exitCode: outcome.exitCode,
    turns: said.length,
  };
  if (outcome.timedOut) {
    return {
      ...session,
      status: 'timeout',
      error: { code: 'TIMEOUT', message: `No answer within ${input.timeoutMs} ms.` },
    };
  }
  if (outcome.spawnError || outcome.exitCode !== 0 || input.signal.aborted) {
    const message =
      outcome.spawnError ?? `The agent exited ${outcome.exitCode}: ${outcome.stderr.trim() || 'no message'}`;
    return { ...session, status: 'error', error: { code: 'ENGINE_FAILED', message } };
  }
  return { ...session, status: 'completed', finalMessage: said.at(-1) ?? '' };
}

export default defineEngine({
  contract: 'engine-v1',
  id: ID,
  description: 'Runs cases on an agent program that prints JSON event lines.',
  parseSettings,
  create: (settings) => ({
    id: ID,
    skillRoots: [SKILL_ROOT],
    defaultModel: settings.model,
    // The runner hands an engine only an allowlist of the user's variables (OPENAI_BASE_URL and OPENAI_API_KEY are
    // on it); list here any other your agent needs.
    environment: [],
    version: async () => '0.1.0',
    missingSetup: (env) =>
      env.OPENAI_API_KEY || env.OPENAI_BASE_URL
        ? undefined
        : `${ID} needs OPENAI_API_KEY, or OPENAI_BASE_URL of a local server.`,
    async run(input) {
      const started = Date.now();
      const outcome = await runProgram(settings, input);
      return toSession(outcome, input, Date.now() - started);
    },
  }),
});
