import { describe, expect, it } from 'vitest';
import { anthropicHandler } from './anthropic-handler.js';
import { selectResponse } from './match.js';
import { openaiResponsesHandler } from './openai-responses-handler.js';
import { parseFakeScript } from './script.js';

/** A body shaped like the claude CLI's (engines.md §1.4): a role:"system" message and a system-reminder block. */
function claudeBody(prompt: string, turns: unknown[] = []) {
  return {
    model: 'claude-opus-5-5',
    system: [{ type: 'text', text: 'You are Claude Code.' }],
    tools: [{ name: 'Skill', input_schema: { type: 'object' } }],
    messages: [
      { role: 'system', content: 'The following skills are available for use with the Skill tool: hello-skill' },
      {
        role: 'user',
        content: [
          { type: 'text', text: '<system-reminder>\nAs you answer, Greet me is NOT the prompt\n</system-reminder>' },
          { type: 'text', text: prompt },
        ],
      },
      ...turns,
    ],
  };
}

const toolTurn = (id: string) => [
  { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Skill', input: {} }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] },
];

const script = parseFakeScript({
  conversations: [
    { id: 'no-tools', match: { tools: false }, responses: [{ text: 'side request' }] },
    {
      id: 'by-system',
      match: { user: 'Hello', system: 'skills are available' },
      responses: [{ text: 'system matched' }],
    },
    { id: 'greet', match: { user: 'Greet me' }, responses: [{ text: 'one' }, { text: 'two' }, { text: 'three' }] },
    { id: 'greet-late', match: { user: 'Greet' }, responses: [{ text: 'never, greet wins' }] },
    {
      id: 'repeat',
      match: { user: 'Repeat', model: 'opus' },
      whenExhausted: 'repeat-last',
      responses: [{ text: 'again' }],
    },
  ],
});

const select = (body: Record<string, unknown>) => selectResponse(script, anthropicHandler.view(body));

describe('selectResponse', () => {
  it('tries conversations in order, the first match wins', () => {
    expect(select(claudeBody('Greet me now'))).toMatchObject({
      conversation: 'greet',
      step: 0,
      response: { text: 'one' },
    });
    expect(select({ ...claudeBody('Greet me now'), tools: [] }).conversation).toBe('no-tools');
  });

  it('matches the system prompt including role:"system" messages', () => {
    expect(select(claudeBody('Hello')).conversation).toBe('by-system');
  });

  it('ignores text inside <system-reminder> blocks', () => {
    const selection = select(claudeBody('Something else entirely'));
    expect(selection.conversation).toBeUndefined();
    expect(selection.response.error?.message).toContain('"Something else entirely"');
    expect(selection.response.error?.message).not.toContain('NOT the prompt');
  });

  it('counts assistant turns as steps across a 3-step conversation', () => {
    const texts = [[], toolTurn('t1'), [...toolTurn('t1'), ...toolTurn('t2')]].map((turns) => {
      const selection = select(claudeBody('Greet me', turns));
      return [selection.step, selection.response.text];
    });
    expect(texts).toEqual([
      [0, 'one'],
      [1, 'two'],
      [2, 'three'],
    ]);
  });

  it('answers a 400 past the last response, or repeats it when asked', () => {
    const turns = [...toolTurn('a'), ...toolTurn('b'), ...toolTurn('c')];
    expect(select(claudeBody('Greet me', turns)).response.error).toMatchObject({
      status: 400,
      message: expect.stringContaining('conversation "greet" has no response for step 3'),
    });
    expect(select(claudeBody('Repeat', turns)).response.text).toBe('again');
  });

  it('counts a Responses model turn (reasoning + parallel calls) once', () => {
    const view = openaiResponsesHandler.view({
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'Greet me' }] },
        { type: 'reasoning', summary: [] },
        { type: 'function_call', call_id: 'a', name: 'x', arguments: '{}' },
        { type: 'function_call', call_id: 'b', name: 'x', arguments: '{}' },
        { type: 'function_call_output', call_id: 'a', output: '' },
        { type: 'function_call_output', call_id: 'b', output: '' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hi' }] },
        { role: 'user', content: 'next' },
      ],
    });
    expect(view).toMatchObject({ step: 2, userText: 'Greet me', hasTools: false });
  });

  it('uses the fallback when nothing matches, directives before it', () => {
    const withFallback = parseFakeScript({ fallback: { text: 'fallback' } });
    const view = anthropicHandler.view(claudeBody('anything'));
    const fallback = selectResponse(withFallback, view);
    expect(fallback.response).toEqual({ text: 'fallback' });
    expect(fallback.conversation).toBeUndefined();
    const directed = anthropicHandler.view(claudeBody('Go [[tool:Skill {"skill":"x"}]] [[text:Fin]]'));
    expect(selectResponse(withFallback, directed)).toMatchObject({
      conversation: '[[directives]]',
      response: { toolCalls: [{ name: 'Skill', input: { skill: 'x' } }] },
    });
  });
});
