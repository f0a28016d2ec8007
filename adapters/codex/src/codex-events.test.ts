import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { summarizeEvents } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { CodexEventParser, parseCodexEvents } from './codex-events.js';

// Fixtures are real `codex exec --json` output of codex 0.169.0 run against the fake model server
// (paths scrubbed to /sandbox, ports to PORT).
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');

describe('parseCodexEvents on recorded codex runs', () => {
  it('maps reasoning, a SKILL.md read, an apply_patch and a failing command, in order and paired', () => {
    const parsed = parseCodexEvents(fixture('skill-read-patch.jsonl'));
    expect(parsed.status).toBe('completed');
    expect(parsed.threadId).toBe('01a20506-2de9-75f3-b679-4d3f90dfaa05');
    expect(parsed.finalMessage).toBe('All done.');
    expect(parsed.turnsCompleted).toBe(1);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.events.map((e) => e.type)).toEqual([
      'reasoning',
      'tool-call',
      'skill',
      'tool-result',
      'tool-call',
      'tool-result',
      'tool-call',
      'tool-result',
      'message',
    ]);
    expect(parsed.events[0]).toEqual({ type: 'reasoning', text: 'I should read the skill' });
    expect(parsed.events[2]).toEqual({ type: 'skill', name: 'demo-skill', via: 'file-read' });

    const { toolCalls, skillsInvoked } = summarizeEvents(parsed.events);
    expect(skillsInvoked).toEqual([{ name: 'demo-skill', via: 'file-read' }]);
    expect(toolCalls).toEqual([
      {
        id: 'item_1',
        name: 'exec_command',
        input: { command: "/bin/bash -lc 'cat /sandbox/ws/.agents/skills/demo-skill/SKILL.md'" },
        output: expect.stringContaining('name: demo-skill'),
        isError: false,
      },
      {
        id: 'item_2',
        name: 'apply_patch',
        input: { changes: [{ path: '/sandbox/ws/hello.txt', kind: 'add' }] },
        output: 'add /sandbox/ws/hello.txt',
        isError: false,
      },
      {
        id: 'item_3',
        name: 'exec_command',
        input: { command: "/bin/bash -lc 'echo oops >&2; exit 3'" },
        output: 'oops\n',
        isError: true,
      },
    ]);
  });

  it('reads turn.completed usage the OpenAI way: cached inside input, reasoning inside output', () => {
    const parsed = parseCodexEvents(fixture('skill-read-patch.jsonl'));
    // Recorded: input_tokens 38069, cached 0, output_tokens 63, reasoning_output_tokens 6.
    expect(parsed.threadUsage).toEqual({
      inputTokens: 38069,
      outputTokens: 57,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 6,
    });
    const cached = parseCodexEvents(fixture('cached-resume-turn-1.jsonl'));
    expect(cached.threadUsage).toEqual({
      inputTokens: 600,
      outputTokens: 40,
      cacheReadTokens: 400,
      cacheWriteTokens: 0,
      reasoningTokens: 10,
    });
  });

  it('turns a 401 into status error with one error event carrying the message', () => {
    const parsed = parseCodexEvents(fixture('api-error-401.jsonl'));
    expect(parsed.status).toBe('error');
    expect(parsed.errorMessage).toMatch(/^unexpected status 401 Unauthorized: bad key/);
    expect(parsed.events).toEqual([{ type: 'error', message: parsed.errorMessage }]);
    expect(parsed.threadUsage).toBeUndefined();
    expect(parsed.finalMessage).toBe('');
  });

  it('keeps a non-fatal error item as an error event and a warning, the run still completed', () => {
    const parsed = parseCodexEvents(fixture('unknown-model.jsonl'));
    expect(parsed.status).toBe('completed');
    expect(parsed.finalMessage).toBe('ok');
    expect(parsed.events[0]).toMatchObject({ type: 'error', message: expect.stringContaining('gpt-fake') });
    expect(parsed.warnings).toEqual([expect.stringContaining('Model metadata for `gpt-fake` not found')]);
  });

  it('names MCP calls server::tool with their arguments and text result', () => {
    const { toolCalls } = summarizeEvents(parseCodexEvents(fixture('mcp-tool-call.jsonl')).events);
    expect(toolCalls).toEqual([
      { id: 'item_0', name: 'echo::echo', input: { text: 'hello mcp' }, output: 'echo: hello mcp', isError: false },
    ]);
  });

  it('marks a failed MCP call as an error with codex’s reason', () => {
    const { toolCalls } = summarizeEvents(parseCodexEvents(fixture('mcp-tool-call-denied.jsonl')).events);
    expect(toolCalls).toEqual([
      {
        id: 'item_0',
        name: 'echo::echo',
        input: { text: 'hello mcp' },
        output: 'MCP tool call requires approval, but approval policy is never',
        isError: true,
      },
    ]);
  });

  it('prefixes item ids so a resumed process (which numbers items from item_0 again) does not collide', () => {
    const first = parseCodexEvents(fixture('resume-turn-1.jsonl'));
    const second = parseCodexEvents(fixture('resume-turn-2.jsonl'), { idPrefix: 'turn-2:' });
    expect(first.threadId).toBe(second.threadId);
    expect(first.events[0]).toMatchObject({
      type: 'tool-call',
      id: 'item_0',
      input: { command: "/bin/bash -lc 'echo one'" },
    });
    expect(second.events).toEqual([
      { type: 'reasoning', text: 'second turn thinking' },
      { type: 'message', role: 'assistant', text: 'Answer two.' },
    ]);
  });
});

