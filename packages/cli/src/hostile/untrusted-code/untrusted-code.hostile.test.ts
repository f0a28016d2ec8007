import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canaryMarks,
  type HostileCase,
  runCli,
  runInProcess,
  type Stage,
  stageCase,
  textUnder,
} from './hostile-case.js';

// Each folder here is one hostile input — an eval file, a fixture, a config, a run.json — that tries to start a
// program, read outside its folder or send data away without --trust. Each runs through the CLI (the bundle, on the
// real claude and codex binaries, wherever anything would run), against the fake model server; a canary folder
// and a canary HTTP listener on 127.0.0.1 show whether anything ran or left. Where it matters the same case runs
// again with --trust and must take effect, so that a gate that stopped working, or a case that never worked, fails.

const HERE = fileURLToPath(new URL('.', import.meta.url));
const CASES = readdirSync(HERE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(HERE, entry.name, 'case.json')))
  .map((entry) => entry.name)
  .sort();

/** The keys the run hands its engines: never to be seen by anything a case controls. */
const ANTHROPIC_KEY = 'sk-ant-hostile-canary-key-0001';
const OPENAI_KEY = 'sk-openai-hostile-canary-key-0002';

let model: FakeModelServer;
let listener: Server;
let listenerUrl: string;
/** Requests the canary listener received, by the case (first path segment) they were meant for. */
const received = new Map<string, string[]>();
const staged: Stage[] = [];

beforeAll(async () => {
  model = await startFakeModelServer({ conversations: [] });
  listener = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const name = (req.url ?? '/').split('/')[1] ?? '';
      received.set(name, [
        ...(received.get(name) ?? []),
        `${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`,
      ]);
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"canary"}');
    });
  });
  await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // An agent's kept-alive connection would hold the listener open.
  listener?.closeAllConnections();
  await Promise.all([model?.close(), new Promise((done) => listener?.close(done))]);
  for (const stage of staged) {
    rmSync(stage.dir, { recursive: true, force: true });
    rmSync(stage.canary, { recursive: true, force: true });
  }
}, 60_000);

const environment = () => ({
  ANTHROPIC_BASE_URL: model.url,
  ANTHROPIC_API_KEY: ANTHROPIC_KEY,
  OPENAI_BASE_URL: `${model.url}/v1`,
  OPENAI_API_KEY: OPENAI_KEY,
});

/** Runs the case once (with or without --trust) in a fresh copy; what it left behind. */
async function attempt(name: string, spec: HostileCase, trusted: boolean) {
  const tag = `${name}${trusted ? '-trusted' : ''}`;
  const stage = stageCase(join(HERE, name), spec, `${listenerUrl}/${tag}`);
  staged.push(stage);
  const args = trusted ? (spec.trustArgs ?? [...spec.args, '--trust']) : spec.args;
  // Refused before anything starts: the CLI's code in this process says so as the bundle would, at a fraction of the
  // cost. Whatever runs (with --trust, or a case not refused up front) goes through the bundle and the real binaries.
  const refusedUpFront = !trusted && spec.exit === 2;
  const env = Object.fromEntries(
    Object.entries(spec.env ?? {}).map(([name, value]) => [
      name,
      value.replaceAll('@@LISTENER@@', stage.listener).replaceAll('@@CASE@@', stage.dir),
    ]),
  );
  const run = await (refusedUpFront ? runInProcess : runCli)(stage, args, { ...environment(), ...env });
  const heard = received.get(tag) ?? [];
  const marks = canaryMarks(stage);
  return {
    code: run.code,
    output: `${run.stdout}${run.stderr}`,
    stage,
    marks,
    heard,
    took: heard.length + marks.length > 0,
  };
}

describe.concurrent('untrusted code from eval files, fixtures and configs', () => {
  it('holds at least 60 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES)(
    '%s',
    async (name) => {
      const spec = JSON.parse(readFileSync(join(HERE, name, 'case.json'), 'utf8')) as HostileCase;
      const plain = await attempt(name, spec, false);
      const said = `${spec.attack}\nexit ${plain.code}\n${plain.output}`;
      expect([spec.exit].flat(), said).toContain(plain.code);
      for (const text of spec.says ?? []) expect(plain.output, said).toContain(text);
      // Nothing ran, nothing reached the listener, no key was handed to anything the case controls.
      expect(plain.marks, said).toEqual([]);
      expect(plain.heard, said).toEqual([]);
      expect(textUnder(plain.stage.canary)).not.toContain(ANTHROPIC_KEY);
      const out = join(plain.stage.dir, 'out');
      if (plain.code === 2) expect(existsSync(out), `${said}\nno run directory on a refusal`).toBe(false);
      if (spec.resultCode) {
        // Refused per execution: every result is that error, none passed, and the agent never started.
        const results = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n').filter(Boolean);
        expect(results.length, said).toBeGreaterThan(0);
        for (const line of results)
          expect(JSON.parse(line), said).toMatchObject({ status: 'error', error: { code: spec.resultCode } });
      }
      if (spec.trust === 'allowed') return;
      const trusted = await attempt(name, spec, true);
      const trustedSaid = `${spec.attack}\nwith --trust: exit ${trusted.code}\n${trusted.output}`;
      if (spec.trust === 'passes') {
        for (const text of spec.says ?? []) expect(trusted.output, trustedSaid).not.toContain(text);
      } else if (spec.trust === 'runs') {
        expect(trusted.took, `${trustedSaid}\nthe attack must work with --trust, or this case proves nothing`).toBe(
          true,
        );
      } else {
        expect(trusted.marks, trustedSaid).toEqual([]);
        expect(trusted.heard, trustedSaid).toEqual([]);
        if (spec.trust === 'refused') {
          expect([spec.exit].flat(), trustedSaid).toContain(trusted.code);
          for (const text of spec.trustSays ?? spec.says ?? []) expect(trusted.output, trustedSaid).toContain(text);
        }
      }
    },
    90_000,
  );
});
