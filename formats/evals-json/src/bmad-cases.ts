import { keysOf, property } from '@skill-eval/format-kit';
import { getNodeValue, type Node } from 'jsonc-parser';
import type { CaseParts } from './build-case.js';
import { cap, readCriteria, readFiles, readId, readOptionalString, readPrompt, readTimeout } from './case-fields.js';
import type { ReadContext } from './read-context.js';
import { warnUnknownKeys } from './unknown-keys.js';

const KNOWN = new Set(['id', 'input', 'rubric', 'state_prefix', 'files', 'timeout']);

/**
 * Reads one BMAD generation-2 case (`input`, `rubric[]`, `state_prefix`, `files`, `timeout`). The
 * prompt is composed exactly as BMAD's `compose_prompt`: `state_prefix.rstrip() + "\n\n" + input`
 * when the prefix is non-empty, else `input`.
 */
export function readBmadCase(item: Node, index: number, ctx: ReadContext): CaseParts | undefined {
  const identity = readId('case', item, property(item, 'id'), index, ctx);
  const label = identity?.label ?? `case #${index + 1}`;
  const inputNode = property(item, 'input');
  if (inputNode === undefined && property(item, 'prompt') !== undefined) {
    // The generation-2 runner ignores `prompt` and would send an empty message (reference §5).
    ctx.sink.error(
      'missing-prompt',
      `${cap(label)} has "prompt" but cases.json reads "input"; rename "prompt" to "input".`,
      item,
    );
    return undefined;
  }
  const input = readPrompt('input', inputNode, item, label, ctx);
  const statePrefix = readOptionalString('state_prefix', property(item, 'state_prefix'), label, ctx);
  const criteria = readCriteria('rubric', property(item, 'rubric'), label, ctx);
  const timeoutSeconds = readTimeout(property(item, 'timeout'), label, ctx);
  const files = readFiles(property(item, 'files'), label, ctx);
  warnUnknownKeys(item, KNOWN, `in ${label}`, ctx.sink);
  if (!identity || input === undefined) return undefined;
  const prompt = statePrefix ? `${statePrefix.trimEnd()}\n\n${input}` : input;
  const metadata = Object.fromEntries(
    keysOf(item)
      .filter(({ key }) => !KNOWN.has(key))
      .map(({ key, valueNode }) => [key, valueNode && getNodeValue(valueNode)]),
  );
  if (statePrefix) metadata.state_prefix = statePrefix;
  const name = identity.id;
  return {
    identity,
    item,
    name,
    prompt,
    reference: undefined,
    criteria,
    trigger: undefined,
    timeoutSeconds,
    files,
    metadata,
  };
}
