import { unknownTypeMessage } from '@skill-eval/checks';
import { type ParsedYaml, parseYaml } from '@skill-eval/format-kit';
import type * as z from 'zod';
import { checkKeysAt } from './check-keys.js';
import { DiagnosticSink } from './diagnostic-sink.js';
import { keyNodeAt, nodeAt, pathText } from './yaml-path.js';

/** A YAML file read against one of the zod file schemas. */
export interface ReadYaml<T> {
  sink: DiagnosticSink;
  yaml: ParsedYaml | undefined;
  /** The document when it fits the schema (unknown keys aside, which only warn); else undefined. */
  value: T | undefined;
  /** Unknown keys, by the path of the map that holds them, kept verbatim for metadata. */
  unknown: { path: PropertyKey[]; key: string; value: unknown }[];
}

/**
 * Parses `text` and validates it against `schema`, reporting every YAML syntax error and every schema
 * issue at the node it concerns. Unknown keys are warnings (skill-up's YAML decoder ignores them);
 * they are returned so the caller keeps them.
 */
export function readYamlFile<T>(file: string, text: string, schema: z.ZodType<T>, what: string): ReadYaml<T> {
  if (text.trim() === '') {
    const sink = new DiagnosticSink(file, undefined);
    sink.error('empty-file', `The file is empty; write a skill-up ${what}.`, { line: 1, column: 1 });
    return { sink, yaml: undefined, value: undefined, unknown: [] };
  }
  const yaml = parseYaml(text);
  const sink = new DiagnosticSink(file, yaml);
  const none = { sink, yaml, value: undefined, unknown: [] };
  if (yaml.errors.length > 0) {
    for (const e of yaml.errors) sink.error('syntax', `Invalid YAML: ${e.message}`, e);
    return none;
  }
  let data: unknown;
  try {
    data = yaml.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // The yaml library throws on alias bombs and unresolvable aliases.
    sink.error('syntax', `Invalid YAML: ${(error as Error).message}`, nodeAt(yaml, []));
    return none;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    const found = data === null ? 'nothing' : Array.isArray(data) ? 'a list' : `a ${typeof data}`;
    sink.error('wrong-type', `The file holds ${found}; a skill-up ${what} is a map of keys.`, nodeAt(yaml, []));
    return none;
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { sink, yaml, value: parsed.data, unknown: [] };
  const unknown: ReadYaml<T>['unknown'] = [];
  let errors = 0;
  for (const issue of parsed.error.issues) {
    const where = pathText(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const holder = valueAt(data, issue.path) as Record<string, unknown>;
        unknown.push({ path: issue.path, key, value: holder[key] });
        const checkKeys = checkKeysAt(issue.path);
        if (checkKeys) {
          sink.error(
            'unknown-check-type',
            `"${where}": ${unknownTypeMessage(key, checkKeys)} skill-up ignores a key it does not know, so this check would never run.`,
            keyNodeAt(yaml, issue.path, key),
          );
          continue;
        }
        sink.warning(
          'unknown-key',
          `Unknown key "${key}"${where ? ` in ${where}` : ''}; skill-up ignores it. It is kept in metadata; check its spelling.`,
          keyNodeAt(yaml, issue.path, key),
        );
      }
      continue;
    }
    errors++;
    const actual = valueAt(data, issue.path);
    const [rule, message] = describeIssue(issue, where, actual);
    sink.error(rule, message, nodeAt(yaml, issue.path));
  }
  return { sink, yaml, value: errors === 0 ? (data as T) : undefined, unknown };
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return value;
}

function describeIssue(
  issue: z.core.$ZodIssue,
  where: string,
  actual: unknown,
): ['missing-key' | 'wrong-type' | 'bad-value', string] {
  switch (issue.code) {
    case 'invalid_type':
      if (actual === undefined)
        return ['missing-key', `"${where}" is missing; add it (${expectedText(issue.expected)}).`];
      return ['wrong-type', `"${where}" is ${describe(actual)}; write ${expectedText(issue.expected)}.`];
    case 'invalid_value':
      if (actual === undefined)
        return [
          'missing-key',
          `"${where}" is missing; add it (${issue.values.map((v) => JSON.stringify(v)).join(', ')}).`,
        ];
      return [
        'bad-value',
        `"${where}" is ${JSON.stringify(actual)}; use ${issue.values.length > 1 ? 'one of ' : ''}${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`,
      ];
    case 'too_small':
      if (issue.origin === 'array') return ['bad-value', `"${where}" is empty; list at least ${issue.minimum}.`];
      return ['bad-value', `"${where}" is ${JSON.stringify(actual)}; it must be at least ${issue.minimum}.`];
    case 'too_big':
      return ['bad-value', `"${where}" is ${JSON.stringify(actual)}; it must be at most ${issue.maximum}.`];
    default:
      return ['bad-value', `"${where}": ${issue.message}.`];
  }
}

function expectedText(expected: string): string {
  if (expected === 'array') return 'a list';
  if (expected === 'object') return 'a map';
  if (expected === 'int') return 'a whole number';
  return `a ${expected}`;
}

function describe(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  return `${typeof value === 'string' ? 'the text' : `the ${typeof value}`} ${JSON.stringify(value)}`;
}
