import type { DiagnosticSink } from './diagnostic-sink.js';
import { LEGACY_KEYS } from './frontmatter-schema.js';
import type { Layout } from './layout.js';
import type { Frontmatter } from './read-frontmatter.js';
import type { FrontmatterSplit } from './split-frontmatter.js';

/** Frontmatter SkillKit itself cannot see or read: said once, then read anyway. */
export function reportFrontmatterAccidents(split: FrontmatterSplit, sink: DiagnosticSink): void {
  const top = { line: 1, column: 1 };
  if (split.opened && !split.closed) {
    sink.error(
      'frontmatter-not-closed',
      'The frontmatter opened by "---" on line 1 is never closed; add a line "---" after it (SkillKit fails the whole file on it). The file was read as if it had no frontmatter.',
      top,
    );
    return;
  }
  if (!split.closed) return;
  if (split.crlf) {
    sink.warning(
      'frontmatter-crlf',
      'The frontmatter has Windows (CRLF) line ends: SkillKit only sees frontmatter that starts with "---\\n", so it would ignore every key in it. skill-eval reads it; save the file with LF line ends to run it under SkillKit.',
      top,
    );
  }
  if (split.closingCr) {
    sink.warning(
      'frontmatter-crlf',
      'The "---" that closes the frontmatter ends in a Windows (CRLF) line end while the file has LF ones: SkillKit does not take it for the end of the frontmatter, so it fails the whole file (or reads on to a later "---" line). skill-eval reads it; save the file with LF line ends to run it under SkillKit.',
      { line: sink.positionAt(split.bodyOffset - 1).line, column: 1 },
    );
  }
  if (split.bom) {
    sink.warning(
      'frontmatter-bom',
      'The file starts with a byte-order mark, so SkillKit sees no frontmatter and ignores every key in it. skill-eval reads it; save the file as UTF-8 without BOM to run it under SkillKit.',
      top,
    );
  }
  if (split.yaml === '') {
    sink.warning(
      'frontmatter-empty',
      'The frontmatter is empty; SkillKit cannot split an empty "---"/"---" block and fails or misreads the file. Remove the two "---" lines.',
      top,
    );
  }
}

/** Frontmatter keys SkillKit ignores in this layout: kept verbatim in metadata.frontmatter, with a warning. */
export function unusedKeys(front: Frontmatter, layout: Layout, sink: DiagnosticSink): Record<string, unknown> {
  const used: readonly string[] =
    layout === 'legacy-frontmatter'
      ? ['name', 'prompt', 'expect']
      : layout === 'legacy-sections'
        ? ['name', 'expect']
        : [];
  const extra: Record<string, unknown> = { ...front.extra };
  for (const key of LEGACY_KEYS) {
    const value = (front.values as Record<string, unknown>)[key];
    if (value !== undefined && !used.includes(key)) extra[key] = value;
  }
  for (const key of Object.keys(extra)) {
    if (layout !== 'suite' && key === 'description') continue;
    const legacy = (LEGACY_KEYS as readonly string[]).includes(key)
      ? ' (it belongs to the old single-case layout)'
      : '';
    sink.warning(
      'unknown-key',
      `SkillKit ignores the frontmatter key \`${key}\`${legacy}; it is kept in case metadata.frontmatter.`,
      front.at(key),
    );
  }
  return extra;
}

/** `tools`, `model`, `metadata`: kept in case metadata (the model is also each case's pin); what the runner cannot honour is said. */
export function runnerHints(front: Frontmatter, sink: DiagnosticSink): Record<string, unknown> {
  const hints: Record<string, unknown> = {};
  const { tools, model, metadata } = front.values;
  if (tools !== undefined) {
    hints.allowedTools = [tools].flat();
    sink.warning(
      'tools-not-restricted',
      `Frontmatter \`tools\` gives SkillKit's agent these tool providers: ${[tools].flat().join(', ')}. skill-eval's engines bring their own tools and cannot add or restrict tools yet; kept in metadata.allowedTools.`,
      front.at('tools'),
    );
  }
  if (model !== undefined) hints.model = model;
  if (metadata !== undefined) hints.metadata = metadata;
  return hints;
}
