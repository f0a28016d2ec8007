import { basename, dirname, join, resolve } from 'node:path';
import {
  findSkillRoot,
  observedExists,
  observedLstat,
  observedRealPath,
  observedStat,
  readSkillRef,
  type SkillRef,
} from '@skill-eval/core';
import {
  findProjectRoot,
  insideBoundary,
  outsideProjectMessage,
  projectBoundary,
  readSideFile,
  sideFilesTrusted,
} from '@skill-eval/format-kit';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { Frontmatter } from './read-frontmatter.js';
import { splitFrontmatter } from './split-frontmatter.js';

/** What the file runs against: skills, the agent's system prompt, and what could not be resolved. */
export interface Subject {
  skills: SkillRef[];
  /** System prompt of every case: the AGENT.md body in agent mode, else frontmatter `system`. */
  system: string | undefined;
  /** Case metadata from the subject (`agent`, `module`, unresolved `skills`, ignored `system`). */
  metadata: Record<string, unknown>;
}

const MODULE_NAME = /^[A-Z][A-Za-z0-9_.]*$/;
const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/**
 * Resolves the subject the way SkillKit does: an agent (explicit `agent:` or an AGENT.md beside the
 * file) is run whole; otherwise explicit `skills:` replace the SKILL.md beside the file. Elixir
 * modules cannot be run here: they are kept in metadata with a warning.
 */
export function resolveSubject(file: string, front: Frontmatter, sink: DiagnosticSink): Subject {
  const dir = dirname(file);
  const { values } = front;
  const bases = [findUp(dir, 'mix.exs'), findProjectRoot(dir), dir].filter((b): b is string => b !== undefined);
  const subject: Subject = { skills: [], system: values.system, metadata: {} };
  // `skills:` and `agent:` may name folders anywhere; only those inside the project are staged without --trust.
  const boundary = projectBoundary(dir, findSkillRoot(dir));
  const inProject = insideBoundary(boundary);
  const findDir = (entry: string, marker: string, field: 'skills' | 'agent') => {
    const found = findDirUnder(entry, marker, bases);
    if (!found || inProject(found)) return found;
    const message = outsideProjectMessage(entry, observedRealPath(found), boundary);
    sink.errorNeedingTrust('outside-project', message, front.at(field));
    return sideFilesTrusted() ? found : OUTSIDE;
  };
  const module = values.module ?? sidecarModule(file, boundary);
  if (module) {
    subject.metadata.module = module;
    sink.warning(
      'elixir-module',
      `The subject module ${module} (${values.module ? 'frontmatter `module`' : `the first defmodule in ${basename(file).replace(/\.(eval|EVAL)\.md$/, '.ex')}`}) is Elixir code: SkillKit anchors its cache to it and may take skills or tools from it; skill-eval cannot load it and keeps it in metadata.module.`,
      values.module ? front.at('module') : 0,
    );
  }
  const agentDir = values.agent
    ? findDir(values.agent, 'AGENT.md', 'agent')
    : observedLstat(join(dir, 'AGENT.md'), { throwIfNoEntry: false })
      ? dir
      : undefined;
  if (agentDir === OUTSIDE) {
    subject.metadata.agent = values.agent;
    return subject;
  }
  if (values.agent && !agentDir) {
    subject.metadata.agent = values.agent;
    sink.warning(
      'agent-not-found',
      `Frontmatter \`agent\` "${values.agent}" names no directory with an AGENT.md (looked under ${bases.join(', ')}); the cases run without the agent.`,
      front.at('agent'),
    );
  }
  if (agentDir) return agentSubject(agentDir, boundary, subject, front, sink);
  const explicit = asList(values.skills);
  if (explicit.length > 0) {
    const unresolved: string[] = [];
    for (const entry of explicit) {
      const skillDir = MODULE_NAME.test(entry) ? undefined : findDir(entry, 'SKILL.md', 'skills');
      if (skillDir === OUTSIDE) unresolved.push(entry);
      else if (skillDir) subject.skills.push(readSkillRef(skillDir));
      else {
        unresolved.push(entry);
        const why = MODULE_NAME.test(entry)
          ? 'is an Elixir module, which skill-eval cannot stage'
          : `names no directory with a SKILL.md (looked under ${bases.join(', ')})`;
        sink.warning(
          MODULE_NAME.test(entry) ? 'elixir-provider' : 'skill-not-found',
          `Skill "${entry}" ${why}; it is kept in metadata.skills and the cases run without it.`,
          front.at('skills'),
        );
      }
    }
    if (unresolved.length > 0) subject.metadata.skills = unresolved;
    return subject;
  }
  if (observedExists(join(dir, 'SKILL.md'))) {
    subject.skills.push(readSkillRef(dir));
  } else {
    const above = findSkillRoot(dirname(dir));
    if (above) {
      sink.info(
        'no-sibling-skill',
        `No SKILL.md sits beside this file, so SkillKit loads no skill and neither does skill-eval (the SKILL.md in ${above} is not used); add \`skills: ["<path>"]\` to test it.`,
        0,
      );
    }
  }
  return subject;
}

