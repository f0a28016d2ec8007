import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { summarizeEvents } from '@skill-eval/core';
import { priceUsage, skillNameFromInput, skillNameFromPath } from '@skill-eval/engine-kit';
import { describe, expect, it } from 'vitest';
import { parseStreamJson, StreamJsonParser } from './stream-json.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixture = (name: string) => readFileSync(`${fixtures}${name}`, 'utf8');
const lines = (name: string) => fixture(name).split('\n').filter(Boolean);
const resultOf = (name: string) => JSON.parse(lines(name).find((l) => l.includes('"type":"result"'))!);

describe('parseStreamJson on a recorded Skill → Read → Write → answer run', () => {
  const parsed = parseStreamJson(fixture('skill-write.jsonl'));
  const summary = summarizeEvents(parsed.events);

  it('detects the Skill tool call and the SKILL.md read, strongest signal first', () => {
    expect(parsed.events).toContainEqual({ type: 'skill', name: 'hello-skill', via: 'tool' });
    expect(parsed.events).toContainEqual({ type: 'skill', name: 'hello-skill', via: 'file-read' });
    expect(summary.skillsInvoked).toEqual([{ name: 'hello-skill', via: 'tool' }]);
  });

  it('pairs the Write call with its result', () => {
    const write = summary.toolCalls.find((call) => call.name === 'Write');
    expect(write?.input).toEqual({ file_path: '<WORKSPACE>/ahoy.txt', content: 'AHOY\n' });
    expect(write?.output).toContain('File created successfully');
    expect(write?.isError).toBe(false);
    expect(summary.toolCalls.map((call) => call.name)).toEqual(['Skill', 'Read', 'Write']);
    expect(summary.toolCalls.every((call) => call.output !== undefined)).toBe(true);
  });

  it('takes usage, cost, duration and turns from the result event, not from assistant events', () => {
    const result = resultOf('skill-write.jsonl');
    expect(parsed.usage).toEqual({
      inputTokens: result.usage.input_tokens,
      outputTokens: result.usage.output_tokens,
      cacheReadTokens: result.usage.cache_read_input_tokens,
      cacheWriteTokens: result.usage.cache_creation_input_tokens,
      reasoningTokens: 0,
    });
    expect(parsed.costUsd).toBeCloseTo(result.total_cost_usd, 10);
    expect(parsed.durationMs).toBe(result.duration_ms);
    expect(parsed.turns).toBe(result.num_turns);
    expect(parsed.status).toBe('completed');
    expect(parsed.finalMessage).toBe('Done, matey.');
    expect(parsed.model).toBe('claude-opus-5-5');
    expect(parsed.version).toBe('2.1.330');
  });

  it('counts each model call once from the assistant events when the run stops before its result event', () => {
    const stopped = parseStreamJson(
      lines('skill-write.jsonl')
        .filter((line) => !line.includes('"type":"result"'))
        .join('\n'),
    );
    // Four calls (msg_fake0 twice, one event per content block), each 1 output token.
    expect(stopped.usage).toMatchObject({ inputTokens: 15079 + 15175 + 15268 + 15359, outputTokens: 4 });
    expect(stopped.costUsd).toBe(priceUsage('claude-opus-5-5', stopped.usage));
    expect(stopped.costUsd).toBeGreaterThan(0);
  });

  it('keeps the injected skill body out of the user messages', () => {
    const userTexts = parsed.events.filter((e) => e.type === 'message' && e.role === 'user');
    expect(userTexts).toEqual([]);
    expect(fixture('skill-write.jsonl')).toContain('Base directory for this skill:');
  });

  it('does not double count a replayed assistant block', () => {
    const doubled = lines('skill-write.jsonl').flatMap((line) =>
      line.includes('"type":"assistant"') ? [line, line] : [line],
    );
    const again = parseStreamJson(doubled);
    expect(again.events).toEqual(parsed.events);
  });
});

