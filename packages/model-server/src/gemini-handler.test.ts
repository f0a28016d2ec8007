import { ApiError, type FunctionDeclaration, GoogleGenAI } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from './index.js';

const READ_FILE: FunctionDeclaration = {
  name: 'read_file',
  description: 'Reads a file',
  parametersJsonSchema: { type: 'object', properties: { file_path: { type: 'string' } } },
};

let server: FakeModelServer | undefined;
afterEach(() => server?.close());

/** The real SDK, pointed at the fake server as the Gemini CLI points it (`GOOGLE_GEMINI_BASE_URL`). */
async function client(script: FakeScript): Promise<GoogleGenAI> {
  server = await startFakeModelServer(script);
  return new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: server.url } });
}

const READ_SCRIPT: FakeScript = {
  conversations: [
    {
      id: 'read',
      match: { user: 'Read it', system: 'helpful', tools: true },
      responses: [
        {
          text: 'Reading.',
          toolCalls: [
            { name: 'read_file', input: { file_path: 'a.txt' } },
            { name: 'read_file', input: { file_path: 'b.txt' } },
          ],
          usage: { input_tokens: 300, output_tokens: 30, cache_read_input_tokens: 100 },
        },
        { text: 'Both read, the answer is long enough to come in pieces.' },
      ],
    },
  ],
};

describe('Gemini API', () => {
  it('streams text and two whole function calls, with usage on the last chunk', async () => {
    const genai = await client(READ_SCRIPT);
    const stream = await genai.models.generateContentStream({
      model: 'gemini-test',
      contents: [{ role: 'user', parts: [{ text: 'Read it' }] }],
      config: { systemInstruction: 'You are helpful.', tools: [{ functionDeclarations: [READ_FILE] }] },
    });
    let text = '';
    const calls: unknown[] = [];
    const chunks = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      text += chunk.text ?? '';
      calls.push(...(chunk.functionCalls ?? []).map((call) => [call.name, call.args]));
    }
    expect(text).toBe('Reading.');
    expect(calls).toEqual([
      ['read_file', { file_path: 'a.txt' }],
      ['read_file', { file_path: 'b.txt' }],
    ]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.slice(0, -1).every((chunk) => chunk.usageMetadata === undefined)).toBe(true);
    const last = chunks.at(-1)!;
    expect(last.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last.usageMetadata).toMatchObject({
      promptTokenCount: 400,
      cachedContentTokenCount: 100,
      candidatesTokenCount: 30,
      totalTokenCount: 430,
    });
    expect(server!.requests[0]).toMatchObject({
      api: 'gemini',
      path: '/v1beta/models/gemini-test:streamGenerateContent',
      conversation: 'read',
      step: 0,
    });
  });

  it('counts model contents as steps (a functionResponse ends one) and answers generateContent whole', async () => {
    const genai = await client(READ_SCRIPT);
    const response = await genai.models.generateContent({
      model: 'gemini-test',
      contents: [
        { role: 'user', parts: [{ text: 'Read it' }] },
        { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'read_file', args: { file_path: 'a.txt' } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'A' } } }] },
      ],
      config: { systemInstruction: 'You are helpful.', tools: [{ functionDeclarations: [READ_FILE] }] },
    });
    expect(response.text).toBe('Both read, the answer is long enough to come in pieces.');
    expect(response.functionCalls).toBeUndefined();
    expect(response.modelVersion).toBe('gemini-test');
    expect(server!.requests[0]).toMatchObject({ api: 'gemini', conversation: 'read', step: 1 });
  });

  it('matches on the model named in the path', async () => {
    const genai = await client({
      conversations: [{ id: 'pro', match: { model: 'pro' }, responses: [{ text: 'from pro' }] }],
      fallback: { text: 'fallback' },
    });
    const flash = await genai.models.generateContent({ model: 'gemini-flash', contents: 'hi' });
    const pro = await genai.models.generateContent({ model: 'gemini-pro', contents: 'hi' });
    expect([flash.text, pro.text]).toEqual(['fallback', 'from pro']);
  });

  it('answers a scripted error in Google shape, which the SDK reads as an ApiError', async () => {
    const genai = await client({
      conversations: [{ id: 'denied', responses: [{ error: { status: 401, message: 'bad key' } }] }],
    });
    const failure = await genai.models.generateContent({ model: 'gemini-test', contents: 'hi' }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(401);
    expect(JSON.parse(failure.message)).toEqual({
      error: { code: 401, message: 'bad key', status: 'UNAUTHENTICATED' },
    });
  });
});
