import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CaseResult, RunSummary } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAUDE_BIN, REPO_ROOT } from '../test-support/paths.js';
import { processesWithEnv } from '../test-support/processes.js';
import { readResults, readSummary } from '../test-support/run-output.js';

const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'skill-eval.js');
const JUDGE = 'You grade the work of an AI agent';
const verdict = JSON.stringify({
  criteria: [{ id: 1, passed: true, evidence: 'Ahoy, matey!', reasoning: 'It greets like a pirate.' }],
});
const CASES = ['quick-1', 'quick-2', 'slow-1', 'slow-2', 'slow-3'];
const answer = [{ toolCalls: [{ name: 'Skill', input: { skill: 'pirate' } }] }, { text: 'Ahoy, matey!' }];

/** Runs the built CLI in `cwd`; resolves with its exit code. */
function startCli(args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', CI: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(what: string, ready: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('Ctrl-C mid-run, then --resume, with the built CLI on the real claude binary', () => {
  let hanging: FakeModelServer;
  let answering: FakeModelServer;
  let dir: string;
  let child: ChildProcess | undefined;
  const tag = randomUUID();
  const outDir = () => join(dir, 'out');
  const resultLines = (): CaseResult[] => (existsSync(join(outDir(), 'results.jsonl')) ? readResults(outDir()) : []);
  const script = (slow: object[]) => ({
    conversations: [
      { id: 'judge', match: { system: JUDGE }, responses: [{ text: verdict }] },
      ...CASES.map((id) => ({
        id,
        match: { user: `${id} mate`, tools: true },
        responses: id.startsWith('slow') ? slow : answer,
      })),
    ],
    fallback: { text: 'Ahoy.' },
  });
  const env = (server: FakeModelServer) => ({
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'test-key-for-the-fake-server',
    SKILL_EVAL_E2E_TAG: tag,
  });

  let interruptedCode: number | null;
  let interruptedOutput: string;
  let interruptedSummary: RunSummary;
  let leftAfterInterrupt: number[];
  let linesAfterInterrupt: CaseResult[];
  let resumedCode: number | null;
  let resumedOutput: string;

  beforeAll(async () => {
    hanging = await startFakeModelServer(script([{ hang: true }]));
    answering = await startFakeModelServer(script(answer));
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-resume-e2e-'));
    mkdirSync(join(dir, 'pirate', 'evals'), { recursive: true });
    writeFileSync(
      join(dir, 'pirate', 'SKILL.md'),
      '---\nname: pirate\ndescription: Greets like a pirate.\n---\nSay Ahoy.\n',
    );
    writeFileSync(
      join(dir, 'pirate', 'evals', 'evals.json'),
      JSON.stringify({
        skill_name: 'pirate',
        evals: CASES.map((id) => ({ id, prompt: `Greet me, ${id} mate.`, assertions: ['a pirate greeting'] })),
      }),
    );
    const args = ['run', 'pirate', '--engine', 'claude-code', '--ek', `path=${CLAUDE_BIN}`, '--judge', 'anthropic'];

    const first = startCli([...args, '--out', 'out', '-j', '2'], dir, env(hanging));
    child = first.child;
    // Interrupt once the quick cases have their results and two slow ones hang in claude processes.
    await waitFor('the quick results', () => resultLines().length >= 2).catch((error: Error) => {
      throw new Error(`${error.message}; the CLI printed:\n${first.output()}`);
    });
    await waitFor('the slow cases to start', () => new Set(hanging.requests.map((r) => r.conversation)).size >= 4);
    expect(processesWithEnv('SKILL_EVAL_E2E_TAG', tag).length).toBeGreaterThan(0);
    first.child.kill('SIGINT');
    interruptedCode = await first.exited;
    interruptedOutput = first.output();
    leftAfterInterrupt = processesWithEnv('SKILL_EVAL_E2E_TAG', tag);
    interruptedSummary = readSummary(outDir());
    linesAfterInterrupt = resultLines();

    // The command the interrupted run printed, as a user copies it: run.json's program path (--ek path=…) is not the
    // resuming command line's, so it has --trust, though the run was started without it.
    const hint = /`skill-eval (run --resume [^`]+)` continues it/.exec(interruptedOutput)?.[1] ?? '';
    const resumed = startCli(hint.split(' '), dir, env(answering));
    child = resumed.child;
    resumedCode = await resumed.exited;
    resumedOutput = resumed.output();
    child = undefined;
  }, 150_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await hanging?.close();
    await answering?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stops on Ctrl-C with exit 130, kills the claude processes and writes a partial summary', () => {
    expect(interruptedCode).toBe(130);
    expect(leftAfterInterrupt).toEqual([]);
    expect(interruptedSummary.interrupted).toBe(true);
    const finished = linesAfterInterrupt.filter((r) => r.error?.code !== 'INTERRUPTED');
    expect(finished.map((r) => [r.caseId, r.status]).sort()).toEqual([
      ['quick-1', 'passed'],
      ['quick-2', 'passed'],
    ]);
    expect(interruptedSummary.totals.passed).toBe(2);
    expect(interruptedOutput).toContain('`skill-eval run --resume out --trust` continues it');
  });

  it('resumes: every planned execution ends with exactly one result, and the quick ones did not run again', () => {
    expect(resumedCode, resumedOutput).toBe(0);
    const plan = (JSON.parse(readFileSync(join(outDir(), 'run.json'), 'utf8')) as { plan: string[] }).plan;
    expect(plan).toHaveLength(CASES.length);
    const lines = resultLines();
    expect(lines.map((r) => r.executionId).sort()).toEqual([...plan].sort());
    expect(lines.every((r) => r.status === 'passed')).toBe(true);
    // The resumed run asked the answering server only for the slow cases.
    const asked = new Set(answering.requests.map((r) => r.conversation).filter((c) => c !== 'judge'));
    expect([...asked].sort()).toEqual(['slow-1', 'slow-2', 'slow-3']);
    const summary = readSummary(outDir());
    expect(summary).toMatchObject({ interrupted: false, totals: { executions: 5, passed: 5 } });
    expect(processesWithEnv('SKILL_EVAL_E2E_TAG', tag)).toEqual([]);
  });

  it('refuses --resume on a directory that holds no run.json, with exit 2', async () => {
    mkdirSync(join(dir, 'not-a-run'));
    const run = startCli(['run', '--resume', 'not-a-run'], dir, env(answering));
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/not-a-run holds no run\.json/);
  }, 30_000);
});
