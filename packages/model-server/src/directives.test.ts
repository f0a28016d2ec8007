import { describe, expect, it } from 'vitest';
import { directiveResponses } from './directives.js';

describe('directiveResponses', () => {
  it('turns each tool directive into one turn, then the final text', () => {
    const text =
      'Greet me. [[tool:Skill {"skill":"hello-skill"}]] [[pre:On it]] [[tool:Write {"file_path":"/a]]b","content":"{AHOY}\\n"}]] [[text:Done, matey.]]';
    expect(directiveResponses(text, true)).toEqual([
      { text: 'On it', toolCalls: [{ name: 'Skill', input: { skill: 'hello-skill' } }] },
      { text: 'On it', toolCalls: [{ name: 'Write', input: { file_path: '/a]]b', content: '{AHOY}\n' } }] },
      { text: 'Done, matey.' },
    ]);
  });

  it('skips tool turns when the request offers no tools', () => {
    expect(directiveResponses('[[tool:Skill {}]] [[text:Bye]]', false)).toEqual([{ text: 'Bye' }]);
  });

  it('reads custom calls and reasoning, as for codex', () => {
    const text =
      '[[reason:Thinking]] [[custom:apply_patch]]*** Begin Patch\n*** End Patch[[/custom]] [[call:exec_command {"cmd":"ls"}]]';
    expect(directiveResponses(text, true)).toEqual([
      {
        reasoning: 'Thinking',
        toolCalls: [{ name: 'apply_patch', input: '*** Begin Patch\n*** End Patch', custom: true }],
      },
      { reasoning: 'Thinking', toolCalls: [{ name: 'exec_command', input: { cmd: 'ls' } }] },
      { reasoning: 'Thinking', text: 'OK' },
    ]);
  });

  it('answers [[http:CODE]] with that error, and reports bad directives as 400', () => {
    expect(directiveResponses('x [[http:401]]', true)).toEqual([{ error: { status: 401, message: 'fake 401' } }]);
    expect(directiveResponses('[[tool:Skill {"skill":}]]', true)?.[0]?.error).toMatchObject({
      status: 400,
      message: expect.stringContaining('invalid JSON'),
    });
  });

  it('returns undefined without directives', () => {
    expect(directiveResponses('just [[a link]] and text', true)).toBeUndefined();
  });
});
