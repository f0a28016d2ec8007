import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { fillPlaceholders, workingDirectory } from './placeholders.js';
import { type FakeModelServer, startFakeModelServer } from './server.js';

describe('{{cwd}} placeholders', () => {
  let server: FakeModelServer | undefined;
  afterEach(async () => server?.close());

  it('finds the working directory as Claude Code and codex state it', () => {
    expect(workingDirectory('{"text":"# Environment\\n - Primary working directory: /tmp/ws-1\\n - Is a git"}')).toBe(
      '/tmp/ws-1',
    );
    expect(workingDirectory('<environment_context><cwd>/tmp/ws-2</cwd></environment_context>')).toBe('/tmp/ws-2');
    expect(workingDirectory('no directory here')).toBeUndefined();
  });

  it('fills nested tool inputs and leaves responses without a stated directory alone', () => {
    const response = { toolCalls: [{ name: 'Write', input: { file_path: '{{cwd}}/a.txt', more: ['{{cwd}}'] } }] };
    expect(fillPlaceholders(response, 'Primary working directory: /w').toolCalls?.[0]?.input).toEqual({
      file_path: '/w/a.txt',
      more: ['/w'],
    });
    expect(fillPlaceholders(response, '{}')).toBe(response);
  });

  it('answers a real SDK request with the directory filled in', async () => {
    server = await startFakeModelServer({
      conversations: [
        {
          id: 'w',
          responses: [{ toolCalls: [{ name: 'Write', input: { file_path: '{{cwd}}/out.txt', content: 'x' } }] }],
        },
      ],
    });
    const client = new Anthropic({ baseURL: server.url, apiKey: 'test', maxRetries: 0 });
    const message = await client.messages.create({
      model: 'claude-sonnet-5-5',
      max_tokens: 100,
      system: '# Environment\n - Primary working directory: /tmp/agent-ws',
      tools: [{ name: 'Write', input_schema: { type: 'object' } }],
      messages: [{ role: 'user', content: 'write it' }],
    });
    const call = message.content.find((block) => block.type === 'tool_use');
    expect(call?.input).toEqual({ file_path: '/tmp/agent-ws/out.txt', content: 'x' });
  });
});
