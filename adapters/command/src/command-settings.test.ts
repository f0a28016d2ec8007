import { isSkillEvalError, type SkillEvalError } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { commandMode, parseCommandSettings, responseFormat } from './command-settings.js';

const failure = (raw: unknown): SkillEvalError => {
  try {
    parseCommandSettings(raw);
  } catch (error) {
    if (isSkillEvalError(error)) return error;
    throw error;
  }
  throw new Error('expected a BAD_INPUT error');
};

describe('parseCommandSettings', () => {
  it('needs a command and says how to give one', () => {
    const error = failure({});
    expect(error.code).toBe('BAD_INPUT');
    expect(error.message).toContain('command');
    expect(error.message).toContain('--ek command=');
  });

  it('coerces --ek strings: lists, maps, booleans', () => {
    const settings = parseCommandSettings({
      command: 'run-agent',
      args: '["--input", "${input_file}"]',
      env: 'A=1,B=x=y',
      kwargs: '{"profile":"strict"}',
      trusted: 'false',
      timeoutSeconds: '30',
    });
    expect(settings).toMatchObject({
      args: ['--input', '${input_file}'],
      env: { A: '1', B: 'x=y' },
      kwargs: { profile: 'strict' },
      trusted: false,
      timeoutSeconds: 30,
      skillRoots: ['.agents/skills'],
    });
    expect(parseCommandSettings({ command: 'x', args: '--a  --b', trusted: 'TRUE' })).toMatchObject({
      args: ['--a', '--b'],
      trusted: true,
    });
    expect(failure({ command: 'x', trusted: 'maybe' }).code).toBe('BAD_INPUT');
  });

  it.each([
    ['env', 'notjson', '"notjson" has no NAME='],
    ['env', 'A=1,oops', '"oops" has no NAME='],
    ['env', '=1', '"=1" has no NAME='],
    ['kwargs', '{"profile": strict}', 'is not valid JSON'],
  ])('refuses %s=%s, naming the setting and the forms it takes', (key, value, why) => {
    const error = failure({ command: 'x', [key]: value });
    expect(error.code).toBe('BAD_INPUT');
    expect(error.message).toContain(
      `Invalid settings for command: ${key}: expected a JSON object ({"A":"1"}) or NAME=value pairs (A=1,B=2); `,
    );
    expect(error.message).toContain(why);
  });

  it('picks the mode and response format from what is set', () => {
    const simple = parseCommandSettings({ command: './my-agent.sh' });
    expect([commandMode(simple), responseFormat(simple)]).toEqual(['simple', 'text']);
    const contract = parseCommandSettings({ command: 'agent', args: [] });
    expect([commandMode(contract), responseFormat(contract)]).toEqual(['contract', 'session_result']);
    const explicit = parseCommandSettings({ command: 'agent', mode: 'contract', responseFormat: 'text' });
    expect([commandMode(explicit), responseFormat(explicit)]).toEqual(['contract', 'text']);
  });

  it('rejects a secret reference in args, naming the arg', () => {
    const error = failure({ command: 'agent', args: ['--input', '${input_file}', '--key', '${OPENAI_API_KEY}'] });
    expect(error.code).toBe('BAD_INPUT');
    expect(error.message).toContain('args[3]');
    expect(error.message).toContain('${OPENAI_API_KEY}');
    expect(error.hint).toContain('env');
  });

  it('rejects credential literals in args and kwargs, secret refs in a shell line, and literal keys in env', () => {
    expect(failure({ command: 'agent', args: ['--key', 'sk-ant-api03-abcdefghijklmnopqrst'] }).message).toContain(
      'args[1]',
    );
    expect(failure({ command: 'agent', kwargs: { token: '${GH_TOKEN}' } }).message).toContain('kwargs.token');
    expect(failure({ command: './agent.sh --key "$ANTHROPIC_API_KEY"' }).message).toContain('command');
    expect(failure({ command: 'agent', env: { KEY: 'sk-abcdefghijklmnopqrstuvwx' } }).message).toContain('env.KEY');
    // The env setting is the channel secrets are meant to take.
    expect(parseCommandSettings({ command: 'agent', env: { OPENAI_API_KEY: '${OPENAI_API_KEY}' } }).env).toEqual({
      OPENAI_API_KEY: '${OPENAI_API_KEY}',
    });
  });

  it('refuses a template variable in a simple-mode line, which the shell would expand to nothing, saying what to write', () => {
    const prompt = failure({ command: 'my-agent --prompt "${prompt}"' });
    expect(prompt.code).toBe('BAD_INPUT');
    expect(prompt.message).toContain('${prompt}');
    expect(prompt.hint).toContain('$SKILL_EVAL_PROMPT');
    expect(failure({ command: 'my-agent --profile ${kwargs.profile}' }).hint).toContain('contract mode');
    // The shell's own variables, and the same template variables in contract mode, are fine.
    expect(parseCommandSettings({ command: 'my-agent "$SKILL_EVAL_PROMPT" ${HOME}' }).command).toContain('${HOME}');
    expect(parseCommandSettings({ command: 'my-agent', args: ['${prompt}'] }).args).toEqual(['${prompt}']);
  });
});
