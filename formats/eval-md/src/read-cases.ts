import { type CaseDraft, expectCheck } from './build-case.js';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { Block, Section, SectionKind } from './outline.js';

const LABEL: Record<SectionKind, string> = { prompt: 'Prompt', expect: 'Expect' };

/** The text of a file range as SkillKit keeps it: trimmed, with LF line ends. */
export const cleanText = (text: string, [start, end]: [number, number]) =>
  text.slice(start, end).replace(/\r\n/g, '\n').trim();

/** Text of the ranges outside any section, or undefined when there is none. */
export function notesOf(text: string, block: Block): string | undefined {
  const notes = block.notes.map((range) => cleanText(text, range)).filter((t) => t !== '');
  return notes.length > 0 ? notes.join('\n\n') : undefined;
}

/**
 * Reads one block's Prompt or Expect text. A repeated section is appended, as SkillKit does, with a
 * warning; a missing or empty one is an error (SkillKit fails the whole file on it).
 */
export function sectionText(
  text: string,
  block: Block,
  kind: SectionKind,
  label: string,
  sink: DiagnosticSink,
): string | undefined {
  const sections = block.sections.filter((s) => s.kind === kind);
  for (const repeat of sections.slice(1)) {
    sink.warning(
      'repeated-section',
      `${label} has a second ${LABEL[kind]} section; its text is appended to the first, as SkillKit does. Merge the two sections.`,
      repeat.headingOffset,
    );
  }
  const parts = sections.map((s) => cleanText(text, [s.start, s.end])).filter((t) => t !== '');
  if (parts.length > 0) return parts.join('\n\n');
  const first: Section | undefined = sections[0];
  if (first) {
    sink.error(
      'empty-section',
      `The ${LABEL[kind]} section of ${label} is empty; SkillKit fails the whole file on it. Write the ${kind === 'prompt' ? 'message sent to the agent' : 'criteria the judge checks'} under this heading.`,
      first.headingOffset,
    );
  } else {
    sink.error(
      'missing-section',
      `${capitalise(label)} has no ${LABEL[kind]} section; SkillKit fails the whole file on it. Add a "### ${LABEL[kind]}" heading with the ${kind === 'prompt' ? 'message sent to the agent' : 'criteria the judge checks'}.`,
      block.offset,
    );
  }
  return undefined;
}

/** Warns about headings that ended a section where SkillKit would have kept them inside it. */
export function reportCuts(block: Block, sink: DiagnosticSink): void {
  for (const cut of block.cuts) {
    const line = sink.positionAt(cut.section.headingOffset).line;
    sink.warning(
      'section-ended',
      `This level-${cut.depth} heading ends the ${LABEL[cut.section.kind]} section of line ${line} (a section runs to the next heading of the same or a higher level), so it and the text after it are left out of the ${LABEL[cut.section.kind]}; SkillKit would keep them in it. Use a deeper heading (${'#'.repeat(cut.section.depth + 1)}) inside the section.`,
      cut.offset,
    );
  }
}

/** The `## ` cases of a suite file; cases with errors are left out. */
export function readSuiteCases(text: string, cases: Block[], sink: DiagnosticSink, badLines: Set<number>): CaseDraft[] {
  const drafts: CaseDraft[] = [];
  const seen = new Map<string, number>();
  for (const block of cases) {
    const line = sink.positionAt(block.offset).line;
    reportCuts(block, sink);
    if (block.name === '') {
      badLines.add(line);
      sink.error(
        'empty-case-name',
        'This case heading has no name; write the case name after "## " (it is the case id).',
        block.offset,
      );
      continue;
    }
    const label = `case "${block.name}"`;
    const prompt = sectionText(text, block, 'prompt', label, sink);
    const expect = sectionText(text, block, 'expect', label, sink);
    const first = seen.get(block.name);
    if (first !== undefined) {
      sink.error(
        'duplicate-case',
        `Case "${block.name}" is defined again (first at line ${first}); case names are their ids and ExUnit refuses two tests with one name. Rename one.`,
        block.offset,
      );
      continue;
    }
    seen.set(block.name, line);
    if (prompt === undefined || expect === undefined) continue;
    drafts.push({
      name: block.name,
      prompt,
      checks: [expectCheck(expect)],
      offset: block.offset,
      notes: notesOf(text, block),
    });
  }
  return drafts;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
