/** What an element may hold: nodes, and text (never markup: strings become text nodes). */
export type Child = Node | string | number | null | undefined | false;

/**
 * Makes an element. Untrusted text only ever goes in through text nodes and attribute setters, so nothing from a run
 * can become markup.
 */
export function h(tag: string, attrs: Record<string, string> | null, ...children: (Child | Child[])[]): HTMLElement {
  const el = document.createElement(tag);
  if (attrs) for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
  return el;
}

export const section = (title: string, ...body: (Child | Child[])[]): HTMLElement =>
  h('section', { class: 'detail-section' }, h('h3', null, title), ...body);

export const badge = (text: string, cls: string): HTMLElement => h('span', { class: `badge ${cls}` }, text);

export const pre = (text: string, cls = ''): HTMLElement =>
  h('pre', { class: `block ${cls}`.trim(), tabindex: '0' }, text);

export const muted = (text: string): HTMLElement => h('p', { class: 'muted' }, text);

/** A value as text: strings as they are, anything else as indented JSON. */
export function pretty(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