describe('CodexEventParser edge cases', () => {
  it('ignores unknown event and item types, and warns on lines that are not JSON', () => {
    const parser = new CodexEventParser();
    parser.pushLine('{"type":"thread.started","thread_id":"t1"}');
    parser.pushLine('{"type":"some.future.event","x":1}');
    parser.pushLine('{"type":"item.completed","item":{"id":"item_0","type":"todo_list","items":[]}}');
    parser.pushLine('Reading additional input from stdin...');
    parser.pushLine('');
    parser.pushLine('{"type":"turn.completed","usage":{"input_tokens":5,"output_tokens":2}}');
    const parsed = parser.finish();
    expect(parsed.events).toEqual([]);
    expect(parsed.status).toBe('completed');
    expect(parsed.warnings).toEqual([expect.stringContaining('line 4 is not JSON')]);
  });

  it('fails a run whose error event no turn.completed follows, and not one that recovered', () => {
    const failed = new CodexEventParser();
    failed.pushLine('{"type":"error","message":"stream disconnected"}');
    expect(failed.finish()).toMatchObject({ status: 'error', errorMessage: 'stream disconnected' });

    const recovered = new CodexEventParser();
    recovered.pushLine('{"type":"error","message":"Reconnecting... 1/5"}');
    recovered.pushLine('{"type":"turn.completed","usage":{}}');
    expect(recovered.finish()).toMatchObject({ status: 'completed', warnings: ['Reconnecting... 1/5'] });
  });

  it('emits a command once across started/completed and leaves an unfinished one without a result', () => {
    const parsed = parseCodexEvents(
      [
        '{"type":"item.started","item":{"id":"item_0","type":"command_execution","command":"sleep 100","aggregated_output":"","exit_code":null,"status":"in_progress"}}',
        '{"type":"item.updated","item":{"id":"item_0","type":"command_execution","command":"sleep 100","aggregated_output":"","exit_code":null,"status":"in_progress"}}',
      ].join('\n'),
    );
    expect(parsed.events).toEqual([
      { type: 'tool-call', id: 'item_0', name: 'exec_command', input: { command: 'sleep 100' } },
    ]);
    expect(parsed.status).toBeUndefined();
  });
});
