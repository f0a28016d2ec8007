import { basename, dirname, relative } from 'node:path';
import { type Case, parseCase, type Suite } from '@skill-eval/core';
import type { JsonNode } from '@skill-eval/format-kit';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { LoadTriggersJsonOptions } from './load-options.js';
import { readRoutingTable } from './read-routing-table.js';
import { readSkillList } from './read-skill-list.js';
import { findSkillSet } from './skill-set.js';

/**
 * A routing table `{cases: [{prompt, expect}]}` as one suite of routing cases: every skill it routes between is staged
 * for every query, and each case passes when the first skill the agent consults is the one `expect` names (null: none
 * fires). The skills are those its `skills` names (folders relative to the file), else every skill of the folder it
 * belongs to (a skills folder or a plugin's).
 */
export function loadRoutingTable(path: string, root: JsonNode, sink: DiagnosticSink, options: LoadTriggersJsonOptions) {
  const listed = readSkillList(path, root, sink);
  const set = listed ? undefined : findSkillSet(dirname(path));
  if (!listed && !set) {
    sink.error(
      'no-skills',
      'This routing table is in no skills folder: no folder holding skill folders (each with a SKILL.md) was found beside it or one level above it. Put it in the skills folder (or its evals/ folder), or in the plugin beside its skills/, or name the skill folders in "skills": ["../pdf", "../csv"].',
      root,
    );
  }
  const skills = listed ?? set?.skills ?? [];
  const routes = readRoutingTable(root, skills, sink, listed ? 'list' : 'folder');
  if (skills.length === 0 || routes.length === 0) return [];
  const seen = new Map<string, JsonNode>();
  const cases: Case[] = [];
  for (const route of routes) {
    const first = seen.get(route.id);
    if (first) {
      sink.error(
        'duplicate-id',
        `Case ${JSON.stringify(route.id)} repeats the id of the case at line ${sink.position(first)!.line} (a case without an id is known by its position); give it a unique id.`,
        route.node,
      );
      continue;
    }
    seen.set(route.id, route.node);
    cases.push(
      parseCase({
        id: route.id,
        rawId: route.rawId,
        name: typeof route.rawId === 'string' ? route.id : route.prompt,
        kind: 'trigger',
        turns: [route.prompt],
        expectedSkill: route.expected,
        triggerThreshold: options.threshold ?? 0.5,
        runs: options.runs ?? 3,
        skills,
        metadata: route.metadata,
        source: { file: path, ...sink.position(route.node), format: 'triggers-json', dialect: 'routing' },
      }),
    );
  }
  const suite: Suite = {
    id: relative(options.cwd ?? process.cwd(), path) || basename(path),
    name: `routing: ${skills.map((s) => s.name).join(', ')}`,
    file: path,
    format: 'triggers-json',
    cases,
    settings: { shape: 'routing', ...(set ? { skillsDir: set.dir } : { skillList: listed!.map((s) => s.dir) }) },
  };
  return cases.length ? [suite] : [];
}
