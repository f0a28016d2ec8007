import { loadTests as loadTests4 } from '@agentv/core';
import { loadTests as loadTests5 } from '../../vendor/agentv-5/load-tests.mjs';

/** The AgentV whose loader reads a file: 4.42.4 from npm, or 5 built from its source (vendor/agentv-5/README.md). */
export type AgentvVersion = '4.42.4' | '5';

/** A message of a test's input as AgentV's loaders give it: content a string or a list of parts. */
export interface AgentvMessage {
  role: string;
  content: unknown;
}

/** What the comparison reads of a test AgentV loaded. */
export interface AgentvTest {
  id: string;
  input: readonly AgentvMessage[];
  mode?: string;
  turns?: readonly { input: unknown; assertions?: unknown }[];
  criteria?: string;
  assertions?: readonly Record<string, unknown>[];
}

/** What AgentV's loader did with a file: its tests, or the error it threw; and everything it logged. */
export interface AgentvLoad {
  tests: readonly AgentvTest[];
  /** The error that made AgentV refuse the whole file. */
  refused?: string;
  /** Its console output (warnings about tests or graders it skipped, files it did not find), ANSI colours removed. */
  logs: string[];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are what is being removed.
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Loads `file` with AgentV's own `loadTests` at `version`, `repoRoot` being the repository the file was taken from
 * (AgentV looks files up from the eval file's folder up to it). AgentV reports skipped tests on the console only, so
 * the console is captured while it loads; the loads run one at a time.
 */
export async function agentvLoad(version: AgentvVersion, file: string, repoRoot: string): Promise<AgentvLoad> {
  const logs: string[] = [];
  const saved = { warn: console.warn, error: console.error, log: console.log, info: console.info };
  const capture = (...args: unknown[]) => {
    logs.push(args.map(String).join(' ').replace(ANSI, ''));
  };
  console.warn = console.error = console.log = console.info = capture;
  try {
    const load = version === '4.42.4' ? loadTests4 : loadTests5;
    const tests = (await load(file, repoRoot)) as unknown as readonly AgentvTest[];
    return { tests, logs };
  } catch (error) {
    return { tests: [], refused: error instanceof Error ? error.message : String(error), logs };
  } finally {
    Object.assign(console, saved);
  }
}
