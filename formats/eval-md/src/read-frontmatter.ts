import { unknownTypeMessage } from '@skill-eval/checks';
import { isYamlMap, parseYaml, type YamlNode, yamlKeyNode, yamlKeys } from '@skill-eval/format-kit';
import type { DiagnosticSink } from './diagnostic-sink.js';
import { CURRENT_KEYS, type EvalMdFrontmatter, EvalMdFrontmatterSchema, LEGACY_KEYS } from './frontmatter-schema.js';
import type { FrontmatterSplit } from './split-frontmatter.js';

/** The frontmatter as read: valid known keys, other keys verbatim, and where each key is written. */
export interface Frontmatter {
  /** Known keys whose values are valid (an invalid one is reported and left out). */
  values: EvalMdFrontmatter;
  /** Keys SkillKit ignores, verbatim (legacy keys too, when the layout does not use them). */
  extra: Record<string, unknown>;
  /** Offset in the file of a key (for diagnostics), else of the frontmatter. */
  at(key: string): number;
}

const KNOWN = new Set<string>([...CURRENT_KEYS, ...LEGACY_KEYS]);

/** Parses and validates the YAML frontmatter; every problem is positioned in the whole file. */
export function readFrontmatter(split: FrontmatterSplit, sink: DiagnosticSink): Frontmatter {
  const empty: Frontmatter = { values: {}, extra: {}, at: () => split.yamlOffset };
  if (!split.closed) return empty;
  const parsed = parseYaml(split.yaml);
  const offsetOf = (node: YamlNode | null | undefined) =>
    node?.range ? split.yamlOffset + node.range[0] : split.yamlOffset;
  const lineShift = sink.positionAt(split.yamlOffset).line - 1;
  for (const e of parsed.errors) {
    sink.error(
      'frontmatter-syntax',
      `The frontmatter is not valid YAML: ${e.message}. SkillKit fails the whole file on it.`,
      {
        line: e.line + lineShift,
        column: e.column,
      },
    );
  }
  if (parsed.errors.length > 0) return empty;
  const root = parsed.doc.contents;
  if (root === null || (root as { value?: unknown }).value === null) return empty;
  if (!isYamlMap(root)) {
    sink.error(
      'frontmatter-not-a-map',
      'The frontmatter is not a map of keys; write `key: value` lines such as `model: "anthropic://claude-sonnet-4-6"`.',
      offsetOf(root as YamlNode),
    );
    return empty;
  }
  const at = (key: string) => offsetOf(yamlKeyNode(root, key));
  let raw: Record<string, unknown>;
  try {
    raw = parsed.toJS() as Record<string, unknown>;
  } catch (error) {
    // An alias that names no anchor set before it (or expands past the parser's limit): SkillKit's YAML parser
    // throws on it as well. The error carries the position of the first alias.
    const { line, column } = error as { line?: number; column?: number };
    sink.error(
      'frontmatter-syntax',
      `The frontmatter is not valid YAML: ${(error as Error).message}. SkillKit fails the whole file on it; set the anchor (&name) before the alias, or write the value itself.`,
      line !== undefined && column !== undefined ? { line: line + lineShift, column } : offsetOf(root as YamlNode),
    );
    return empty;
  }
  const values: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  const shape = EvalMdFrontmatterSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  for (const key of yamlKeys(root)) {
    if (!KNOWN.has(key)) {
      extra[key] = raw[key];
      continue;
    }
    if (raw[key] === null || raw[key] === undefined) continue;
    if (key === 'expect') unknownExpectKeys(parsed.doc.get('expect', true) as YamlNode, offsetOf, sink);
    if (shape[key]!.safeParse(raw[key]).success) {
      values[key] = raw[key];
      continue;
    }
    for (const issue of EvalMdFrontmatterSchema.safeParse({ [key]: raw[key] }).error?.issues ?? []) {
      const node = parsed.doc.getIn(issue.path, true) as YamlNode | undefined;
      sink.error('wrong-type', `Frontmatter \`${issue.path.join('.')}\`: ${describeIssue(key)}.`, offsetOf(node));
    }
  }
  return { values: values as EvalMdFrontmatter, extra, at };
}

const EXPECT_KEYS = ['response', 'not_response', 'tools'];

/** Keys of the oldest layout's `expect:` map are its checks: one it does not know would check nothing. */
function unknownExpectKeys(node: YamlNode, offsetOf: (node: YamlNode | undefined) => number, sink: DiagnosticSink) {
  if (!isYamlMap(node)) return;
  for (const key of yamlKeys(node).filter((k) => !EXPECT_KEYS.includes(k))) {
    sink.error(
      'unknown-check-type',
      `Frontmatter \`expect.${key}\`: ${unknownTypeMessage(key, EXPECT_KEYS)} SkillKit's \`expect\` takes ${EXPECT_KEYS.join(', ')}.`,
      offsetOf(yamlKeyNode(node, key)),
    );
  }
}

function describeIssue(key: string): string {
  if (key === 'skills' || key === 'tools') return 'write a string or a list of strings (module names or paths)';
  if (key === 'metadata') return 'write a map of keys';
  if (key === 'expect') return 'write a map with `response`, `not_response` and `tools` (strings or lists of strings)';
  return 'write a string';
}
