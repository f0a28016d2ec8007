import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, type RecordingProxy, startFakeModelServer, startRecordingProxy } from './index.js';

const SECRET = 'sk-very-secret-key-0001';
const script = {
  conversations: [
    {
      id: 'tool-then-text',
      match: { user: 'Read it' },
      responses: [{ toolCalls: [{ name: 'Read', input: { path: 'a.txt' } }] }, { text: 'It says hi.' }],
    },
    { id: 'judge', match: { user: 'Grade' }, responses: [{ text: '{"passed": true}' }] },
  ],
};

let upstream: FakeModelServer | undefined;
let replay: FakeModelServer | undefined;
let proxy: RecordingProxy | undefined;
let slow: Server | undefined;
afterEach(async () => {
  await Promise.all([upstream?.close(), replay?.close(), proxy?.close()]);
  await new Promise((resolve) => (slow ? slow.close(resolve) : resolve(undefined)));
  upstream = replay = proxy = slow = undefined;
});

const startProxyTo = async (server: FakeModelServer) =>
  startRecordingProxy({ upstream: (_scope, api) => (api === 'anthropic' ? server.url : `${server.url}/v1`) });

/** An agent loop of two model turns through the SDK, streaming, as the anthropic engine runs one. */
async function twoTurns(baseURL: string): Promise<string> {
  const client = new Anthropic({ baseURL, apiKey: SECRET, maxRetries: 0 });
  const tools = [{ name: 'Read', input_schema: { type: 'object' as const } }];
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Read it, please.' }];
  const first = await client.messages.stream({ model: 'claude-x', max_tokens: 50, tools, messages }).finalMessage();
  const call = first.content.find((b) => b.type === 'tool_use')!;
  messages.push({ role: 'assistant', content: first.content });
  messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'hi' }] });
  const second = await client.messages.stream({ model: 'claude-x', max_tokens: 50, tools, messages }).finalMessage();
  return JSON.stringify([first.content, second.content]);
}

