import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from './index.js';

/** A recorded real Messages API body, as a recorder would store it. */
const RECORDED = {
  id: 'msg_recorded01',
  type: 'message',
  role: 'assistant',
  model: 'claude-recorded',
  content: [
    { type: 'text', text: 'Recorded answer.' },
    { type: 'tool_use', id: 'toolu_recorded01', name: 'Read', input: { file_path: '/x/SKILL.md' } },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: { input_tokens: 321, output_tokens: 45, cache_creation_input_tokens: 0, cache_read_input_tokens: 7 },
};

let server: FakeModelServer | undefined;
afterEach(() => server?.close());

const anthropic = () => new Anthropic({ baseURL: server!.url, apiKey: 'test-key', maxRetries: 0 });
const ask = (content: string, stream = false) =>
  fetch(`${server!.url}/v1/messages?beta=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
    body: JSON.stringify({ model: 'm', max_tokens: 5, stream, messages: [{ role: 'user', content }] }),
  });

describe('startFakeModelServer', () => {
  it('close() ends hung requests quickly', async () => {
    server = await startFakeModelServer({ fallback: { hang: true } });
    const pending = anthropic().messages.create({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'wait' }],
    });
    const settled = pending.then(
      () => 'resolved',
      (error: Error) => error.constructor.name,
    );
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    await server.close();
    expect(await settled).toBe('APIConnectionError');
    // The request would hang for ever: closing ended it, however loaded the machine.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('waits delayMs before answering', async () => {
    server = await startFakeModelServer({ fallback: { delayMs: 200, text: 'slow' } });
    const started = Date.now();
    const message = await anthropic().messages.create({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(message.content).toEqual([{ type: 'text', text: 'slow' }]);
  });

  it('records every request with path, query, headers, parsed body, api, conversation and step', async () => {
    const lines: string[] = [];
    server = await startFakeModelServer(
      { conversations: [{ id: 'greet', match: { user: 'Greet' }, responses: [{ text: 'hi' }] }] },
      { log: (line) => lines.push(line) },
    );
    const before = Date.now();
    await (await ask('Greet me')).json();
    await fetch(`${server.url}/v1/unknown`);
    const [first, second] = server.requests;
    expect(first).toMatchObject({
      method: 'POST',
      path: '/v1/messages',
      url: '/v1/messages?beta=true',
      api: 'anthropic',
      conversation: 'greet',
      step: 0,
      headers: expect.objectContaining({ 'x-api-key': 'k' }),
      body: expect.objectContaining({ messages: [{ role: 'user', content: 'Greet me' }] }),
    });
    expect(first!.at).toBeGreaterThanOrEqual(before);
    expect(second).toMatchObject({ method: 'GET', path: '/v1/unknown', api: 'other', body: '' });
    expect(second!.conversation).toBeUndefined();
    expect(lines[0]).toMatch(/^POST \/v1\/messages\?beta=true greet#0 → 200/);
  });

  it('answers a scoped path /x/<scope>/… as the plain one, reporting the scope', async () => {
    server = await startFakeModelServer({ fallback: { text: 'scoped' } });
    const client = new Anthropic({ baseURL: `${server.url}/x/run-7`, apiKey: 'k', maxRetries: 0 });
    const message = await client.messages.create({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'scoped' }]);
    expect(server.requests[0]).toMatchObject({ path: '/v1/messages', scope: 'run-7', url: '/x/run-7/v1/messages' });
  });

  it('answers 404 in each API error shape and 400 for a body that is not JSON', async () => {
    server = await startFakeModelServer();
    const anthropic404 = await fetch(`${server.url}/v1/complete`, { headers: { 'anthropic-version': '2023-06-01' } });
    expect(anthropic404.status).toBe(404);
    expect(await anthropic404.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    const openai404 = await fetch(`${server.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(openai404.status).toBe(404);
    expect(await openai404.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('/v1/embeddings') },
    });
    const notJson = await fetch(`${server.url}/v1/responses`, { method: 'POST', body: 'hello' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { message: string } }).error.message).toContain('not JSON');
  });

  it('fails loudly when nothing matches, naming the user text', async () => {
    server = await startFakeModelServer({
      conversations: [{ id: 'a', match: { user: 'other' }, responses: [{ text: 'x' }] }],
    });
    const call = anthropic().messages.create({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'Unscripted prompt' }],
    });
    await expect(call).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(call).rejects.toMatchObject({
      error: {
        error: {
          message: expect.stringMatching(
            /^fake model: no conversation matches the request with user text "Unscripted prompt"/,
          ),
        },
      },
    });
  });

  it('replays a recorded raw body verbatim, and re-streams it for the SDK', async () => {
    server = await startFakeModelServer({ fallback: { raw: RECORDED } });
    expect(await (await ask('x')).json()).toEqual(RECORDED);
    const streamed = await anthropic()
      .messages.stream({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })
      .finalMessage();
    expect(streamed).toMatchObject({
      id: RECORDED.id,
      content: RECORDED.content,
      stop_reason: 'tool_use',
      usage: RECORDED.usage,
    });
  });

  it('refuses a raw body of another API and follows setScript', async () => {
    server = await startFakeModelServer({ fallback: { raw: { object: 'response', output: [] } } });
    const mismatch = await ask('x');
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('is not a anthropic body');
    server.setScript({ fallback: { text: 'new script' } });
    expect(await (await ask('x')).json()).toMatchObject({ content: [{ type: 'text', text: 'new script' }] });
  });
});
