import { dirname, join, resolve } from 'node:path';
import { observedExists, observedStat, readSkillRef, type SkillRef } from '@skill-eval/core';
import {
  describeType,
  isInsideBoundary,
  itemsOf,
  outsideProjectMessage,
  projectBoundary,
  property,
} from '@skill-eval/format-kit';
import { getNodeValue, type Node } from 'jsonc-parser';
import type { DiagnosticSink } from './diagnostic-sink.js';
import { findSkillSet } from './skill-set.js';

/**
 * The folder a routing table's `skills` may name without --trust: its repository (the nearest folder above holding
 * `.git`), else the folder one level above the table's — as far as the skills folder it would find on its own
 * reaches (`skills/evals/routing.json` routes between `skills/*`). A skill named outside it would be staged into every
 * agent's workspace from anywhere on the host, which only the user may allow.
 */
export const skillListBoundary = (file: string): string => projectBoundary(dirname(file), dirname(dirname(file)));

/**
 * The skills a routing table names itself, `"skills": ["../pdf", "../../shared/csv"]` (paths relative to the file, each
 * a folder holding a SKILL.md), in the order written; undefined when the table has no `skills`, so that the skills of
 * the folder it is in are routed between. Each entry that cannot be staged is reported at its line and left out; one
 * outside the project is an error --trust lifts (then it is staged).
 */
export function readSkillList(file: string, root: Node, sink: DiagnosticSink): SkillRef[] | undefined {
  const list = property(root, 'skills');
  if (list === undefined) return undefined;
  if (list.type !== 'array') {
    sink.error(
      'wrong-type',
      `"skills" is ${describeType(list)}; write a list of skill folders relative to this file, like ["../pdf", "../csv"].`,
      list,
    );
    return [];
  }
  const boundary = skillListBoundary(file);
  const skills: SkillRef[] = [];
  const seen = new Map<string, number>();
  itemsOf(list).forEach((entry, index) => {
    const label = `Item ${index + 1} of "skills"`;
    if (entry.type !== 'string' || (getNodeValue(entry) as string).trim() === '') {
      const found = entry.type === 'string' ? 'blank' : describeType(entry);
      sink.error('wrong-type', `${label} is ${found}; write the path of a skill folder, relative to this file.`, entry);
      return;
    }
    const written = (getNodeValue(entry) as string).trim();
    const dir = resolve(dirname(file), written);
    if (!observedExists(dir)) {
      sink.error(
        'skill-not-found',
        `${label}, "${written}", resolves to ${dir}, which does not exist. Correct the path (it is relative to this file) or remove the entry.`,
        entry,
      );
      return;
    }
    if (!observedStat(dir).isDirectory() || !observedExists(resolve(dir, 'SKILL.md'))) {
      sink.error('not-a-skill', `${label}, "${written}", ${notASkill(dir)}`, entry);
      return;
    }
    if (!isInsideBoundary(dir, boundary)) {
      sink.errorNeedingTrust('outside-project', outsideProjectMessage(written, dir, boundary), entry);
    }
    const skill = readSkillRef(dir);
    const first = seen.get(skill.name);
    if (first !== undefined) {
      sink.error(
        'duplicate-skill',
        `${label} is skill "${skill.name}" again (item ${first + 1} is too): an agent cannot tell two skills of one name apart. Remove one of them.`,
        entry,
      );
      return;
    }
    seen.set(skill.name, index);
    skills.push(skill);
  });
  if (itemsOf(list).length === 0) {
    sink.error(
      'no-skills',
      '"skills" lists no skill; name the skill folders to route between, or remove "skills" to route between every skill of the folder this table is in.',
      list,
    );
  }
  return skills;
}

/** Why a folder cannot be staged as a skill, and what to write instead. */
function notASkill(dir: string): string {
  if (!observedStat(dir).isDirectory()) return `is a file, not a skill folder; name the folder holding its SKILL.md.`;
  // A skills folder or a plugin named whole: the skills are one level down.
  const set = findSkillSet(dir);
  if (set && (set.dir === dir || set.dir === join(dir, 'skills'))) {
    return `is a folder of skills (${set.skills.map((s) => s.name).join(', ')}), not a skill: it holds no SKILL.md. Name each skill folder, or put the table in that folder (or its evals/) and remove "skills".`;
  }
  return `is a folder without a SKILL.md, so it is not a skill. Name the folder that holds the skill's SKILL.md.`;
}
