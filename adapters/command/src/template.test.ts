import { describe, expect, it } from 'vitest';
import { commandLineProblem, renderTemplate, TemplateError, tokenize } from './template.js';
import { BUILTIN_NAMES } from './template-vars.js';

const env: Record<string, string> = { HOST: 'example.test', EMPTY: '', KEYLIKE: 'sk-ant-abcdefghijklmnopqrstu' };
const lookup = (name: string) => env[name];
const render = (text: string, vars: Record<string, string> = {}, strict = false) =>
  renderTemplate(text, vars, lookup, strict);

describe('renderTemplate', () => {
  it('fills template variables before environment variables', () => {
    expect(render('--ws ${workspace} --host ${HOST}', { workspace: '/w', HOST: 'from-vars' })).toBe(
      '--ws /w --host from-vars',
    );
    expect(render('${kwargs.profile}/${model}', { 'kwargs.profile': 'strict', model: '' })).toBe('strict/');
  });

  it('uses ${VAR:-default} when the variable is missing or empty, and fails on a bare missing one', () => {
    expect(render('${NOPE:-fallback}')).toBe('fallback');
    expect(render('${EMPTY:-was-empty}')).toBe('was-empty');
    expect(render('${HOST:-unused}')).toBe('example.test');
    expect(() => render('${NOPE}')).toThrow(/NOPE is required but not set/);
    expect(() => render('${NOPE?set NOPE to your agent}')).toThrow('set NOPE to your agent');
    expect(() => render('${kwargs.absent}')).toThrow(/kwargs\.absent.*not set/);
    expect(render('${kwargs.absent:-d}')).toBe('d');
  });

  it('keeps an unterminated reference literally', () => {
    expect(tokenize('a ${b')).toEqual(['a ${b']);
    expect(render('cost: $5 ${HOST')).toBe('cost: $5 ${HOST');
  });

  it('refuses, when strict, an environment value shaped like a credential', () => {
    expect(render('${KEYLIKE}')).toBe(env.KEYLIKE);
    expect(() => render('${KEYLIKE}', {}, true)).toThrow(TemplateError);
  });
});

describe('commandLineProblem (skill-up secret rules)', () => {
  const problem = (text: string, shell = false) => commandLineProblem(text, BUILTIN_NAMES, shell);

  it('rejects secret-like variables, secret kwargs, aggregate variables and credential literals', () => {
    expect(problem('--key=${OPENAI_API_KEY}')).toMatch(/OPENAI_API_KEY/);
    expect(problem('${GH_TOKEN}')).toMatch(/secret-like variable/);
    expect(problem('${DB_PASSWORD}')).toBeDefined();
    expect(problem('${kwargs.apiKey}')).toMatch(/template variable/);
    expect(problem('${kwargs.bearer-token}')).toBeDefined();
    expect(problem('${api_key}')).toBeDefined();
    expect(problem('${kwargs_json}')).toBeDefined();
    expect(problem('${session_input}')).toBeDefined();
    expect(problem('${AGENT_PROFILE:-sk-ant-api03-abcdefghijklmnop}')).toMatch(/default/);
    expect(problem('ghp_abcdefghijklmnopqrstuvwxyz0123')).toMatch(/credential/);
    expect(problem('AKIAABCDEFGHIJKLMNOP')).toBeDefined();
  });

  it('lets ordinary references and values through', () => {
    for (const ok of [
      '${workspace}',
      '${kwargs.profile}',
      '${MONKEY_PATH}',
      '${KEYBOARD_LAYOUT}',
      'https://x.test/a?b=1',
    ]) {
      expect(problem(ok)).toBeUndefined();
    }
  });

  it('checks plain $NAME references in shell lines only when asked', () => {
    expect(problem('./agent --token $MY_TOKEN')).toBeUndefined();
    expect(problem('./agent --token $MY_TOKEN', true)).toMatch(/\$MY_TOKEN/);
    expect(problem('./agent "$SKILL_EVAL_PROMPT"', true)).toBeUndefined();
  });
});
