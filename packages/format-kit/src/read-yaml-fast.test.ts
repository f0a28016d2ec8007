import { corpusFiles, readCorpus } from '@skill-eval/testing/corpus';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, type Node, parseDocument } from 'yaml';
import { parseYaml } from './parse-yaml.js';
import { readYamlFast } from './read-yaml-fast.js';

const corpusYaml = () =>
  corpusFiles()
    .filter((file) => /\.ya?ml$/.test(file))
    .map(readCorpus);

const lineOf = (text: string, offset: number) => {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
};

/**
 * Whenever the fast reader takes a text, it must read it as the yaml library does: no problem there, the same plain
 * data, every map and list starting where the yaml library says, and parseYaml's document node for node the same.
 */
function expectSameAsYamlLibrary(text: string): boolean {
  const fast = readYamlFast(text);
  if (!fast) return false;
  const exact = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  expect(
    [...exact.errors, ...exact.warnings].map((e) => e.code),
    text,
  ).toEqual([]);
  expect(fast.value, text).toStrictEqual(exact.toJS());
  const parsed = parseYaml(text);
  expect(parsed.errors).toEqual([]);
  expect(parsed.toJS(), text).toStrictEqual(exact.toJS());
  const compare = (node: Node | null, built: Node | null, value: unknown, path: (string | number)[], key = false) => {
    if (node === null || built === null) {
      expect(built, `${text} at ${path}`).toBe(node);
      return;
    }
    const where = `${JSON.stringify(text)} at ${JSON.stringify(path)}`;
    expect(parsed.positionOf(built), where).toEqual(lineOf(text, node.range![0]));
    if (!key) expect(parsed.positionAtPath(path), where).toEqual(lineOf(text, node.range![0]));
    if (isScalar(node)) {
      expect(isScalar(built), where).toBe(true);
      const scalar = built as typeof node;
      expect([scalar.value, scalar.type, scalar.source, scalar.format], where).toStrictEqual([
        node.value,
        node.type,
        node.source,
        node.format,
      ]);
      expect(parsed.sourceOf(built), where).toBe(text.slice(node.range![0], node.range![1]));
      return;
    }
    if (isMap(node)) {
      expect(fast.starts.get(value as object), where).toBe(node.range![0]);
      expect(isMap(built) && built.items.length, where).toBe(node.items.length);
      node.items.forEach((pair, i) => {
        const other = (built as typeof node).items[i]!;
        const key = (pair.key as { value: string }).value;
        compare(pair.key as Node, other.key as Node, undefined, [...path, key], true);
        compare((pair.value ?? null) as Node | null, (other.value ?? null) as Node | null, (value as never)[key], [
          ...path,
          key,
        ]);
      });
    } else if (isSeq(node)) {
      expect(fast.starts.get(value as object), where).toBe(node.range![0]);
      expect(isSeq(built) && built.items.length, where).toBe(node.items.length);
      node.items.forEach((item, i) => {
        compare(item as Node, (built as typeof node).items[i] as Node, (value as never)[i], [...path, i]);
      });
    }
  };
  const built = parsed.doc.contents as Node | null;
  compare(exact.contents as Node | null, built, fast.value, []);
  return true;
}

// Pieces of YAML that parsers disagree on at the edges: every scalar style and resolution, flow collections,
// comments, document markers, tabs, CRLF, block scalar headers, keys of every kind.
const WORDS = [
  'a',
  'key',
  'prompt',
  'x y',
  'true',
  'False',
  'null',
  '~',
  '1',
  '-2',
  '+3',
  '0o17',
  '0x1F',
  '0b1',
  '1.50',
  '.5',
  '1e3',
  '.inf',
  '-.Inf',
  '.nan',
  '2025-01-15T00:00:00Z',
  'a:b',
  'a #b',
  'é ü',
  "it's",
  'say "hi"',
  'q?',
  '-x',
  ':x',
  '[x]',
  '{x}',
  '@x',
  '`x`',
  '%x',
  '!x',
  '&x',
  '*x',
  '|x',
  '>x',
  '#x',
  ' lead',
  'trail ',
  'a\\b',
  '',
  '007',
  '1_0',
  '12:30',
  'yes',
  '<<',
  '__proto__',
  'toString',
  '- item',
  '...',
  '---',
]; // prettier-ignore
const PIECES = [
  ' ',
  '  ',
  '\n',
  ':',
  ': ',
  '- ',
  '#',
  ' #',
  '"',
  "'",
  '|',
  '>',
  '|-',
  '>+',
  '|2',
  '[',
  ']',
  '{',
  '}',
  ', ',
  '? ',
  '&a ',
  '*a',
  '!!str ',
  '%YAML 1.2\n',
  '\t',
  '\r\n',
  '\r',
  '...\n',
  '---\n',
  '\n  ',
  '\n    ',
  '\n  - ',
  '\uFEFF',
]; // prettier-ignore

