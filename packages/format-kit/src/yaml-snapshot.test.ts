import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { type Document, LineCounter, parseDocument } from 'yaml';
import { decodeYamlSnapshot, documentDifference, encodeYamlSnapshot } from './yaml-snapshot.js';
import { YAML_SNAPSHOT_FORMAT } from './yaml-store.js';

const OPTIONS = { prettyErrors: false, uniqueKeys: true, keepSourceTokens: false } as const;
const REPO = join(import.meta.dirname, '..', '..', '..');

function parsed(text: string) {
  const lineCounter = new LineCounter();
  return { doc: parseDocument(text, { lineCounter, ...OPTIONS }), lineCounter };
}

/** Asserts that the snapshot of `text` rebuilds what a parse gives; false when the text has no snapshot. */
function rebuildsTheParse(text: string, name: string): boolean {
  const fresh = parsed(text);
  const snapshot = encodeYamlSnapshot(fresh.doc, fresh.lineCounter, text.length);
  if (snapshot === undefined) return false;
  const rebuilt = decodeYamlSnapshot(snapshot, text, OPTIONS);
  const doc = rebuilt.doc as Document.Parsed;
  expect(documentDifference(doc, fresh.doc), name).toBeUndefined();
  expect(doc.directives, name).toEqual(fresh.doc.directives);
  expect(Object.getPrototypeOf(doc.directives)).toBe(Object.getPrototypeOf(fresh.doc.directives));
  expect(Object.keys(doc.options).sort(), name).toEqual(Object.keys(fresh.doc.options).sort());
  expect({ ...doc.options, _directives: 0, lineCounter: 0 }, name).toEqual({
    ...fresh.doc.options,
    _directives: 0,
    lineCounter: 0,
  });
  expect(doc.schema, name).toEqual(fresh.doc.schema);
  expect(rebuilt.lineCounter.lineStarts, name).toEqual(fresh.lineCounter.lineStarts);
  expect(doc.toJS(), name).toEqual(fresh.doc.toJS());
  expect(doc.toString(), name).toBe(fresh.doc.toString());
  expect(doc.getIn([], true), name).toBeDefined();
  return true;
}

/** The YAML of this repository: every eval file, fixture and corpus file, and the front matter of Markdown. */
function repositoryTexts(): { name: string; text: string }[] {
  const texts: { name: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', '.git', '.turbo', '.peers'].includes(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ya?ml$/i.test(entry.name)) texts.push({ name: path, text: readFileSync(path, 'utf8') });
      else if (/\.md$/i.test(entry.name)) {
        const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(path, 'utf8'));
        if (front) texts.push({ name: `${path} (front matter)`, text: front[1]! });
      }
    }
  };
  for (const top of ['corpus', 'examples', 'formats', 'packages', 'adapters', 'bench']) walk(join(REPO, top));
  return texts;
}

describe('YAML snapshots rebuild the parse', () => {
  it('for every YAML text of this repository (eval files, fixtures, the wild corpus, front matter)', () => {
    const texts = repositoryTexts();
    expect(texts.length).toBeGreaterThan(500);
    let rebuilt = 0;
    for (const { name, text } of texts) if (rebuildsTheParse(text, name)) rebuilt++;
    // Most texts have a snapshot; those with errors, tags, anchors or directives are parsed each time.
    expect(rebuilt / texts.length).toBeGreaterThan(0.8);
  });

  it.each([
    ['comments everywhere', '# before\na: 1 # after a\n\n# before b\nb:\n  # inside\n  - x # item\n  - y\n# end\n'],
    ['flow collections', 'a: {x: 1, "y": [2, 3.5, -4, 0x1F, 0o17, 1e3]}\nb: [ ]\nc: { }\n'],
    ['block scalars', 'a: |\n  one\n  two\n\nb: >-\n  folded\n  text\nc: |+\n  kept\n\n'],
    ['quoted strings and escapes', 'a: "tab\\tand \\u00e9"\nb: \'it\'\'s\'\nc: "multi\n  line"\n'],
    ['empty values and nulls', 'a:\nb: ~\nc: null\nd: ""\n- ? \n'.replace('- ? \n', '')],
    ['document markers', '---\na: 1\n...\n'],
    ['a comment before the document', '# only a comment\n---\na: 1\n'],
    ['CRLF line ends', 'a: 1\r\nb:\r\n  - x\r\n  - "y"\r\n'],
    ['multi-line plain scalars', 'a: one\n  two\n  three\nb: 2\n'],
    ['unicode', 'név: "ünïcödé 🎉"\n日本: 語\n'],
    ['an empty text', ''],
    ['a byte order mark', '\uFEFFa: 1\nb: [x]\n'],
    ['only a comment', '# nothing here\n'],
    ['a scalar document', 'just text\n'],
    ['a collection as a key', '? [a, b]\n: c\n? {x: 1}\n: d\n'],
    ['numbers and booleans', 'a: 1.50\nb: true\nc: False\nd: 007\ne: +12\nf: .5\n'],
    ['a flow mapping in a sequence', '- {a: 1}\n- [x, {y: 2}]\n'],
    ['a pair in a flow sequence (a map of its own)', '[a: 1, b]\n'],
    ['spaces between items', 'a: 1\n\n\nb:\n\n  - 1\n\n  - 2\n'],
  ])('for %s', (_name, text) => {
    expect(rebuildsTheParse(text, _name)).toBe(true);
  });

  it.each([
    ['anchors and aliases', 'a: &x 1\nb: *x\n'],
    ['tags', 'a: !!binary aGVsbG8=\nb: !custom x\n'],
    ['a YAML directive', '%YAML 1.1\n---\na: yes\n'],
    ['a TAG directive', '%TAG !! tag:example.com,2000:\n---\na: 1\n'],
    ['a syntax error', 'a: [1, 2\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a value that is not finite', 'a: .inf\nb: .nan\n'],
    ['negative zero', 'a: -0.0\n'],
  ])('leaves out a text with %s (it is parsed each time)', (_name, text) => {
    const fresh = parsed(text);
    expect(encodeYamlSnapshot(fresh.doc, fresh.lineCounter, text.length)).toBeUndefined();
  });
});

