import { problemSentence, unknownTypeMessage, validChecks } from '@skill-eval/checks';
import type { Check } from '@skill-eval/core';
import {
  isYamlMap,
  isYamlScalar,
  isYamlSeq,
  type YamlNode,
  yamlGet,
  yamlItems,
  yamlKeyNode,
  yamlKeys,
} from '@skill-eval/format-kit';
import type { Scalar } from 'yaml';
import type { DiagnosticSink } from './diagnostic-sink.js';
import { pythonToJsRegex } from './python-regex.js';
import { pyyamlKindWords, skilletScalar } from './pyyaml-scalar.js';
import { ASSERTION_TYPES, type AssertionType } from './skillet-file-schema.js';

/** Skillet's checkers, as core checks: case folding and trimming are Skillet's, kept as params. */
const MAPPING: Record<AssertionType, (value: string) => Check> = {
  contains: (value) => ({ type: 'contains', value, caseSensitive: false }),
  not_contains: (value) => ({ type: 'contains', value, caseSensitive: false, negate: true }),
  starts_with: (value) => ({ type: 'starts-with', value, caseSensitive: false }),
  // Skillet lowercases and right-strips the response before the comparison.
  ends_with: (value) => ({ type: 'ends-with', value, caseSensitive: false, trimEnd: true }),
  // Python's `re` syntax, translated before the check is made (python-regex.ts).
  regex: (value) => ({ type: 'regex', value }),
  tool_called: (value) => ({ type: 'tool-called', value }),
  tool_not_called: (value) => ({ type: 'tool-not-called', value }),
};

const isAssertionType = (type: unknown): type is AssertionType =>
  typeof type === 'string' && (ASSERTION_TYPES as readonly string[]).includes(type);

const describeNode = (node: YamlNode | null | undefined): string => {
  if (isYamlMap(node)) return 'a map';
  if (isYamlSeq(node)) return 'a list';
  if (isYamlScalar(node))
    return node.value === null
      ? 'empty'
      : `${typeof node.value === 'string' ? 'the text' : 'the value'} ${JSON.stringify(node.value)}`;
  return 'empty';
};

/**
 * Reads `assertions` the way Skillet's validator does — a list of `{type, value}` maps with a known
 * type — reporting every bad item (Skillet stops at the first). Returns the checks of the good items.
 */
export function readAssertions(
  node: YamlNode | null | undefined,
  keyNode: YamlNode | undefined,
  sink: DiagnosticSink,
): Check[] {
  if (!isYamlSeq(node)) {
    sink.error(
      'wrong-type',
      `"assertions" is ${describeNode(node)}; write a list of {type, value} maps, or remove the key.`,
      node ?? keyNode,
    );
    return [];
  }
  const checks: Check[] = [];
  yamlItems(node).forEach((item, i) => {
    const label = `Assertion ${i + 1}`;
    if (!isYamlMap(item)) {
      sink.error(
        'invalid-assertion',
        `${label} is ${describeNode(item)}; write a map like {type: contains, value: "…"}.`,
        item ?? node,
      );
      return;
    }
    const typeNode = yamlGet(item, 'type');
    const valueNode = yamlGet(item, 'value');
    const type = isYamlScalar(typeNode) ? typeNode.value : undefined;
    let ok = true;
    if (typeNode === undefined) {
      sink.error('invalid-assertion', `${label} has no "type"; add one of ${ASSERTION_TYPES.join(', ')}.`, item);
      ok = false;
    } else if (!isAssertionType(type)) {
      const named = typeof type === 'string' && type.trim() !== '';
      sink.error(
        named ? 'unknown-check-type' : 'invalid-assertion',
        named
          ? `${label}: ${unknownTypeMessage(type, ASSERTION_TYPES)} Skillet knows ${ASSERTION_TYPES.join(', ')}.`
          : `${label} has the type ${JSON.stringify(type ?? null)}, which Skillet does not know; use one of ${ASSERTION_TYPES.join(', ')}.`,
        typeNode,
      );
      ok = false;
    }
    if (yamlKeyNode(item, 'value') === undefined) {
      sink.error('invalid-assertion', `${label} has no "value"; add the text, pattern or tool name to check.`, item);
      ok = false;
    } else if (!isYamlScalar(valueNode) || !('string' in skilletScalar(valueNode))) {
      const scalar = isYamlScalar(valueNode) ? (valueNode as Scalar) : undefined;
      const read = scalar ? skilletScalar(scalar) : undefined;
      const what =
        read && !('string' in read) && read.kind !== 'null' && typeof scalar?.value === 'string'
          ? `the text "${scalar.value}", which Skillet's YAML reader (YAML 1.1) reads as ${pyyamlKindWords(read)}`
          : describeNode(valueNode);
      sink.error(
        'invalid-assertion',
        `The value of assertion ${i + 1} is ${what}; write it as text (quote it), since Skillet compares text (its checks call value.lower()).`,
        valueNode ?? item,
      );
      ok = false;
    }
    for (const key of yamlKeys(item).filter((k) => k !== 'type' && k !== 'value')) {
      sink.warning(
        'unknown-key',
        `${label} has the key "${key}", which Skillet ignores, and so does skill-eval; remove it.`,
        yamlKeyNode(item, key),
      );
    }
    if (!ok || !isAssertionType(type)) return;
    const value = (skilletScalar(valueNode as Scalar) as { string: string }).string;
    const check = type === 'regex' ? regexCheck(value, valueNode!, sink, i + 1) : MAPPING[type](value);
    if (!check) return;
    // The catalogue reads the check as skill-eval grades it: an empty text to look for matches every answer.
    checks.push(
      ...validChecks([check], (problem) =>
        sink.report(problem.severity, problem.ruleId, problemSentence(problem, `${label}: `), valueNode ?? item),
      ),
    );
  });
  if (checks.length === 0 && yamlItems(node).length === 0) {
    sink.info(
      'empty-assertions',
      '"assertions" is empty, so the LLM judge grades "expected"; only a non-empty list replaces the judge.',
      node,
    );
  }
  return checks;
}

/** Skillet's `re.search` pattern as a JavaScript regex check; a pattern that cannot be translated is an error. */
function regexCheck(pattern: string, node: YamlNode, sink: DiagnosticSink, index: number): Check | undefined {
  const js = pythonToJsRegex(pattern);
  if (js.ok) return { ...MAPPING.regex(js.source), ...(js.flags ? { flags: js.flags } : {}) };
  sink.error(
    'invalid-regex',
    `The pattern of assertion ${index} cannot be used: ${js.reason}. Write it in Python syntax that JavaScript can also run (Skillet searches with Python's re module and fails the assertion on a pattern re rejects).`,
    node,
  );
  return undefined;
}
