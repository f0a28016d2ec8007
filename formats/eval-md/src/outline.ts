import type { Heading, Root, RootContent } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';

/** Which of SkillKit's two sections a heading opens. */
export type SectionKind = 'prompt' | 'expect';

/** One Prompt or Expect section; offsets are into the whole file. */
export interface Section {
  kind: SectionKind;
  /** Heading level (1–6). */
  depth: number;
  /** Where the section heading starts. */
  headingOffset: number;
  /** Content range: from the end of the heading to the next heading that closes it. */
  start: number;
  end: number;
}

/** A heading that closed a section although SkillKit would have kept it inside. */
export interface SectionCut {
  offset: number;
  depth: number;
  section: Section;
}

/** The text before the first case (no heading), or one `## ` case. */
export interface Block {
  /** The case name: the heading's text as written (inline Markdown kept); '' for the preamble. */
  name: string;
  /** Offset of the case heading (of the body, for the preamble). */
  offset: number;
  sections: Section[];
  /** Ranges inside the block that belong to no section. */
  notes: [number, number][];
  cuts: SectionCut[];
}

/** A structural heading found by the Markdown reading, keyed by its start offset. */
export interface StructuralHeading {
  kind: 'case' | 'section';
  offset: number;
}

/** The file's cases as Markdown structure sees them. */
export interface Outline {
  preamble: Block;
  cases: Block[];
  /** Every heading that opened a case or a section. */
  structural: StructuralHeading[];
  /** The top-level nodes, to say what a line lies in. */
  nodes: { type: RootContent['type']; start: number; end: number }[];
}

const sectionKind = (heading: Heading): SectionKind | undefined => {
  const key = textOf(heading).trim().toLowerCase();
  return key === 'prompt' || key === 'expect' ? key : undefined;
};

/**
 * Groups the top-level nodes of the body into cases and sections. Only ATX headings at the top level
 * count (a setext heading, or one inside a list, quote, HTML block or code fence, is content). A depth-2
 * heading other than Prompt/Expect opens a case; a Prompt/Expect heading of any depth opens a section,
 * which runs until the next heading of the same or a higher level.
 */
export function outline(root: Root, body: string, bodyOffset: number): Outline {
  const abs = (offset: number | undefined) => bodyOffset + (offset ?? 0);
  const preamble: Block = { name: '', offset: bodyOffset, sections: [], notes: [], cuts: [] };
  const cases: Block[] = [];
  const structural: StructuralHeading[] = [];
  const nodes: Outline['nodes'] = [];
  let block = preamble;
  let open: Section | undefined;
  const close = (at: number) => {
    if (open) open.end = at;
    open = undefined;
  };
  for (const node of root.children) {
    const start = abs(node.position?.start.offset);
    const end = abs(node.position?.end.offset);
    nodes.push({ type: node.type, start, end });
    const atx = node.type === 'heading' && body.charAt(start - bodyOffset) === '#';
    if (atx) {
      const heading = node as Heading;
      const kind = sectionKind(heading);
      if (kind) {
        close(start);
        open = { kind, depth: heading.depth, headingOffset: start, start: end, end: bodyOffset + body.length };
        block.sections.push(open);
        structural.push({ kind: 'section', offset: start });
        continue;
      }
      if (heading.depth === 2) {
        close(start);
        block = { name: headingText(heading, body), offset: start, sections: [], notes: [], cuts: [] };
        cases.push(block);
        structural.push({ kind: 'case', offset: start });
        continue;
      }
      if (open && heading.depth <= open.depth) {
        block.cuts.push({ offset: start, depth: heading.depth, section: open });
        close(start);
      }
    }
    if (!open) block.notes.push([start, end]);
  }
  close(bodyOffset + body.length);
  return { preamble, cases, structural, nodes };
}

/** The heading's inline content as written, so that `## a *b*` is named `a *b*` as SkillKit names it. */
function headingText(heading: Heading, body: string): string {
  const first = heading.children[0]?.position?.start.offset;
  const last = heading.children.at(-1)?.position?.end.offset;
  if (first === undefined || last === undefined) return '';
  return body.slice(first, last).trim();
}
