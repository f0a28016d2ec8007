import fc from 'fast-check';

type Edit =
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'truncate'; at: number };

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const edit of edits) {
    const at = out.length === 0 ? 0 : edit.at % (out.length + 1);
    if (edit.kind === 'delete') out = out.slice(0, at) + out.slice(at + edit.length);
    else if (edit.kind === 'insert') out = out.slice(0, at) + edit.text + out.slice(at);
    else out = out.slice(0, at);
  }
  return out;
}

/**
 * One of `texts` (real files, say a corpus) damaged by up to five random deletions, insertions and
 * truncations — the input a parser property test feeds its loader. `tokens` are format-specific
 * pieces worth inserting (`": "`, `"- "`, `"{{ x }}"`), besides random strings.
 */
export function mutatedText(texts: readonly string[], tokens: readonly string[] = []): fc.Arbitrary<string> {
  const inserted = tokens.length
    ? fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...tokens))
    : fc.string({ maxLength: 12 });
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: inserted }),
    fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  );
  return fc
    .record({ text: fc.constantFrom(...texts), edits: fc.array(edit, { minLength: 1, maxLength: 5 }) })
    .map(({ text, edits }) => applyEdits(text, edits));
}
