import { basename, dirname } from 'node:path';
import type { Check } from '@skill-eval/core';
import { type CaseDraft, expectCheck } from './build-case.js';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { Layout } from './layout.js';
import type { Block } from './outline.js';
import { cleanText, notesOf, sectionText } from './read-cases.js';
import type { Frontmatter } from './read-frontmatter.js';

/** The case name a single-case file gets when its frontmatter has none: the folder or file stem. */
export function defaultName(file: string): string {
  const name = basename(file);
  return name === 'EVAL.md' ? basename(dirname(file)) : name.replace(/\.(eval|EVAL)\.md$/, '');
}

const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/** The oldest layout's `expect:` map as checks: substrings the response must (not) contain, tools it must call. */
export function legacyExpectChecks(front: Frontmatter): Check[] {
  const expect = front.values.expect ?? {};
  return [
    ...list(expect.response).map((value): Check => ({ type: 'contains', value })),
    ...list(expect.not_response).map((value): Check => ({ type: 'contains', value, negate: true })),
    ...list(expect.tools).map((value): Check => ({ type: 'tool-called', value })),
  ];
}

/**
 * Reads a file in one of SkillKit's older single-case layouts as one case, and says so: the current
 * SkillKit loads zero cases from the section layout and cannot read the frontmatter layout at all.
 */
export function readLegacyCase(
  layout: Exclude<Layout, 'suite' | 'none'>,
  text: string,
  bodyOffset: number,
  preamble: Block,
  front: Frontmatter,
  file: string,
  sink: DiagnosticSink,
): CaseDraft | undefined {
  const name = front.values.name?.trim() || defaultName(file);
  const checks = legacyExpectChecks(front);
  if (layout === 'legacy-sections') {
    sink.warning(
      'legacy-layout',
      `This file uses SkillKit's old single-case layout (bare Prompt/Expect sections, no "## <case>" heading), from which the current SkillKit loads no case at all; skill-eval loads it as one case "${name}". Put "## ${name}" above the Prompt heading and make the sections "###" to run it under SkillKit.`,
      preamble.sections[0]!.headingOffset,
    );
    const label = `the case "${name}"`;
    const prompt = sectionText(text, preamble, 'prompt', label, sink);
    const expect = sectionText(text, preamble, 'expect', label, sink);
    if (prompt === undefined || expect === undefined) return undefined;
    return {
      name,
      prompt,
      checks: [expectCheck(expect), ...checks],
      offset: preamble.sections[0]!.headingOffset,
      notes: notesOf(text, preamble),
    };
  }
  sink.warning(
    'legacy-layout',
    `This file uses SkillKit's oldest single-case layout (frontmatter \`prompt\` and \`expect\`, the body as the rubric), which the current SkillKit cannot read; skill-eval loads it as one case "${name}". Rewrite it as "## ${name}" with "### Prompt" and "### Expect" sections to run it under SkillKit.`,
    front.at('prompt'),
  );
  const rubric = cleanText(text, [bodyOffset, text.length]);
  if (rubric !== '') checks.unshift(expectCheck(rubric));
  if (checks.length === 0) {
    sink.warning(
      'nothing-to-grade',
      `The case "${name}" has no rubric (the body is empty) and no \`expect\` checks, so nothing grades it; write the criteria in the body.`,
      front.at('prompt'),
    );
  }
  return { name, prompt: front.values.prompt!.trim(), checks, offset: front.at('prompt'), notes: undefined };
}
