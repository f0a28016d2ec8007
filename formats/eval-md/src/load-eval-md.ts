import { basename, dirname, relative, resolve } from 'node:path';
import { problemSentence, validChecks } from '@skill-eval/checks';
import type { LoadResult, Suite } from '@skill-eval/core';
import { createLineIndex } from '@skill-eval/format-kit';
import { buildCase, type CaseDraft, type FileContext } from './build-case.js';
import { DiagnosticSink } from './diagnostic-sink.js';
import { reportFrontmatterAccidents, runnerHints, unusedKeys } from './frontmatter-findings.js';
import { hasSection, layoutOf } from './layout.js';
import { readLegacyCase } from './legacy.js';
import { type Outline, outline } from './outline.js';
import { loadMarkdownParser, type MarkdownParser } from './parse-markdown.js';
import { parseSimpleMarkdown } from './parse-simple-markdown.js';
import { cleanText, readSuiteCases } from './read-cases.js';
import { readFrontmatter } from './read-frontmatter.js';
import { reportSkillKitDifferences } from './skillkit-differences.js';
import { type FrontmatterSplit, splitFrontmatter } from './split-frontmatter.js';
import { resolveSubject } from './subject.js';

/** Options of {@link loadEvalMd}. */
export interface LoadEvalMdOptions {
  /** Directory the suite id is relative to (default the process's working directory). */
  cwd?: string;
}

/** Reads a SkillKit EVAL.md into one suite (none, with an `info`, when the file is not a SkillKit eval). */
export async function loadEvalMd(file: string, text: string, options: LoadEvalMdOptions = {}): Promise<LoadResult> {
  // Most EVAL.md files are headings and plain paragraphs: read without the CommonMark parser, which is slow to load and to run.
  const simple = parseSimpleMarkdown(bodyOf(text, splitFrontmatter(text)).body);
  return readEvalMd(file, text, simple ? () => simple : await loadMarkdownParser(), options);
}

/** The Markdown body: after the frontmatter, else after a byte-order mark. */
function bodyOf(text: string, split: FrontmatterSplit): { body: string; bodyOffset: number } {
  const bodyOffset = split.closed ? split.bodyOffset : split.bom ? 1 : 0;
  return { body: text.slice(bodyOffset), bodyOffset };
}

/** {@link loadEvalMd} with the Markdown parser given, for callers that already hold it. */
export function readEvalMd(
  file: string,
  text: string,
  parse: MarkdownParser,
  options: LoadEvalMdOptions = {},
): LoadResult {
  const path = resolve(file);
  const sink = new DiagnosticSink(path, createLineIndex(text));
  const split = splitFrontmatter(text);
  const { body, bodyOffset } = bodyOf(text, split);
  const tree = outline(parse(body), body, bodyOffset);
  const layout = layoutOf(tree, split);
  if (layout === 'none') {
    sink.info('not-skillkit-eval', notAnEvalMessage(tree, sink), { line: 1, column: 1 });
    return { suites: [], diagnostics: sink.diagnostics };
  }
  reportFrontmatterAccidents(split, sink);
  const front = readFrontmatter(split, sink);
  const extra = unusedKeys(front, layout, sink);
  const subject = resolveSubject(path, front, sink);
  const metadata: Record<string, unknown> = { ...subject.metadata, ...runnerHints(front, sink) };
  if (Object.keys(extra).length > 0) metadata.frontmatter = extra;
  const badLines = new Set<number>();
  let drafts: CaseDraft[];
  if (layout === 'suite') {
    for (const section of tree.preamble.sections) {
      sink.warning(
        'section-outside-case',
        'This section heading comes before the first "## " case, so it belongs to no case (SkillKit ignores it too); move it under a case heading.',
        section.headingOffset,
      );
    }
    drafts = readSuiteCases(text, tree.cases, sink, badLines);
    reportSkillKitDifferences(text, bodyOffset, tree, sink, badLines);
  } else {
    const legacy = readLegacyCase(layout, text, bodyOffset, tree.preamble, front, path, sink);
    drafts = legacy ? [legacy] : [];
  }
  const ctx: FileContext = {
    file: path,
    dialect: layout === 'suite' ? 'skillkit' : 'skillkit-legacy',
    system: subject.system,
    skills: subject.skills,
    metadata,
    model: typeof front.values.model === 'string' && front.values.model.trim() ? front.values.model.trim() : undefined,
    positionAt: sink.positionAt,
  };
  const cases = drafts.map((draft) => buildCase({ ...draft, checks: catalogued(draft, sink) }, ctx));
  if (cases.length === 0) return { suites: [], diagnostics: sink.diagnostics };
  const settings: Record<string, unknown> = { layout };
  const preamble = layout === 'suite' ? cleanText(text, [bodyOffset, tree.cases[0]!.offset]) : '';
  if (preamble) settings.preamble = preamble;
  const suite: Suite = {
    id: relative(options.cwd ?? process.cwd(), path) || basename(path),
    name: subject.skills[0]?.name ?? defaultSuiteName(path),
    file: path,
    format: 'eval-md',
    skill: subject.skills[0],
    cases,
    settings,
  };
  return { suites: [suite], diagnostics: sink.diagnostics };
}

function notAnEvalMessage(tree: Outline, sink: DiagnosticSink): string {
  const base = 'Not a SkillKit eval: no `## ` case with Prompt and Expect sections; skipped.';
  const half = tree.cases.find((c) => hasSection(c, 'prompt') || hasSection(c, 'expect'));
  if (!half) return base;
  const missing = hasSection(half, 'prompt') ? 'Expect' : 'Prompt';
  const line = sink.positionAt(half.offset).line;
  return `${base} If it is meant to be one, add a "### ${missing}" section to case "${half.name}" (line ${line}).`;
}

function defaultSuiteName(path: string): string {
  const name = basename(path);
  return name === 'EVAL.md' ? basename(dirname(path)) : name.replace(/\.(eval|EVAL)\.md$/, '').replace(/\.md$/, '');
}

/** A case's checks, each checked against the catalogue at the case; one with an error is left out. */
function catalogued(draft: CaseDraft, sink: DiagnosticSink) {
  return validChecks(draft.checks, (problem) =>
    sink.report(problem.severity, problem.ruleId, problemSentence(problem, `The case "${draft.name}": `), draft.offset),
  );
}
