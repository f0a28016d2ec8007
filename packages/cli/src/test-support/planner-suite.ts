import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeConversation, FakeResponse } from '@skill-eval/testing';
import { writeFiles } from './write-files.js';

/** The canned answer of the planner suite's mocked `pm` MCP server to `create_plan` for "Q1 release". */
export const PLANNER_CANNED = '{"id":999,"name":"Q1 release","status":"ONGOING"}';

/**
 * A skill-up suite whose eval.yaml declares a mocked MCP server `pm`: `create-plan` passes when the agent calls
 * `pm::create_plan` with name "Q1 release" (prompt "Create the Q1 release plan (mcp)."), `not-called` fails unless the
 * agent calls it (prompt "Just say hello (no tools).").
 */
export const PLANNER_SUITE: Record<string, string> = {
  'planner/SKILL.md': '---\nname: planner\ndescription: Creates release plans.\n---\nUse the project-mgmt tools.\n',
  'planner/evals/eval.yaml': [
    'schema_version: v1alpha1',
    'environment: {type: none}',
    'mcp:',
    '  servers:',
    '    - {name: pm, mode: mocked, config_ref: evals/fixtures/mcp/pm.yaml}',
    'cases:',
    '  files: [evals/cases/create-plan.yaml, evals/cases/not-called.yaml]',
  ].join('\n'),
  'planner/evals/fixtures/mcp/pm.yaml': [
    'tool_responses:',
    '  create_plan:',
    '    default: {id: 999, name: "{{params.name}}", status: ONGOING}',
  ].join('\n'),
  'planner/evals/cases/create-plan.yaml': [
    'id: create-plan',
    'input: {prompt: "Create the Q1 release plan (mcp)."}',
    'judge:',
    '  type: rule_based',
    '  success:',
    '    - tool_called: {name: "pm::create_plan", args: {name: "Q1 release"}}',
  ].join('\n'),
  'planner/evals/cases/not-called.yaml': [
    'id: not-called',
    'input: {prompt: "Just say hello (no tools)."}',
    'judge:',
    '  type: rule_based',
    '  success:',
    '    - tool_called: {name: "pm::create_plan"}',
  ].join('\n'),
};

/** Writes the planner suite into a fresh temp dir named with `prefix`; returns the dir. */
export function writePlannerSuite(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFiles(dir, PLANNER_SUITE);
  return dir;
}

/**
 * The fake model's side of the planner suite: for create-plan, `calls` (how the engine under test reaches the
 * `pm` tool) and then a closing answer; for not-called, a plain hello.
 */
export const plannerConversations = (calls: FakeResponse[]): FakeConversation[] => [
  {
    id: 'mcp',
    match: { user: 'Q1 release plan (mcp)', tools: true },
    responses: [...calls, { text: 'The Q1 release plan is created (id 999).' }],
  },
  { id: 'hello', match: { user: 'Just say hello', tools: true }, responses: [{ text: 'Hello!' }] },
];
