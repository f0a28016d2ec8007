import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GeminiStreamParser, readStats, skillsOfToolCall } from './gemini-stream.js';

// Fixtures are gemini 0.61.0's own `--output-format stream-json` output against the fake model server.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function parse(text: string) {
  const parser = new GeminiStreamParser();
  for (const line of text.split('\n')) parser.pushLine(line);
  return parser.finish();
}

describe('GeminiStreamParser', () => {
  it('reads a skill activation: tool call and result paired, deltas joined into the answer, stats as usage', () => {
    const parsed = parse(fixture('skill-activate.jsonl'));
    expect(parsed.status).toBe('completed');
    expect(parsed.sessionId).toBe('6fd712cb-6799-482e-b942-4089b820bf33');
    expect(parsed.model).toBe('gemini-2.5-flash');
    const id = 'activate_skill__call_1fGsVMui3FkrGIm0DxfSzD5J';
    expect(parsed.events).toEqual([
      { type: 'tool-call', id, name: 'activate_skill', input: { name: 'greeter' } },
      { type: 'skill', name: 'greeter', via: 'tool' },
      { type: 'tool-result', id, output: expect.stringContaining('Skill **greeter** activated'), isError: false },
      { type: 'message', role: 'assistant', text: 'Hello from fake.' },
    ]);
    expect(parsed.finalMessage).toBe('Hello from fake.');
    expect(parsed.usage).toEqual({
      inputTokens: 23765,
      outputTokens: 12,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    });
    expect(parsed.durationMs).toBe(476);
    expect(parsed.turns).toBe(2);
    expect(parsed.warnings).toEqual([]);
  });

  it('reads an API failure as an error with the API’s message', () => {
    const parsed = parse(fixture('api-error-401.jsonl'));
    expect(parsed.status).toBe('error');
    expect(parsed.errorMessage).toContain('"code":401');
    expect(parsed.durationMs).toBeUndefined();
  });

  it('reads the turn limit as max-turns', () => {
    const parsed = parse(fixture('max-turns.jsonl'));
    expect(parsed.status).toBe('max-turns');
    expect(parsed.errorMessage).toContain('max session turns');
  });

  it('is undecided without a result event (a stopped run), and keeps the events so far', () => {
    const lines = fixture('skill-activate.jsonl').split('\n').slice(0, 3);
    const parsed = parse(lines.join('\n'));
    expect(parsed.status).toBeUndefined();
    expect(parsed.events.map((e) => e.type)).toEqual(['tool-call', 'skill']);
  });

  it('text before a tool call is a message but not the answer; bad lines become warnings', () => {
    const parsed = parse(
      [
        '{"type":"message","role":"assistant","content":"Let me look.","delta":true}',
        '{"type":"tool_use","tool_name":"glob","tool_id":"g1","parameters":{"pattern":"*"}}',
        'not json',
        '{"type":"tool_result","tool_id":"g1","status":"error","error":{"type":"X","message":"denied"}}',
        '{"type":"error","severity":"warning","message":"Loop detected"}',
        '{"type":"error","severity":"error","message":"Maximum session turns exceeded"}',
      ].join('\n'),
    );
    expect(parsed.events).toEqual([
      { type: 'message', role: 'assistant', text: 'Let me look.' },
      { type: 'tool-call', id: 'g1', name: 'glob', input: { pattern: '*' } },
      { type: 'tool-result', id: 'g1', output: 'denied', isError: true },
      { type: 'error', message: 'Maximum session turns exceeded' },
    ]);
    expect(parsed.finalMessage).toBe('');
    expect(parsed.warnings).toEqual(['stream line 3 is not JSON: not json', 'Loop detected']);
  });
});

describe('readStats', () => {
  it('splits the cached part off the prompt and takes thoughts from the total', () => {
    expect(readStats({ total_tokens: 1000, input_tokens: 800, output_tokens: 150, cached: 300, input: 500 })).toEqual({
      inputTokens: 500,
      outputTokens: 150,
      cacheReadTokens: 300,
      cacheWriteTokens: 0,
      reasoningTokens: 50,
    });
  });
});

describe('skillsOfToolCall', () => {
  it('names the skill activate_skill loads, a read_file of a SKILL.md, and a shell read of one', () => {
    expect(skillsOfToolCall('activate_skill', { name: 'pdf' })).toEqual([{ name: 'pdf', via: 'tool' }]);
    expect(skillsOfToolCall('read_file', { file_path: '/w/.gemini/skills/pdf/SKILL.md' })).toEqual([
      { name: 'pdf', via: 'file-read' },
    ]);
    expect(skillsOfToolCall('read_file', { file_path: '/w/.gemini/skills/pdf/forms.md' })).toEqual([]);
    expect(skillsOfToolCall('run_shell_command', { command: 'cat .agents/skills/xlsx/SKILL.md | head' })).toEqual([
      { name: 'xlsx', via: 'file-read' },
    ]);
    expect(skillsOfToolCall('write_file', { file_path: 'a/SKILL.md' })).toEqual([]);
  });
});

describe('the model', () => {
  it('is the one the stats say answered most when the init event names gemini’s auto routing', () => {
    const parsed = parse(
      [
        '{"type":"init","session_id":"s","model":"auto-gemini-3"}',
        '{"type":"message","role":"assistant","content":"Hi.","delta":true}',
        '{"type":"result","status":"success","stats":{"total_tokens":30,"input_tokens":20,"output_tokens":10,"cached":0,"input":20,"duration_ms":5,"models":{"gemini-2.5-flash-lite":{"output_tokens":2},"gemini-3-pro":{"output_tokens":8}}}}',
      ].join('\n'),
    );
    expect(parsed.model).toBe('gemini-3-pro');
    expect(parsed.turns).toBe(1);
  });

  it('stays the pinned one the init event names', () => {
    const parsed = parse(fixture('skill-activate.jsonl').replace('"models":{"gemini-2.5-flash"', '"models":{"other"'));
    expect(parsed.model).toBe('gemini-2.5-flash');
  });
});