describe('startRecordingProxy', () => {
  it('forwards per scope, records streamed exchanges byte for byte without credentials, and they replay', async () => {
    upstream = await startFakeModelServer(script);
    proxy = await startProxyTo(upstream);
    const live = await twoTurns(proxy.baseUrls('exec-1').anthropic);
    const openai = new OpenAI({ baseURL: proxy.baseUrls('exec-1.judge').openai, apiKey: SECRET, maxRetries: 0 });
    const graded = await openai.responses.create({ model: 'gpt-x', input: 'Grade this.' });
    expect(graded.output_text).toBe('{"passed": true}');
    // The upstream saw the real paths, with the key it needs.
    expect(upstream.requests.map((r) => [r.path, r.scope])).toEqual([
      ['/v1/messages', undefined],
      ['/v1/messages', undefined],
      ['/v1/responses', undefined],
    ]);
    expect(JSON.stringify(upstream.requests[0]!.headers)).toContain(SECRET);

    const engine = proxy.take('exec-1');
    const judge = proxy.take('exec-1.judge');
    expect(proxy.take('exec-1')).toEqual([]);
    expect(engine.map((e) => [e.method, e.path, e.model, e.step, e.response.status])).toEqual([
      ['POST', '/v1/messages', 'claude-x', 0, 200],
      ['POST', '/v1/messages', 'claude-x', 1, 200],
    ]);
    expect(judge.map((e) => [e.path, e.step])).toEqual([['/v1/responses', 0]]);
    expect(engine[0]!.response.headers['content-type']).toContain('text/event-stream');
    expect(engine[0]!.response.body).toMatch(/^event: message_start\n/);
    expect(JSON.stringify([engine, judge])).not.toContain(SECRET);
    expect(engine[1]!.request?.body).toMatchObject({ messages: expect.any(Array) });

    // Replay: the upstream is gone; a fake server answers from the recordings alone.
    await upstream.close();
    upstream = undefined;
    replay = await startFakeModelServer({ recorded: { 'exec-1': engine, 'exec-1.judge': judge } });
    expect(await twoTurns(`${replay.url}/x/exec-1`)).toBe(live);
    const replayedJudge = new OpenAI({ baseURL: `${replay.url}/x/exec-1.judge/v1`, apiKey: 'x', maxRetries: 0 });
    expect((await replayedJudge.responses.create({ model: 'gpt-x', input: 'Grade this.' })).output_text).toBe(
      '{"passed": true}',
    );
    expect(replay.requests.map((r) => r.scope)).toEqual(['exec-1', 'exec-1', 'exec-1.judge']);
  });

  it('replays the recorded bytes exactly, and refuses what was not recorded', async () => {
    upstream = await startFakeModelServer(script);
    proxy = await startProxyTo(upstream);
    const body = JSON.stringify({
      model: 'm',
      max_tokens: 5,
      stream: true,
      messages: [{ role: 'user', content: 'Grade' }],
    });
    const post = (base: string) =>
      fetch(`${base}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const live = await (await post(proxy.baseUrls('s').anthropic)).text();
    const [exchange] = proxy.take('s');
    expect(exchange!.response.body).toBe(live);
    replay = await startFakeModelServer({ recorded: { s: [exchange!] } });
    const again = await post(`${replay.url}/x/s`);
    expect(again.headers.get('content-type')).toContain('text/event-stream');
    expect(await again.text()).toBe(live);
    const exhausted = await post(`${replay.url}/x/s`);
    expect(exhausted.status).toBe(400);
    expect(await exhausted.text()).toContain('s has no recorded answer left for POST /v1/messages (model m, step 0)');
    const unknown = await post(`${replay.url}/x/other`);
    expect(await unknown.text()).toContain('nothing was recorded for other');
  });

  it('never answers a request for one model with an exchange recorded for another', async () => {
    upstream = await startFakeModelServer(script);
    proxy = await startProxyTo(upstream);
    const ask = (base: string, model: string) =>
      fetch(`${base}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model, max_tokens: 5, messages: [{ role: 'user', content: 'Grade' }] }),
      });
    await (await ask(proxy.baseUrls('s').anthropic, 'recorded-model')).text();
    replay = await startFakeModelServer({ recorded: { s: proxy.take('s') } });
    const other = await ask(`${replay.url}/x/s`, 'other-model');
    expect(other.status).toBe(400);
    expect(await other.text()).toContain(
      's recorded POST /v1/messages for model recorded-model, not other-model; the run asks another model',
    );
    expect((await ask(`${replay.url}/x/s`, 'recorded-model')).status).toBe(200);
  });

  it('streams the answer on as it arrives', async () => {
    // An upstream that sends the rest of its stream only after the client has seen the first event: a proxy that
    // buffered the answer would never deliver it.
    let seen!: () => void;
    const firstSeen = new Promise<void>((resolve) => (seen = resolve));
    slow = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: one\ndata: {}\n\n');
      firstSeen.then(() => res.end('event: two\ndata: {}\n\n'));
    });
    await new Promise<void>((resolve) => slow!.listen(0, '127.0.0.1', resolve));
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    proxy = await startRecordingProxy({ upstream: () => slowUrl });
    const answer = await fetch(`${proxy.baseUrls('s').anthropic}/v1/messages`, { method: 'POST', body: '{}' });
    const reader = answer.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: one');
    seen();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toContain('event: two');
    expect(proxy.take('s')[0]!.response.body).toBe('event: one\ndata: {}\n\nevent: two\ndata: {}\n\n');
  });

  it('answers 502 in the API shape when the upstream cannot be reached', async () => {
    proxy = await startRecordingProxy({ upstream: () => 'http://127.0.0.1:1' });
    const client = new Anthropic({ baseURL: proxy.baseUrls('s').anthropic, apiKey: 'k', maxRetries: 0 });
    const call = client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] });
    await expect(call).rejects.toMatchObject({ status: 502 });
    expect(proxy.take('s')[0]!.response.status).toBe(502);
  });
});

describe('redirects', () => {
  /** A server on 127.0.0.1 standing for the host a redirect names: it counts what reaches it. */
  async function elsewhere(): Promise<{ url: string; hits: () => number }> {
    let hits = 0;
    slow = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"stolen":true}');
    });
    await new Promise<void>((resolve) => slow!.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`, hits: () => hits };
  }

  it('the recording proxy relays a redirect to the client and never follows it', async () => {
    const other = await elsewhere();
    const redirecting = createServer((_req, res) => res.writeHead(307, { location: `${other.url}/steal` }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const port = (redirecting.address() as AddressInfo).port;
      proxy = await startRecordingProxy({ upstream: () => `http://127.0.0.1:${port}` });
      const answer = await fetch(`${proxy.baseUrls('s').anthropic}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': SECRET, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [] }),
        redirect: 'manual',
      });
      expect(answer.status).toBe(307);
      expect(other.hits()).toBe(0);
      expect(proxy.take('s')[0]!.response).toMatchObject({ status: 307, headers: { location: `${other.url}/steal` } });
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });

  it('a replayed redirect keeps its status but names no host, so a client that follows redirects stays here', async () => {
    const other = await elsewhere();
    const redirect = {
      method: 'POST',
      path: '/v1/messages',
      response: {
        status: 307,
        headers: {
          location: `${other.url}/steal`,
          'content-location': `${other.url}/x`,
          refresh: `0;url=${other.url}`,
        },
        body: '',
        encoding: 'utf8' as const,
      },
    };
    replay = await startFakeModelServer({ recorded: { s: [redirect] } });
    // fetch follows redirects by default, as the SDKs of the engines and judges do.
    const answer = await fetch(`${replay.url}/x/s/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'skill-eval-replay', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect(answer.status).toBe(307);
    expect([...answer.headers.keys()]).not.toContain('location');
    expect(other.hits()).toBe(0);
  });
});
