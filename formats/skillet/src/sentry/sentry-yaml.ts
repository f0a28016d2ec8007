import { type YamlNode, yamlGet, yamlItems, yamlKeys } from '@skill-eval/format-kit';
import { type Document, isAlias } from 'yaml';

/**
 * Reads a document's nodes with its aliases resolved, as skillet's `yaml.parse` gives them (src/eval/parser.ts:259):
 * `turns: *common` is the anchored list. Only the nodes asked for are resolved, so a cycle is never walked.
 */
export interface SentryYaml {
  /** The node itself, or the node an alias names. */
  node(node: YamlNode | null | undefined): YamlNode | undefined;
  /** The value of `key` in a map (the map may be an alias too). */
  get(map: YamlNode | undefined, key: string): YamlNode | undefined;
  /** The items of a list. */
  items(seq: YamlNode | undefined): YamlNode[];
  /** The keys of a map. */
  keys(map: YamlNode | undefined): string[];
}

export function sentryYaml(doc: Document.Parsed): SentryYaml {
  const node = (n: YamlNode | null | undefined): YamlNode | undefined =>
    isAlias(n) ? ((n.resolve(doc) as YamlNode | undefined) ?? undefined) : (n ?? undefined);
  return {
    node,
    get: (map, key) => node(yamlGet(node(map), key)),
    items: (seq) => yamlItems(node(seq)).map((item) => node(item)!),
    keys: (map) => yamlKeys(node(map)),
  };
}
