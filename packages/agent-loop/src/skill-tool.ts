import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readSkillFrontmatter } from '@skill-eval/core';
import { readAgentText, within } from '@skill-eval/engine-kit/agent-files';
import { type AgentTool, stringField, ToolError } from './agent-tool.js';

/** A skill found under one of the workspace's skill roots. */
export interface StagedSkill {
  /** Frontmatter `name`, else the directory name. */
  name: string;
  description: string;
  /** Absolute directory holding SKILL.md. */
  dir: string;
}

/**
 * Skills staged at `<workspace>/<root>/<dir>/SKILL.md`, first root wins on a name clash. A SKILL.md that leads outside
 * the workspace through a link (what a setup step, in a container, can leave at a skill's place) is an error: the
 * harness reads these files on the host, and would hand the model a host file.
 */
export function discoverSkills(workspace: string, skillRoots: readonly string[]): StagedSkill[] {
  const realWorkspace = realpathSync(workspace);
  const found = new Map<string, StagedSkill>();
  for (const root of skillRoots) {
    const base = join(workspace, root);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const dir = join(base, entry.name);
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      if (!existsSync(join(dir, 'SKILL.md'))) continue;
      if (!within(realpathSync(join(dir, 'SKILL.md')), realWorkspace)) {
        throw new Error(`${relative(workspace, join(dir, 'SKILL.md'))} leads outside the workspace through a link`);
      }
      const { name, description } = readSkillFrontmatter(dir);
      const skill = { name: name || entry.name, description: description ?? '', dir };
      if (!found.has(skill.name)) found.set(skill.name, skill);
    }
  }
  return [...found.values()];
}

/** The listing Claude Code puts before the model (engines.md §1.4), so triggering is comparable. */
export function skillListing(skills: readonly StagedSkill[]): string {
  const lines = skills.map((skill) => `- ${skill.name}: ${skill.description}`);
  return `The following skills are available for use with the Skill tool:\n\n${lines.join('\n')}`;
}

const stripFrontmatter = (text: string): string =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/^---\r?\n[\s\S]*?\r?\n---[^\n]*(\r?\n|$)/, '')
    .replace(/^\s*\n/, '');

/** The `Skill` tool: `{skill, args?}` → "Base directory for this skill: <dir>\n\n<body>", as Claude Code injects it. */
export function createSkillTool(skills: readonly StagedSkill[], workspace: string): AgentTool {
  return {
    definition: {
      name: 'Skill',
      description: 'Loads a skill listed in the system prompt: returns its instructions, which you then follow.',
      inputSchema: {
        type: 'object',
        properties: {
          skill: { type: 'string', description: 'The skill name.' },
          args: { type: 'string', description: 'Optional arguments for the skill.' },
        },
        required: ['skill'],
      },
    },
    skillOf(input) {
      const name = input && typeof input === 'object' ? (input as Record<string, unknown>).skill : undefined;
      const skill = skills.find((s) => s.name === name);
      return skill && { name: skill.name, via: 'tool' };
    },
    async run(input) {
      const name = stringField(input, 'skill', true);
      const args = stringField(input, 'args', false);
      const skill = skills.find((s) => s.name === name);
      if (!skill) {
        const known = skills.map((s) => s.name).join(', ') || 'none';
        throw new ToolError(`Unknown skill: ${name}. Available skills: ${known}.`);
      }
      // Read on the host through the file layer: a link left at SKILL.md since discovery is refused, not followed.
      const text = await readAgentText(workspace, relative(workspace, join(skill.dir, 'SKILL.md')));
      if (typeof text !== 'string') throw new ToolError(`The skill ${name} cannot be read: ${text.message}.`);
      const body = stripFrontmatter(text);
      const output = `Base directory for this skill: ${skill.dir}\n\n${args ? `${body.trimEnd()}\n\nARGUMENTS: ${args}` : body}`;
      return { output, isError: false };
    },
  };
}
