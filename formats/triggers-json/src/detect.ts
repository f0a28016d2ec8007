import { basename } from 'node:path';
import { itemsOf, parseJson, property } from '@skill-eval/format-kit';
import { isRoutingTable } from './read-routing-table.js';
import { isGroupedSet, isStandardList, isWrappedSet } from './shape.js';

/**
 * File names this format claims when scanning a directory: every name trigger sets go by in the wild (skill-creator's
 * SKILL.md names `trigger-eval.json`, its review page downloads `eval_set.json`; BMAD writes `triggers.json`;
 * agentskills.io `eval_queries.json`; yianyao/skillverify `trigger-queryset.json`). Content still decides: a RAG project's `eval_set.json` is not claimed.
 */
export const FILE_PATTERNS = [
  'triggers.json',
  'trigger-evals.json',
  'trigger_evals.json',
  'trigger-eval.json',
  'trigger_eval.json',
  'trigger-queries.json',
  'trigger_queries.json',
  'eval_queries.json',
  'eval_set.json',
  'trigger-queryset.json',
] as const;

const claimsName = (file: string) => (FILE_PATTERNS as readonly string[]).includes(basename(file));

/**
 * How sure (0..1) it is that `text` is a trigger query set. Content decides, whatever the file is
 * called (a trigger set named `evals.json` is still one); the file name only lifts files whose
 * content says nothing (broken JSON, an empty list, odd items), so loading them reports what is wrong.
 */
export function detectTriggersJson(file: string, text: string): number {
  const { root, errors } = parseJson(text);
  if (errors.length === 0 && isStandardList(root)) {
    const flags = itemsOf(root!).map((item) => property(item, 'should_trigger'));
    return flags.every((flag) => flag === undefined || flag.type === 'boolean') ? 0.95 : 0.9;
  }
  if (errors.length === 0 && (isGroupedSet(root) || isRoutingTable(root))) return 0.9;
  if (errors.length === 0 && isWrappedSet(root) && itemsOf(property(root!, 'queries')!).length > 0) return 0.9;
  if (!claimsName(file)) return 0;
  if (errors.length > 0) return 0.5;
  // Valid JSON of another shape under a trigger set's name: read only when named (to say what is wrong), not in a scan.
  return 0.3;
}