const plainOk = (w: string) => w !== '' && !/^[\s\-?:,[\]{}#&*!|>'"%@`]|\s$|: |\s#/.test(w) && !/^(---|\.\.\.)/.test(w);
const scalarArb = fc.tuple(fc.constantFrom(...WORDS), fc.nat(9), fc.nat(2)).map(([w, style, indent]) => {
  if (style < 4 && plainOk(w)) return () => w;
  if (style < 6) return () => JSON.stringify(w);
  if (style < 7) return () => `'${w.replace(/'/g, "''")}'`;
  if (style < 9)
    return (pad: string) =>
      `${style === 7 ? '|' : '>-'}\n${pad}${' '.repeat(indent)}  ${w}\n${pad}  more\n\n${pad}  end`;
  return () => (w ? `[${JSON.stringify(w)}, b]` : '{}');
});
type Tree = { kind: 'scalar'; render: (pad: string) => string } | { kind: 'map' | 'seq'; items: [string, Tree][] };
const treeArb: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArb.map((render) => ({ kind: 'scalar' as const, render })),
    fc
      .uniqueArray(fc.tuple(fc.constantFrom(...WORDS), tie('tree')), {
        minLength: 1,
        maxLength: 4,
        selector: (e) => e[0],
      })
      .map((items) => ({ kind: 'map' as const, items })),
    fc
      .array(tie('tree'), { minLength: 1, maxLength: 4 })
      .map((items) => ({ kind: 'seq' as const, items: items.map((t) => ['', t] as [string, Tree]) })),
  ),
})).tree;

function render(tree: Tree, pad: string): string {
  if (tree.kind === 'scalar') return tree.render(pad);
  return tree.items
    .map(([key, child]) => {
      const head = tree.kind === 'seq' ? '-' : `${plainOk(key) ? key : JSON.stringify(key)}:`;
      if (child.kind === 'scalar') return `${pad}${head} ${child.render(`${pad}  `)}`;
      return `${pad}${head}\n${render(child, `${pad}  `)}`;
    })
    .join('\n');
}

const documentArb = fc
  .tuple(treeArb, fc.boolean(), fc.boolean())
  .filter(([tree]) => tree.kind !== 'scalar')
  .map(([tree, comment, crlf]) => {
    const text = `${comment ? '# head\n' : ''}${render(tree, '')}\n`;
    return crlf ? text.replace(/\n/g, '\r\n') : text;
  });

/** A text with a few pieces inserted, characters deleted or a stretch repeated. */
const mutated = (base: fc.Arbitrary<string>) =>
  fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), fc.nat(2), fc.constantFrom(...PIECES), fc.nat(8)), { maxLength: 3 }))
    .map(([text, edits]) =>
      edits.reduce((t, [at, kind, piece, n]) => {
        const i = at % (t.length + 1);
        if (kind === 0) return t.slice(0, i) + piece + t.slice(i);
        if (kind === 1) return t.slice(0, i) + t.slice(i + 1 + n);
        return t.slice(0, i) + t.slice(i, i + n + 1) + t.slice(i);
      }, text),
    );

describe('readYamlFast', () => {
  it('reads the usual eval files: maps, lists, every scalar style, comments, flow collections, CRLF', () => {
    const texts = [
      'name: t\ntests:\n  - id: t-1\n    input: "Question 1"\n    assertions:\n      - type: contains\n        value: "token-1"\n',
      'id: case-1\ninput:\n  prompt: "Count the files."\njudge:\n  type: rule_based\n  success:\n    - output_matches:\n        all:\n          - \'Total: [0-9]+\'\n',
      'timestamp: 2025-01-15T00:00:00Z\nprompt: |\n  Do the task.\n\n  Then stop.\nexpected: >-\n  Folded\n  text\nname: set # comment\n',
      '# head\n---\nlist: [a, "b", 1, true, ~]\nmap: {x: 1.5, y: 0x1F}\r\nlast: 1e3\n',
    ];
    for (const text of texts) expect(expectSameAsYamlLibrary(text), text).toBe(true);
  });

  it('leaves to the yaml library what it may read differently or must report', () => {
    for (const text of [
      'a: &x 1\nb: *x\n', // anchors and aliases
      'a: !!str 1\n', // tags
      '%YAML 1.2\n---\na: 1\n', // directives
      'a: 1\n---\nb: 2\n', // several documents
      'a: 1\n...\n', // document end
      '1: one\n', // a key that is not a string
      'a: 1\na: 2\n', // a key written twice
      'a: multi\n  line\n', // a scalar over several lines
      'a: |2\n    x\n', // explicit block indentation
      '? a\n: 1\n', // explicit key
      'a: [1,\n  2]\n', // a flow collection over several lines
      'just a scalar\n', // not a map or a list
      'a: [1, 2\n', // broken
      '\uFEFFa: 1\n',
      'a:\n\t- 1\n',
    ])
      expect(readYamlFast(text), JSON.stringify(text)).toBeUndefined();
  });

  // Each property parses its documents twice, with both readers: ~2 s on an idle 2-core machine, 8 s on a busy one.
  const PROPERTY_TIMEOUT_MS = 30_000;

  it(
    'property: whenever it reads a generated document, the yaml library reads it alike',
    () => {
      fc.assert(
        fc.property(documentArb, (text) => {
          expectSameAsYamlLibrary(text);
        }),
        { numRuns: 400 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'property: whenever it reads a damaged document, the yaml library reads it alike',
    () => {
      fc.assert(
        fc.property(mutated(fc.oneof(documentArb, fc.constantFrom(...corpusYaml()))), (text) => {
          expectSameAsYamlLibrary(text);
        }),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('reads every YAML file of the corpus alike, and most of them fast', () => {
    const texts = corpusYaml();
    const fast = texts.filter(expectSameAsYamlLibrary).length;
    expect(fast).toBeGreaterThan(texts.length / 2);
  });
});