/** Agent mode: SkillKit boots the agent's own identity, ignoring `system` and `skills`. */
function agentSubject(
  agentDir: string,
  boundary: string,
  subject: Subject,
  front: Frontmatter,
  sink: DiagnosticSink,
): Subject {
  // Read as every side file is (format-kit readSideFile): a link out of the project, a FIFO or a huge file is an error
  // here, never the system prompt.
  const read = readSideFile(join(agentDir, 'AGENT.md'), boundary, { ref: 'AGENT.md' });
  const where = front.values.agent ? front.at('agent') : 0;
  if (!read.ok || read.outside) {
    if (read.ok || read.needsTrust)
      sink.errorNeedingTrust('outside-project', read.ok ? read.outside! : read.message, where);
    else sink.error('unreadable-file', read.message, where);
    if (!read.ok) return subject;
  }
  const text = read.text;
  const split = splitFrontmatter(text);
  const body = text.slice(split.bodyOffset).replace(/\r\n/g, '\n').trim();
  subject.metadata.agent = agentDir;
  subject.system = body || undefined;
  const ignored: string[] = [];
  if (front.values.system !== undefined) {
    subject.metadata.system = front.values.system;
    ignored.push('`system` (kept in metadata.system)');
  }
  if (front.values.skills !== undefined) {
    subject.metadata.skills = asList(front.values.skills);
    ignored.push('`skills` (kept in metadata.skills)');
  }
  const also =
    ignored.length > 0 ? ` As in SkillKit, frontmatter ${ignored.join(' and ')} is ignored for an agent.` : '';
  sink.warning(
    'agent-mode',
    `SkillKit runs the whole agent in ${agentDir} (its identity, skills and sub-agents) for these cases; skill-eval runs the engine with the AGENT.md body as the system prompt, without the agent's sub-agents or skills.${also}`,
    front.values.agent ? front.at('agent') : 0,
  );
  return subject;
}

/** What `findDir` answers for a folder outside the project without --trust: refused, not staged. */
const OUTSIDE = Symbol('outside the project');

/** The first base under which `entry` is a directory holding `marker` (or is that file itself). */
function findDirUnder(entry: string, marker: string, bases: string[]): string | undefined {
  for (const base of bases) {
    const path = resolve(base, entry);
    if (basename(path) === marker && observedExists(path)) return dirname(path);
    if (observedExists(join(path, marker)) && observedStat(path).isDirectory()) return path;
  }
  return undefined;
}

function findUp(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (observedExists(join(dir, name))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** `<x>.EVAL.md` / `<x>.eval.md` beside `<x>.ex`: the first module that file defines, as SkillKit infers it. */
function sidecarModule(file: string, boundary: string): string | undefined {
  const match = /^(.*)\.(eval|EVAL)\.md$/.exec(basename(file));
  if (!match) return undefined;
  const source = join(dirname(file), `${match[1]}.ex`);
  if (!observedExists(source)) return undefined;
  const read = readSideFile(source, boundary);
  return read.ok && !read.outside ? /defmodule\s+([A-Z][\w.]*)/.exec(read.text)?.[1] : undefined;
}
