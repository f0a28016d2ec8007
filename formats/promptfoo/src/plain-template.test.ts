import nunjucks from 'nunjucks';
import { describe, expect, it } from 'vitest';
import { renderPlainTemplate } from './plain-template.js';

/** promptfoo's environment (render.ts): what the plain path must agree with, character for character. */
const engine = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });
engine.addGlobal('env', { HOME: 'config-env' });

const VARS: Record<string, unknown> = {
  prompt: 'token-1 says hello',
  n: 42,
  f: 1.5e21,
  yes: true,
  list: ['a', ['b', 'c'], 3],
  map: { a: 1 },
  nothing: null,
  blank: '',
  multi: 'line one\nline two {x}',
  range: 'a var named as a global',
  _under: 'u',
  a1: 'digit',
};

/** What nunjucks gives, or the error it throws. */
function byNunjucks(text: string): string {
  try {
    return engine.renderString(text, { ...VARS });
  } catch (error) {
    return `threw ${(error as Error).message}`;
  }
}

describe('a plain template renders as nunjucks renders it', () => {
  const plain = [
    '{{prompt}}',
    '{{ prompt }}',
    '{{\tprompt\n}}',
    '{{\u00a0prompt\u00a0}}',
    'Say: {{prompt}}.',
    '{{n}} {{f}} {{yes}} {{list}} {{map}}',
    '[{{nothing}}][{{blank}}]',
    '{{multi}} and {{ prompt }}',
    '{{range}}',
    '{{_under}}{{a1}}',
    'no template at all',
    'braces { alone } and }} closing and # hash',
    '{{ prompt }}}',
    '{ {{prompt}}',
    '',
  ];
  it.each(plain)('%j', (text) => {
    const got = renderPlainTemplate(text, VARS);
    expect(got).toBeDefined();
    expect(got).toBe(byNunjucks(text));
  });
});

describe('what needs nunjucks is declined, never rendered otherwise', () => {
  const declined = [
    '{{ prompt | upper }}',
    '{{- prompt }}',
    '{{ prompt -}}',
    '{{ missing }}',
    '{{ env }}',
    '{{ toString }}',
    '{{ true }}',
    '{{ none }}',
    '{{ null }}',
    '{{ not }}',
    '{{ map.a }}',
    '{{ list[0] }}',
    '{{ 1 }}',
    '{{{prompt}}',
    '{% if yes %}y{% endif %}',
    '{# a comment #}{{prompt}}',
    'stray #} closer',
    '{{prompt}} then {{',
    '{{ prompt }} and {% raw %}{{x}}{% endraw %}',
  ];
  it.each(declined)('%j', (text) => {
    expect(renderPlainTemplate(text, VARS)).toBeUndefined();
  });

  it('declines a var whose name would set the context’s prototype', () => {
    const vars = JSON.parse('{"__proto__": "p", "x": "y"}') as Record<string, unknown>;
    expect(renderPlainTemplate('{{ __proto__ }}', vars)).toBeUndefined();
    expect(renderPlainTemplate('{{ x }}', vars)).toBe('y');
  });
});
