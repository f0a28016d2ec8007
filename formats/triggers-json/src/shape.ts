import { itemsOf, property } from '@skill-eval/format-kit';
import type { Node } from 'jsonc-parser';

/** The shapes a trigger set is written in; recorded as `source.dialect`. */
export type Shape = 'standard' | 'grouped' | 'wrapped';

const GROUPS = ['should_trigger', 'should_not_trigger'] as const;

/** True when a list's items are all objects holding `query` (the standard shape). */
export function isStandardList(root: Node | undefined): boolean {
  if (root?.type !== 'array') return false;
  const items = itemsOf(root);
  return items.length > 0 && items.every((item) => item.type === 'object' && property(item, 'query') !== undefined);
}

/** True when an object carries `should_trigger` / `should_not_trigger` lists (the grouped variant). */
export function isGroupedSet(root: Node | undefined): boolean {
  if (root?.type !== 'object' || property(root, 'evals') || property(root, 'cases')) return false;
  const groups = GROUPS.map((key) => property(root, key)).filter((node) => node !== undefined);
  return groups.length > 0 && groups.every((node) => node.type === 'array');
}

/**
 * True when an object wraps a standard list as `{skill_name, queries: [...]}`: the `evals/trigger-queryset.json` that
 * yianyao/skillverify reads (skillverify/trigger.py, `read_queryset`: `data.get("queries")`) and its evals-skill
 * writes.
 */
export function isWrappedSet(root: Node | undefined): boolean {
  if (root?.type !== 'object' || property(root, 'evals') || property(root, 'cases')) return false;
  const queries = property(root, 'queries');
  if (queries?.type !== 'array') return false;
  return itemsOf(queries).every((item) => item.type === 'object' && property(item, 'query') !== undefined);
}

/** The shape of a parsed document, or undefined when it is none of them. */
export function shapeOf(root: Node | undefined): Shape | undefined {
  if (isStandardList(root)) return 'standard';
  if (isGroupedSet(root)) return 'grouped';
  if (isWrappedSet(root)) return 'wrapped';
  return undefined;
}
