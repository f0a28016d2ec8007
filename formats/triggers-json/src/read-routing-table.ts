import type { SkillRef } from '@skill-eval/core';
import { describeType, itemsOf, keysOf, property, unknownKeys } from '@skill-eval/format-kit';
import { getNodeValue, type Node } from 'jsonc-parser';
import type { DiagnosticSink } from './diagnostic-sink.js';

/** One query of a routing table: the prompt and the skill it should go to (null: none). */
export interface RouteItem {
  id: string;
  rawId: string | number | undefined;
  prompt: string;
  expected: string | null;
  node: Node;
  metadata: Record<string, unknown>;
}

const ROUTE_KEYS = new Set(['id', 'prompt', 'expect']);

/** True when the document is `{cases: [{prompt, expect}, …]}`, a routing table across several skills. */
export function isRoutingTable(root: Node | undefined): boolean {
  if (root?.type !== 'object') return false;
  const cases = property(root, 'cases');
  if (cases?.type !== 'array') return false;
  const items = itemsOf(cases);
  return (
    items.length > 0 &&
    items.every((item) => item.type === 'object' && property(item, 'expect') !== undefined) &&
    items.some((item) => property(item, 'prompt') !== undefined)
  );
}

/**
 * Reads the routes of `{cases: [{prompt, expect}]}`: `expect` names one of `skills` or is null (no skill should fire).
 * A route that cannot be run — no prompt, a skill not in the set — is reported at its line and left out.
 */
export function readRoutingTable(
  root: Node,
  skills: readonly SkillRef[],
  sink: DiagnosticSink,
  from: 'folder' | 'list' = 'folder',
): RouteItem[] {
  const cases = property(root, 'cases')!;
  for (const { key, keyNode } of unknownKeys(root, new Set(['cases', 'skills']))) {
    sink.warning(
      'unknown-key',
      `Unknown key "${key}" in the routing table; it reads only "cases" and "skills", so it is not applied. Check its spelling.`,
      keyNode,
    );
  }
  const names = skills.map((s) => s.name);
  const found: RouteItem[] = [];
  itemsOf(cases).forEach((item, index) => {
    const label = `case #${index + 1}`;
    if (item.type !== 'object') {
      sink.error(
        'wrong-type',
        `${cap(label)} is ${describeType(item)}; write {"prompt": "…", "expect": "<skill>"}.`,
        item,
      );
      return;
    }
    const prompt = readPrompt(item, label, sink);
    const expected = readExpect(item, label, names, sink, from);
    const idNode = property(item, 'id');
    const rawId = idNode && (idNode.type === 'string' || idNode.type === 'number') ? getNodeValue(idNode) : undefined;
    if (prompt === undefined || expected === undefined) return;
    for (const { key, keyNode } of unknownKeys(item, new Set([...ROUTE_KEYS, 'reason']))) {
      sink.warning(
        'unknown-key',
        `Unknown key "${key}" in ${label}; a routing case reads "id", "prompt" and "expect", so it is kept as metadata and not applied.`,
        keyNode,
      );
    }
    const metadata = Object.fromEntries(
      keysOf(item)
        .filter(({ key }) => !ROUTE_KEYS.has(key))
        .map(({ key, valueNode }) => [key, valueNode && getNodeValue(valueNode)]),
    );
    const id = rawId === undefined || String(rawId).trim() === '' ? String(index + 1) : String(rawId).trim();
    found.push({ id, rawId, prompt, expected, node: item, metadata });
  });
  return found;
}

function readPrompt(item: Node, label: string, sink: DiagnosticSink): string | undefined {
  const node = property(item, 'prompt');
  if (node?.type === 'string' && (getNodeValue(node) as string).trim() !== '') return getNodeValue(node) as string;
  if (node === undefined) {
    sink.error('missing-query', `${cap(label)} has no "prompt"; add "prompt": "…" with the user message.`, item);
  } else if (node.type === 'string') {
    sink.error('missing-query', `${cap(label)} has a blank "prompt"; write the user message.`, node);
  } else {
    sink.error(
      'wrong-type',
      `"prompt" of ${label} is ${describeType(node)}; write the user message as a string.`,
      node,
    );
  }
  return undefined;
}

function readExpect(
  item: Node,
  label: string,
  names: readonly string[],
  sink: DiagnosticSink,
  from: 'folder' | 'list',
) {
  const node = property(item, 'expect')!;
  const none = from === 'list' ? 'none (no skill of "skills" could be read)' : 'none (no skill folder was found)';
  const known = names.length ? names.map((n) => `"${n}"`).join(', ') : none;
  const add = from === 'list' ? 'add its folder to "skills"' : "add the skill's folder beside the others";
  if (node.type === 'null') return null;
  if (node.type !== 'string') {
    sink.error(
      'wrong-type',
      `"expect" of ${label} is ${describeType(node)}; write the name of the skill that should fire (${known}), or null for none.`,
      node,
    );
    return undefined;
  }
  const name = (getNodeValue(node) as string).trim();
  if (names.includes(name)) return name;
  sink.error(
    'unknown-skill',
    `"expect" of ${label} names "${name}", which is not one of the skills routed between (${known}); correct the name, ${add}, or write null when no skill should fire.`,
    node,
  );
  return undefined;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
