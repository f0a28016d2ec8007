import { itemsOf, property } from '@skill-eval/format-kit';
import type { Node } from 'jsonc-parser';

/** Which tool's reading of the file applies (reference §8.3); recorded in `source.dialect`. */
export type Dialect = 'skill-creator' | 'agentskills' | 'bmad-1' | 'agentv-transpile' | 'bmad-2' | 'bmad-tea';

/** The top-level shape of a JSON document, as far as eval formats go. */
export type Shape = 'agent-skills' | 'bmad-cases' | 'bmad-tea' | 'trigger-set' | 'trigger-set-grouped' | 'unknown';

const has = (node: Node, key: string) => property(node, key) !== undefined;
const isCaseItem = (item: Node) => item.type === 'object' && has(item, 'input') && has(item, 'rubric');

/** Classifies a document by content, not by file name. */
export function shapeOf(root: Node | undefined): Shape {
  if (root?.type === 'array') {
    const items = itemsOf(root);
    if (items.length === 0 || items.some((item) => item.type !== 'object')) return 'unknown';
    if (items.every((item) => has(item, 'query'))) return 'trigger-set';
    return items.some(isCaseItem) ? 'bmad-cases' : 'unknown';
  }
  if (root?.type !== 'object') return 'unknown';
  if (has(root, 'evals')) return 'agent-skills';
  if (isTeaDocument(root)) return 'bmad-tea';
  if (has(root, 'cases')) return 'bmad-cases';
  if (has(root, 'should_trigger') || has(root, 'should_not_trigger')) return 'trigger-set-grouped';
  return 'unknown';
}

/**
 * True when a `cases` document is BMAD TEA's fragment-selection eval (bmad-method-test-architecture-enterprise
 * test/eval-fragment-selection.js): TEA's `contextFiles` beside `cases`, or a case whose `expect` lists `mustLoad` or
 * `mustNotLoad` (its `scoreCase`). BMAD's cases.json has neither.
 */
export function isTeaDocument(root: Node): boolean {
  const cases = property(root, 'cases');
  if (cases && has(root, 'contextFiles')) return true;
  return (cases ? itemsOf(cases) : []).some((item) => {
    const expect = property(item, 'expect');
    return property(expect, 'mustLoad') !== undefined || property(expect, 'mustNotLoad') !== undefined;
  });
}

/** True when a `cases` document's items really are BMAD generation-2 cases (`input` + `rubric`). */
export function hasBmadCaseItems(root: Node | undefined): boolean {
  if (!root) return false;
  const list = root.type === 'array' ? root : property(root, 'cases');
  return list?.type === 'array' && itemsOf(list).some(isCaseItem);
}

/**
 * The dialect of an `evals[]` document, from the keys its items use: a per-item `should_trigger`
 * only comes from `agentv transpile`; `timeout`, `_pattern` or `_design_notes` only from BMAD
 * generation 1, and string ids too unless the items say `assertions` (BMAD's grader reads
 * `expectations`; AgentV's adapter reads `assertions` and takes any id as a string); `assertions`
 * is the agentskills.io/AgentV spelling, `expectations` (or neither) the skill-creator schema.
 */
export function evalsDialect(root: Node): Dialect {
  const evals = property(root, 'evals');
  const items = evals ? itemsOf(evals).filter((item) => item.type === 'object') : [];
  const any = (test: (item: Node) => boolean) => items.some(test);
  if (any((item) => has(item, 'should_trigger'))) return 'agentv-transpile';
  const assertions = any((item) => has(item, 'assertions'));
  if (
    has(root, '_design_notes') ||
    any((item) => has(item, 'timeout') || has(item, '_pattern')) ||
    (!assertions && any((item) => property(item, 'id')?.type === 'string'))
  ) {
    return 'bmad-1';
  }
  return assertions ? 'agentskills' : 'skill-creator';
}
