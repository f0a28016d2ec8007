import type { DiagnosticSink } from './diagnostic-sink.js';
import type { Outline } from './outline.js';
import { bodyLines, readSkillKitLine, type SkillKitLine } from './skillkit-lines.js';

const WHERE: Record<string, string> = {
  code: 'inside a code block, so it is code here',
  html: 'inside an HTML block, so it is part of that block here',
  paragraph: 'plain text here (an ATX heading needs a space after its `#`s)',
  heading: 'not a case or section heading here',
};

const describe = (line: SkillKitLine) =>
  line.kind === 'case'
    ? `a case heading ("## ${line.name}"), starting a new case`
    : line.kind === 'section'
      ? `${line.section === 'prompt' ? 'a Prompt' : 'an Expect'} section heading`
      : 'plain text';

/**
 * Warns wherever SkillKit's line-by-line reading (no code fences, `## ` at the very start of a line)
 * sees a different structure than the Markdown reading, so that an author knows SkillKit would load
 * the file differently. `skip` holds lines already reported.
 */
export function reportSkillKitDifferences(
  text: string,
  bodyOffset: number,
  tree: Outline,
  sink: DiagnosticSink,
  skip: ReadonlySet<number>,
): void {
  const lineOf = (offset: number) => sink.positionAt(offset).line;
  const structural = new Map(tree.structural.map((h) => [lineOf(h.offset), h]));
  const names = new Map(tree.cases.map((c) => [lineOf(c.offset), c.name]));
  // Without frontmatter SkillKit's body is the whole file, byte-order mark included: it is part of line 1 for SkillKit.
  const bom = bodyOffset === 1 && text.startsWith('\uFEFF');
  for (const line of bodyLines(text, bom ? 0 : bodyOffset)) {
    const number = lineOf(line.offset);
    if (skip.has(number)) continue;
    const theirs = readSkillKitLine(line.text);
    const ours = structural.get(number);
    const lineStart = { line: number, column: 1 };
    if (!ours && theirs.kind !== 'content') {
      const node = tree.nodes.find((n) => n.start <= line.offset && line.offset < n.end);
      const where = WHERE[node?.type ?? ''] ?? 'not a heading here';
      sink.warning(
        'skillkit-differs',
        `Line ${number} is ${where}; SkillKit does not know Markdown blocks and reads it as ${describe(theirs)}, so SkillKit loads this file differently. skill-eval follows the Markdown.`,
        lineStart,
      );
    } else if (ours && theirs.kind === 'content' && line.text.startsWith('\uFEFF')) {
      sink.warning(
        'skillkit-differs',
        `Line ${number} is a ${ours.kind} heading, but the file starts with a byte-order mark, which SkillKit reads as part of this line, so it sees plain text${ours.kind === 'case' ? ' and drops the whole case without a word' : ''}. Save the file as UTF-8 without a BOM to run it under SkillKit.`,
        lineStart,
      );
    } else if (ours && theirs.kind === 'content') {
      sink.warning(
        'skillkit-differs',
        `Line ${number} is a ${ours.kind} heading in Markdown, but SkillKit reads it as plain text (it needs "## " or "#…Prompt"/"#…Expect" at the very start of the line, with nothing else); write it plainly to run it under SkillKit.`,
        lineStart,
      );
    } else if (ours && (ours.kind !== theirs.kind || (theirs.kind === 'case' && theirs.name !== names.get(number)))) {
      const mine = ours.kind === 'case' ? `a case heading ("## ${names.get(number)}")` : 'a section heading';
      sink.warning(
        'skillkit-differs',
        `Line ${number} is ${mine} in Markdown, but SkillKit reads it as ${describe(theirs)}; write it plainly to run it under SkillKit.`,
        lineStart,
      );
    }
  }
}
