import { describe, expect, it } from 'vitest';
import { html, jsonForScript, raw } from './html.js';

describe('html', () => {
  it('escapes interpolated text, including quotes for attributes', () => {
    const name = `"><script>alert('x')</script>&`;
    expect(html`<a title="${name}">${name}</a>`.value).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</a>',
    );
  });

  it('inserts nested html and raw markup as it is, and drops empty parts', () => {
    const items = ['<b>', 'c'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}${raw('<hr>')}${undefined}${false}${null}${0}</ul>`.value).toBe(
      '<ul><li>&lt;b&gt;</li><li>c</li><hr>0</ul>',
    );
    expect(html`<a title="${`&<>"'`}">`.value).toBe('<a title="&amp;&lt;&gt;&quot;&#39;">');
  });
});

describe('jsonForScript', () => {
  it('round-trips through JSON.parse with no character that could close the script block', () => {
    const value = { text: '</script><!-- \u2028 \u2029 <b>', n: [1, 2] };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
