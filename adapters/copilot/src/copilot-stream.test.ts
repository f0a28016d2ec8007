import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CopilotStreamParser, readUsageFile, skillsOfToolCall } from './copilot-stream.js';

// Recorded from the real copilot 1.0.102 (`copilot --output-format json --allow-all`, BYOK openai) against the fake
// model server: a `skill` call, a `bash` call, then the answer (paths rewritten to /home/user). usage.json is the
// `--usage-output-file` of a run on the fake server's Anthropic API.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function parse(text: string) {
  const parser = new CopilotStreamParser();
  for (const line of text.split('\n')) parser.pushLine(line);
  return parser.finish();
}

describe('CopilotStreamParser', () => {
  it('reads a recorded run: the skill call, the shell call, their results, the answer and the session', () => {
    const parsed = parse(fixture('skill-then-bash.jsonl'));
    expect(parsed.events.map((e) => e.type)).toEqual([
      'tool-call',
      'skill',
      'tool-result',
      'tool-call',
      'tool-result',
      'message',
    ]);
    expect(parsed.events[0]).toMatchObject({ type: 'tool-call', name: 'skill', input: { skill: 'gh-proj' } });
    expect(parsed.events[1]).toEqual({ type: 'skill', name: 'gh-proj', via: 'tool' });
    expect(parsed.events[2]).toMatchObject({ type: 'tool-result', isError: false });
    expect((parsed.events[2] as { output: string }).output).toContain('Skill "gh-proj" loaded successfully');
    expect(parsed.events[3]).toMatchObject({ name: 'bash', input: { command: 'echo hi > out.txt' } });
    expect(parsed.finalMessage).toBe('Done, matey.');
    expect(parsed.turns).toBe(3);
    expect(parsed.model).toBe('gpt-4o');
    expect(parsed.sessionId).toBe('87ea8560-9dea-4f85-846a-09a756cb6281');
    expect(parsed.status).toBe('completed');
    expect(parsed.warnings).toEqual([]);
  });

  it('shows the skill call once its streamed arguments are whole, before the response ends (early stop)', () => {
    const parser = new CopilotStreamParser();
    const lines = fixture('skill-then-bash.jsonl').split('\n');
    const responseEnd = lines.findIndex((line) => line.includes('"type":"model.call_finished"'));
    const deltas = lines.slice(0, responseEnd).filter((line) => line.includes('"type":"assistant.tool_call_delta"'));
    expect(deltas).toHaveLength(3);
    for (const line of lines.slice(0, responseEnd)) {
      parser.pushLine(line);
      // Not before the last of the three argument chunks.
      if (line === deltas[1]) expect(parser.eventsSoFar()).toEqual([]);
    }
    expect(parser.eventsSoFar()).toEqual([
      { type: 'tool-call', id: 'call_aTLDyUMADWZ6rDz8HD2CSMyE', name: 'skill', input: { skill: 'gh-proj' } },
      { type: 'skill', name: 'gh-proj', via: 'tool' },
    ]);
  });

  it('takes a failed tool as an error result, and a session error or an exit code as the run failing', () => {
    const parser = new CopilotStreamParser();
    parser.pushEvent({
      type: 'assistant.message',
      data: { content: 'Let me look.', toolRequests: [{ toolCallId: 'c1', name: 'view', arguments: { path: 'x' } }] },
    });
    parser.pushEvent({
      type: 'tool.execution_complete',
      data: { toolCallId: 'c1', success: false, error: { message: 'Path does not exist' } },
    });
    parser.pushEvent({ type: 'session.error', data: { errorType: 'model', message: 'bad key' } });
    parser.pushEvent({ type: 'result', sessionId: 's', exitCode: 1 });
    const parsed = parser.finish();
    expect(parsed.events).toContainEqual({
      type: 'tool-result',
      id: 'c1',
      output: 'Path does not exist',
      isError: true,
    });
    expect(parsed.finalMessage).toBe('');
    expect(parsed.status).toBe('error');
    expect(parsed.errorMessage).toBe('bad key\ncopilot ended with exit code 1');
  });

  it('reports an MCP tool as server::tool, by the names its request carries, not from its streamed arguments', () => {
    // As copilot 1.0.102 streams a call of tool `do.it` of server `fs.tools`, offered to the model as `fs-tools-do-it`.
    const parser = new CopilotStreamParser();
    const delta = (toolCallId: string, toolName: string, inputDelta: string) =>
      parser.pushEvent({ type: 'assistant.tool_call_delta', data: { toolCallId, toolName, inputDelta } });
    delta('m1', 'fs-tools-do-it', '{"text":"hi"}');
    // The delta names no server: the call waits for assistant.message.
    expect(parser.eventsSoFar()).toEqual([]);
    // A call recorded early under the API's name (a name without `-`) is renamed once its server is known.
    delta('m2', 'lookup', '{"q":1}');
    expect(parser.eventsSoFar()).toEqual([{ type: 'tool-call', id: 'm2', name: 'lookup', input: { q: 1 } }]);
    const mcp = (toolCallId: string, name: string, mcpServerName: string, mcpToolName: string) => ({
      toolCallId,
      name,
      arguments: {},
      type: 'function',
      mcpServerName,
      mcpToolName,
    });
    parser.pushEvent({
      type: 'assistant.message',
      data: {
        content: '',
        toolRequests: [
          { ...mcp('m1', 'fs-tools-do-it', 'fs.tools', 'do.it'), arguments: { text: 'hi' } },
          mcp('m2', 'lookup', 'db', 'lookup'),
          { toolCallId: 'b1', name: 'bash-like', arguments: { command: 'ls' } },
        ],
      },
    });
    expect(parser.finish().events).toEqual([
      { type: 'tool-call', id: 'm2', name: 'db::lookup', input: { q: 1 } },
      { type: 'tool-call', id: 'm1', name: 'fs.tools::do.it', input: { text: 'hi' } },
      { type: 'tool-call', id: 'b1', name: 'bash-like', input: { command: 'ls' } },
    ]);
  });

  it('warns of lines that are not JSON, and leaves the status open without a result event', () => {
    const parser = new CopilotStreamParser();
    parser.pushLine('not json');
    parser.pushEvent({ type: 'assistant.message', data: { content: 'Hi', toolRequests: [] } });
    const parsed = parser.finish();
    expect(parsed.finalMessage).toBe('Hi');
    expect(parsed.status).toBeUndefined();
    expect(parsed.warnings).toEqual(['stream line 1 is not JSON: not json']);
  });
});

describe('skillsOfToolCall', () => {
  it('sees the skill tool, a view of a SKILL.md and a shell read of one', () => {
    expect(skillsOfToolCall('skill', { skill: 'pdf' })).toEqual([{ name: 'pdf', via: 'tool' }]);
    expect(skillsOfToolCall('view', { path: '/w/.github/skills/pdf/SKILL.md' })).toEqual([
      { name: 'pdf', via: 'file-read' },
    ]);
    expect(skillsOfToolCall('bash', { command: 'cat .github/skills/pdf/SKILL.md' })).toEqual([
      { name: 'pdf', via: 'file-read' },
    ]);
    expect(skillsOfToolCall('view', { path: 'README.md' })).toEqual([]);
  });
});

describe('readUsageFile', () => {
  it('sums the tokens of every model of a recorded usage file', () => {
    expect(readUsageFile(fixture('usage.json'))).toMatchObject({
      inputTokens: 12204,
      outputTokens: 2,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    expect(
      readUsageFile('{"modelMetrics":{"a":{"usage":{"inputTokens":3}},"b":{"usage":{"inputTokens":4}}}}'),
    ).toMatchObject({ inputTokens: 7 });
    expect(readUsageFile('nope')).toBeUndefined();
  });
});
