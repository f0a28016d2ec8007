import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OpencodeStreamParser, skillsOfToolCall } from './opencode-stream.js';

// Recorded from the real opencode 1.18.33 (`opencode run --format json`) against the fake model server: a `skill`
// call, a `write` call, then the answer.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function parse(text: string) {
  const parser = new OpencodeStreamParser();
  for (const line of text.split('\n')) parser.pushLine(line);
  return parser.finish();
}

describe('OpencodeStreamParser', () => {
  it('reads a recorded run: the skill call, the write, tokens and cost summed over the steps, the answer', () => {
    const parsed = parse(fixture('skill-then-write.jsonl'));
    expect(parsed.sessionId).toMatch(/^ses_/);
    expect(parsed.events.map((e) => e.type)).toEqual([
      'tool-call',
      'skill',
      'tool-result',
      'tool-call',
      'tool-result',
      'message',
    ]);
    expect(parsed.events[1]).toEqual({ type: 'skill', name: 'hello-skill', via: 'tool' });
    expect(parsed.events[2]).toMatchObject({ type: 'tool-result', isError: false });
    expect((parsed.events[2] as { output: string }).output).toContain('<skill_content name="hello-skill">');
    expect(parsed.finalMessage).toBe('Done, matey.');
    expect(parsed.turns).toBe(3);
    // The three step_finish events: 7676 + 7832 + 700 input, 7 + 12 + 9 output.
    expect(parsed.usage).toMatchObject({ inputTokens: 16208, outputTokens: 28, reasoningTokens: 0 });
    expect(parsed.costUsd).toBeCloseTo(0.023133 + 0.023676 + 0.002235, 6);
    expect(parsed.status).toBeUndefined();
    expect(parsed.warnings).toEqual([]);
  });

  it('takes a failed tool as an error result, and a session error as the run failing', () => {
    const parser = new OpencodeStreamParser();
    parser.pushEvent({
      type: 'tool_use',
      sessionID: 'ses_1',
      part: { tool: 'skill', callID: 'c1', state: { status: 'error', input: { name: 'x' }, error: 'boom' } },
    });
    parser.pushEvent({ type: 'error', sessionID: 'ses_1', error: { name: 'APIError', data: { message: 'bad key' } } });
    const parsed = parser.finish();
    expect(parsed.events).toContainEqual({ type: 'tool-result', id: 'c1', output: 'boom', isError: true });
    expect(parsed.status).toBe('error');
    expect(parsed.errorMessage).toBe('bad key');
  });

  it("names the calls of the MCP servers it was given server::tool, opencode's own tools as they are", () => {
    const parser = new OpencodeStreamParser({ mcpServers: ['my.docs', 'gh'] });
    const call = (tool: string, callID: string) =>
      parser.pushEvent({
        type: 'tool_use',
        part: { tool, callID, state: { status: 'completed', input: {}, output: 'ok' } },
      });
    call('my_docs_search', 'c1');
    call('gh_create_issue', 'c2');
    call('apply_patch', 'c3');
    const names = parser.finish().events.flatMap((e) => (e.type === 'tool-call' ? [e.name] : []));
    expect(names).toEqual(['my.docs::search', 'gh::create_issue', 'apply_patch']);
  });

  it('forgets text followed by a tool call as the answer, and warns of lines that are not JSON', () => {
    const parser = new OpencodeStreamParser();
    parser.pushEvent({ type: 'text', part: { text: 'Let me look.' } });
    parser.pushEvent({
      type: 'tool_use',
      part: { tool: 'bash', callID: 'c', state: { status: 'completed', input: { command: 'ls' }, output: 'a' } },
    });
    parser.pushLine('not json');
    const parsed = parser.finish();
    expect(parsed.finalMessage).toBe('');
    expect(parsed.warnings).toEqual(['stream line 1 is not JSON: not json']);
  });
});

describe('skillsOfToolCall', () => {
  it('sees the skill tool, a read of a SKILL.md and a shell read of one', () => {
    expect(skillsOfToolCall('skill', { name: 'pdf' })).toEqual([{ name: 'pdf', via: 'tool' }]);
    expect(skillsOfToolCall('read', { filePath: '/w/.opencode/skills/pdf/SKILL.md' })).toEqual([
      { name: 'pdf', via: 'file-read' },
    ]);
    expect(skillsOfToolCall('bash', { command: 'cat .opencode/skills/pdf/SKILL.md' })).toEqual([
      { name: 'pdf', via: 'file-read' },
    ]);
    expect(skillsOfToolCall('read', { filePath: 'README.md' })).toEqual([]);
  });
});