describe('YAML snapshots refuse what is out of shape', () => {
  const text = 'tests:\n  - id: a\n    input: hello\n';
  const fresh = parsed(text);
  const snapshot = encodeYamlSnapshot(fresh.doc, fresh.lineCounter, text.length)!;
  const edit = (change: (s: Record<string, unknown>) => void) => {
    const s = JSON.parse(snapshot) as Record<string, unknown>;
    change(s);
    return JSON.stringify(s);
  };

  it.each([
    ['another format', edit((s) => (s.format = 'yaml-snapshot-0'))],
    ['another text length', edit((s) => (s.length = text.length + 1))],
    ['a range past the text', edit((s) => ((s.nodes as unknown[])[3] = text.length + 5))],
    ['a count past the nodes', edit((s) => ((s.nodes as unknown[])[1] = 10_000_000))],
    ['a value that is an object', edit((s) => ((s.nodes as unknown[])[7] = { toString: 1 }))],
    ['an unknown node property', edit((s) => ((s.nodes as unknown[])[5] = { anchor: 'x' }))],
    ['a source marker on a number', edit((s) => (s.nodes = [0, 5, 0, 0, 1, 1, 0, 0]))],
    ['trailing nodes', edit((s) => (s.nodes = [...(s.nodes as unknown[]), 3]))],
    ['negative line starts', edit((s) => (s.lines = [-1]))],
    ['truncated JSON', snapshot.slice(0, -10)],
    ['not JSON at all', 'null'],
  ])('throws on %s', (_name, damaged) => {
    expect(() => decodeYamlSnapshot(damaged, text, OPTIONS)).toThrow();
  });

  it('throws, without hanging, on nesting deeper than the stack', () => {
    const deep = JSON.stringify({
      format: YAML_SNAPSHOT_FORMAT,
      length: 1,
      nodes: [...Array.from({ length: 200_000 }, () => [2, 1, 0, 0, 0, 0]).flat(), 3],
      range: [0, 0, 0],
      lines: [],
      docStart: null,
      docEnd: false,
      comment: null,
      commentBefore: null,
    });
    expect(() => decodeYamlSnapshot(deep, 'x', OPTIONS)).toThrow();
  });
});

describe('parseYaml with a store', () => {
  /** parseYaml and the store holder it reads, as a new process has them. */
  async function freshParseYaml() {
    vi.resetModules();
    const [{ parseYaml }, { useYamlStore }] = await Promise.all([import('./parse-yaml.js'), import('./yaml-store.js')]);
    return { parseYaml, useYamlStore };
  }

  it('keeps a snapshot of what it parses, and the next process rebuilds the same document from it', async () => {
    const kept = new Map<string, string>();
    const store = { get: (text: string) => kept.get(text), put: (text: string, s: string) => kept.set(text, s) };
    const text = 'tests:\n  - id: a # first\n    input: hello\n  - id: b\n    input: [1, 2]\n';
    const first = await freshParseYaml();
    first.useYamlStore(store);
    const parsedFirst = first.parseYaml(text);
    expect(kept.has(text)).toBe(true);

    const second = await freshParseYaml();
    let read = 0;
    second.useYamlStore({
      get: (t) => {
        read++;
        return kept.get(t);
      },
      put: () => expect.unreachable('nothing to write'),
    });
    const rebuilt = second.parseYaml(text);
    expect(read).toBe(1);
    expect(rebuilt.doc).not.toBe(parsedFirst.doc);
    expect(documentDifference(rebuilt.doc, parsedFirst.doc)).toBeUndefined();
    expect(rebuilt.data()).toEqual(parsedFirst.data());
    expect(rebuilt.positionAtPath(['tests', 1, 'input'])).toEqual({ line: 5, column: 12 });
    expect(rebuilt.sourceOf(rebuilt.doc.getIn(['tests', 0, 'id'], true) as never)).toBe('a');
  });

  it('parses the text when the kept snapshot is damaged, and keeps a good one in its place', async () => {
    const text = 'a: 1\nb: two\n';
    const kept = new Map<string, string>([[text, '{"format":"yaml-snapshot-1","length":3}']]);
    const parseYaml = await freshParseYaml();
    parseYaml.useYamlStore({ get: (t) => kept.get(t), put: (t, s) => kept.set(t, s) });
    expect(parseYaml.parseYaml(text).data()).toEqual({ a: 1, b: 'two' });
    expect(JSON.parse(kept.get(text)!).length).toBe(text.length);
  });

  it('keeps nothing for a text with errors, and reports the errors as a parse does', async () => {
    const kept = new Map<string, string>();
    const parseYaml = await freshParseYaml();
    parseYaml.useYamlStore({ get: (t) => kept.get(t), put: (t, s) => kept.set(t, s) });
    expect(parseYaml.parseYaml('a: [1,\n').errors.length).toBeGreaterThan(0);
    expect(kept.size).toBe(0);
  });
});
