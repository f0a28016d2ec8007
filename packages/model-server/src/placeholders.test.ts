import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { fillPlaceholders, skillNamed, workingDirectory } from './placeholders.js';
import { type FakeModelServer, startFakeModelServer } from './server.js';

describe('{{cwd}} and {{skill:…}} placeholders', () => {
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

  it('fills {{skill:<prefix>}} with the longest name the request lists under that prefix', () => {
    const listing =
      '{"text":"- pirate-greeting: Talk like a pirate\\n- pirate-greeting-skill-1a2b3c4d: Talk like a pirate"}';
    expect(skillNamed('pirate-greeting', listing)).toBe('pirate-greeting-skill-1a2b3c4d');
    expect(skillNamed('pirate-greeting', '{"text":"- pirate-greeting: Talk"}')).toBe('pirate-greeting');
    // Only a name that starts there: not one that holds the prefix further in.
    expect(skillNamed('greeting', '{"text":"- pirate-greeting: Talk"}')).toBeUndefined();
    const response = { toolCalls: [{ name: 'Skill', input: { skill: '{{skill:pirate-greeting}}' } }] };
    expect(fillPlaceholders(response, listing).toolCalls?.[0]?.input).toEqual({
      skill: 'pirate-greeting-skill-1a2b3c4d',
    });
    // Nothing to fill it with: it stays, and so does the response.
    expect(fillPlaceholders(response, '{"text":"no skills"}')).toBe(response);
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
