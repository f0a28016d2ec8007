import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { PASSING_VERDICT, writeCrewSkill } from '../test-support/crew-skill.js';

/** A secret of the run's environment (named like a token, so the run redacts it) that the agent repeats. */
const SECRET = 'crew-token-0123456789abcdef';

interface Posted {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type AnyValue = { stringValue?: string; intValue?: string; doubleValue?: number; boolValue?: boolean };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: AnyValue }[];
  events?: { name: string; attributes: { key: string; value: AnyValue }[] }[];
}

/** An OTLP/HTTP receiver on 127.0.0.1: records every request, answers `status`. */
async function startReceiver(status = 200): Promise<{ url: string; posted: Posted[]; server: Server }> {
  const posted: Posted[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      posted.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posted, server };
}

const spansOf = (posted: readonly Posted[]): OtlpSpan[] =>
  posted.flatMap((p) =>
    (JSON.parse(p.body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((r) =>
      r.scopeSpans.flatMap((s) => s.spans),
    ),
  );
const attrs = (span: { attributes: { key: string; value: AnyValue }[] }) =>
  Object.fromEntries(span.attributes.map(({ key, value }) => [key, Object.values(value)[0]]));

/** `run --otlp` and the OTEL_EXPORTER_OTLP_* variables: each execution exported as GenAI spans over OTLP/HTTP. */
describe('skill-eval run with traces', () => {
  let model: FakeModelServer;
  let dir: string;
  const receivers: Server[] = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    model = await startFakeModelServer({
      conversations: [
        // The criterion appears only in judge prompts, which also quote the agent's prompt: matched first.
        { id: 'judge', match: { user: 'The reply greets the crew' }, responses: [{ text: PASSING_VERDICT }] },
        {
          id: 'agent',
          match: { user: 'Greet the crew' },
          responses: [{ toolCalls: [{ name: 'Skill', input: { skill: 'crew' } }] }, { text: `Ahoy, crew! ${SECRET}` }],
        },
      ],
    });
    // The judge's complete() reads its endpoint from the process environment.
    Object.assign(process.env, { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'test-key' });
    dir = writeCrewSkill('skill-eval-otlp-', [
      { id: 1, prompt: 'Greet the crew.', assertions: ['The reply greets the crew'] },
    ]);
  });

  afterAll(async () => {
    process.env = saved;
    await model?.close();
    for (const server of receivers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const receiver = async (status?: number) => {
    const started = await startReceiver(status);
    receivers.push(started.server);
    return started;
  };

  const run = async (args: string[], env: Record<string, string> = {}) => {
    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: model.url,
      ANTHROPIC_API_KEY: 'test-key',
      CREW_SERVICE_TOKEN: SECRET,
      ...env,
    });
    const code = await main(['run', 'crew', '--engine', 'anthropic', '--no-cache', ...args], io);
    return { code, out: io.out(), err: io.err() };
  };

  it('exports the run, its execution, each model turn, each tool call and the judge, redacted, with the headers', async () => {
    const collector = await receiver();
    // A .env came with the project: it may not redirect the traces.
    const decoy = await receiver();
    writeFileSync(join(dir, '.env'), `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=${decoy.url}/v1/traces\n`);
    const { code, out, err } = await run(['--out', 'out-env'], {
      OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/collector`,
      OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20Y3JldzpzZWNyZXQ=, x-scope=crew',
    });
    rmSync(join(dir, '.env'));
    expect(code, `${out}\n${err}`).toBe(0);
    expect(decoy.posted).toEqual([]);
    expect(collector.posted.length).toBeGreaterThan(0);
    for (const request of collector.posted) {
      expect(request.path).toBe('/collector/v1/traces');
      expect(request.headers).toMatchObject({
        authorization: 'Basic Y3JldzpzZWNyZXQ=',
        'x-scope': 'crew',
        'content-type': 'application/json',
      });
      expect(request.body).not.toContain(SECRET);
    }

    const spans = spansOf(collector.posted);
    const [root] = spans.filter((s) => !s.parentSpanId);
    expect(root?.name).toBe('skill-eval run');
    expect(attrs(root!)).toMatchObject({ 'skill_eval.executions': '1', 'skill_eval.passed': '1' });
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([root!.traceId]));

    const children = (parent: OtlpSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);
    const [execution, ...more] = children(root!);
    expect(more).toEqual([]);
    expect(attrs(execution!)).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.agent.name': 'anthropic',
      'skill_eval.suite': 'crew/evals/evals.json',
      'skill_eval.case.id': '1',
      'skill_eval.variant': 'with_skill',
      'skill_eval.repeat': '1',
      'skill_eval.engine': 'anthropic',
      'skill_eval.verdict': 'passed',
      'skill_eval.score': 1,
    });
    expect(Number(attrs(execution!)['gen_ai.usage.output_tokens'])).toBeGreaterThan(0);
    expect(execution!.events?.map((e) => attrs(e))).toEqual([
      expect.objectContaining({
        'gen_ai.evaluation.name': 'The reply greets the crew',
        'gen_ai.evaluation.score.label': 'pass',
        'gen_ai.evaluation.score.value': 1,
      }),
    ]);

    const underExecution = children(execution!);
    const turns = underExecution.filter(
      (s) => attrs(s)['gen_ai.operation.name'] === 'chat' && s.name.startsWith('chat '),
    );
    expect(turns).toHaveLength(2);
    for (const turn of turns) expect(attrs(turn)).toMatchObject({ 'gen_ai.provider.name': 'anthropic' });
    expect(attrs(turns[1]!)['gen_ai.output.messages']).toContain('Ahoy, crew! [REDACTED]');

    const [tool, ...otherTools] = children(turns[0]!);
    expect(otherTools).toEqual([]);
    expect(tool?.name).toBe('execute_tool Skill');
    expect(attrs(tool!)).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'Skill',
      'gen_ai.tool.call.arguments': '{"skill":"crew"}',
    });
    expect(attrs(tool!)['gen_ai.tool.call.id']).toMatch(/\S/);
    expect(children(turns[1]!)).toEqual([]);

    const judges = underExecution.filter((s) => s.name.startsWith('judge '));
    expect(judges).toHaveLength(1);
    expect(attrs(judges[0]!)).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'skill_eval.judge.engine': 'anthropic',
    });
    expect(underExecution).toHaveLength(3);
  }, 60_000);

  it('takes --otlp over the variables, and never writes it into run.json', async () => {
    const flagged = await receiver();
    const variable = await receiver();
    const { code, out, err } = await run(['--out', 'out-flag', '--otlp', flagged.url], {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${variable.url}/v1/traces`,
    });
    expect(code, `${out}\n${err}`).toBe(0);
    expect(variable.posted).toEqual([]);
    expect(flagged.posted.map((p) => p.path)).toContain('/v1/traces');
    expect(readFileSync(join(dir, 'out-flag', 'run.json'), 'utf8')).not.toContain(flagged.url);
  }, 60_000);

  it('warns once and still passes the run when the collector refuses the traces', async () => {
    const failing = await receiver(500);
    const { code, out, err } = await run(['--out', 'out-500', '--otlp', failing.url]);
    expect(code, `${out}\n${err}`).toBe(0);
    expect(err.match(/traces could not be sent/g)).toHaveLength(1);
    expect(err).toContain(`traces could not be sent to ${failing.url}/v1/traces (HTTP 500 Internal Server Error)`);
    expect(existsSync(join(dir, 'out-500', 'results.jsonl'))).toBe(true);
  }, 60_000);

  it('refuses an --otlp that is not an http(s) URL before anything is written', async () => {
    const { code, err } = await run(['--out', 'out-bad', '--otlp', 'localhost:4318']);
    expect(code).toBe(2);
    expect(err).toContain('--otlp is not an http(s) URL: "localhost:4318"');
    expect(existsSync(join(dir, 'out-bad'))).toBe(false);
  }, 60_000);
});
