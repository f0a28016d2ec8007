import { describeType, keysOf, property } from '@skill-eval/format-kit';
import { getNodeValue, type Node } from 'jsonc-parser';
import type { CaseParts } from './build-case.js';
import { readCriteria, readFiles, readId, readOptionalString, readPrompt, readTimeout } from './case-fields.js';
import type { ReadContext } from './read-context.js';
import { warnUnknownKeys } from './unknown-keys.js';

/** Keys an `evals[]` item is read from; every other key is kept verbatim in `metadata`. */
const READ = new Set([
  'id',
  'prompt',
  'expected_output',
  'files',
  'assertions',
  'expectations',
  'timeout',
  'should_trigger',
]);
/** Item keys kept in `metadata` that real files use (AgentV reads `name`; skill-creator PRs write `category`). */
const KNOWN = new Set([...READ, 'name', 'category']);

/**
 * Reads one `evals[]` item of any Agent Skills dialect (skill-creator, agentskills.io, BMAD gen 1,
 * AgentV transpile). Returns undefined when the item cannot become a case (no usable id or prompt).
 */
export function readEvalItem(item: Node, index: number, ctx: ReadContext): CaseParts | undefined {
  const identity = readId('eval', item, property(item, 'id'), index, ctx);
  const label = identity?.label ?? `eval #${index + 1}`;
  const prompt = readPrompt('prompt', property(item, 'prompt'), item, label, ctx);
  // Both spellings are read and concatenated, as AgentV does (reference §8.2).
  const criteria = [
    ...readCriteria('assertions', property(item, 'assertions'), label, ctx),
    ...readCriteria('expectations', property(item, 'expectations'), label, ctx),
  ];
  const reference = readOptionalString('expected_output', property(item, 'expected_output'), label, ctx);
  const timeoutSeconds = readTimeout(property(item, 'timeout'), label, ctx);
  const files = readFiles(property(item, 'files'), label, ctx);
  warnUnknownKeys(item, KNOWN, `in ${label}`, ctx.sink);
  const trigger = readShouldTrigger(property(item, 'should_trigger'), label, ctx);
  if (!identity || prompt === undefined) return undefined;
  const metadata = Object.fromEntries(
    keysOf(item)
      .filter(({ key }) => !READ.has(key))
      .map(({ key, valueNode }) => [key, valueNode && getNodeValue(valueNode)]),
  );
  const name = typeof metadata.name === 'string' && metadata.name.trim() ? metadata.name : identity.id;
  return { identity, item, name, prompt, reference, criteria, trigger, timeoutSeconds, files, metadata };
}

function readShouldTrigger(node: Node | undefined, label: string, ctx: ReadContext) {
  if (node === undefined || node.type === 'null') return undefined;
  if (node.type === 'boolean') return { value: getNodeValue(node) as boolean, node };
  ctx.sink.error('wrong-type', `"should_trigger" of ${label} is ${describeType(node)}; write true or false.`, node);
  return undefined;
}