describe('parseStreamJson on errors', () => {
  it('maps an API error (is_error with subtype success) to status error with the result text', () => {
    const parsed = parseStreamJson(fixture('api-error-401.jsonl'));
    expect(parsed.result?.subtype).toBe('success');
    expect(parsed.status).toBe('error');
    expect(parsed.errorMessage).toContain('401');
    // The synthetic assistant message is an error, not an answer.
    expect(parsed.events).toContainEqual({ type: 'error', message: expect.stringContaining('401') });
    expect(parsed.events.some((e) => e.type === 'message')).toBe(false);
    expect(parsed.finalMessage).toBe('');
    expect(parsed.model).toBe('claude-opus-5-5');
  });

  it('maps error_max_turns to status max-turns with the errors[] text', () => {
    const parsed = parseStreamJson(fixture('max-turns.jsonl'));
    expect(parsed.status).toBe('max-turns');
    expect(parsed.errorMessage).toContain('Reached maximum number of turns (1)');
    const bash = summarizeEvents(parsed.events).toolCalls[0];
    expect(bash).toMatchObject({ name: 'Bash', output: 'hi', isError: false });
  });

  it('leaves status undefined when no result event came', () => {
    const withoutResult = lines('skill-write.jsonl').filter((l) => !l.includes('"type":"result"'));
    const parsed = parseStreamJson(withoutResult);
    expect(parsed.status).toBeUndefined();
    expect(parsed.finalMessage).toBe('Done, matey.');
  });
});

describe('parseStreamJson robustness', () => {
  it('ignores unknown event types and warns about non-JSON lines without failing', () => {
    const original = lines('skill-write.jsonl');
    const noisy = [
      '{"type":"system","subtype":"ui_invalidate"}',
      ...original.slice(0, 2),
      'this is not json',
      '{"type":"rate_limit_event","rate_limit_info":{"status":"allowed"}}',
      '{"type":"stream_event","event":{"type":"content_block_delta","delta":{"type":"text_delta","text":"x"}}}',
      '[1,2]',
      ...original.slice(2),
    ];
    const parsed = parseStreamJson(noisy);
    expect(parsed.events).toEqual(parseStreamJson(original).events);
    expect(parsed.status).toBe('completed');
    expect(parsed.warnings).toHaveLength(2);
    expect(parsed.warnings[0]).toContain('not JSON');
  });

  it('reads tool_result block arrays and is_error', () => {
    const parsed = parseStreamJson([
      {
        type: 'assistant',
        message: { id: 'm1', content: [{ type: 'tool_use', id: 't1', name: 'mcp__x__y', input: {} }] },
      },
      {
        type: 'user',
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              is_error: true,
              content: [{ type: 'text', text: 'boom' }, { type: 'image' }],
            },
          ],
        },
      },
    ]);
    expect(summarizeEvents(parsed.events).toolCalls[0]).toMatchObject({
      id: 't1',
      output: 'boom\n[image]',
      isError: true,
    });
  });

  it('passes the raw result to the extras hook', () => {
    const parsed = parseStreamJson([{ type: 'result', is_error: false, result: 'ok', total_credits: 7 }], {
      readResultExtras: (result) => ({ credits: result.total_credits as number }),
    });
    expect(parsed.extras).toEqual({ credits: 7 });
  });

  it('uses the per-process cost on resume, where total_cost_usd is cumulative', () => {
    const first = parseStreamJson(fixture('resume-turn-1.jsonl'));
    const second = parseStreamJson(fixture('resume-turn-2.jsonl'));
    expect(second.totalCostUsd!).toBeGreaterThan(second.costUsd!);
    expect(first.costUsd! + second.costUsd!).toBeCloseTo(second.totalCostUsd!, 8);
    expect(second.sessionId).toBe(first.sessionId);
  });

  it('accepts incremental lines', () => {
    const parser = new StreamJsonParser();
    for (const line of lines('resume-turn-1.jsonl')) parser.pushLine(line);
    expect(parser.finish().finalMessage).toBe('First answer.');
  });
});

describe('skill name helpers', () => {
  it('strips a plugin prefix and reads SKILL.md parents', () => {
    expect(skillNameFromInput({ skill: 'plug1:plug-skill' })).toBe('plug-skill');
    expect(skillNameFromInput({ skill: 'hello' })).toBe('hello');
    expect(skillNameFromInput({})).toBeUndefined();
    expect(skillNameFromPath('/w/.claude/skills/pdf/SKILL.md')).toBe('pdf');
    expect(skillNameFromPath('/w/README.md')).toBeUndefined();
  });
});
