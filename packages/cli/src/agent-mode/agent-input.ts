import { join, resolve } from 'node:path';
import { buildSystemPrompt } from '@skill-eval/agent-loop';
import { type Case, readSkillFrontmatter, type SkillRef, type Warning } from '@skill-eval/core';
import { stageCaseWorkspace } from '@skill-eval/runner';

/** What an agent is given for one case, as skill-eval's engines give it. */
export interface AgentInput {
  /** The system prompt: working rules, the working directory, the skill listing (progressive disclosure), the case's own. */
  system: string;
  /** The user messages, in order: one, or a conversation's turns. */
  turns: string[];
  /** The skills listed to the agent, with the SKILL.md it reads when it decides to use one. */
  skills: { name: string; description: string; file: string }[];
  /** The folder the case's workspace was staged in, when asked for. */
  workspace?: string;
  /** What went oddly while staging (a skill not staged, a fixture not laid over the skill). */
  warnings: Warning[];
}

/** Stands for the agent's working directory when no workspace was staged. */
const YOUR_WORKING_DIRECTORY = '<your working directory>';

/**
 * A case's input as skill-eval's API engines send it — the system prompt with the skill listing Claude Code shows
 * (name and description; the body only when the agent loads the skill), then the user turns. With `workspace`, the
 * case's workspace is staged there first (project, overlays, skill at the engine's skill root, fixtures), so a
 * person's own agent can do the work where the engine's agent would.
 */
export async function agentInput(
  testCase: Case,
  options: { workspace?: string; skillRoots: readonly string[] },
): Promise<AgentInput> {
  let skills: SkillRef[] = testCase.skills;
  let warnings: Warning[] = [];
  const workspace = options.workspace === undefined ? undefined : resolve(options.workspace);
  if (workspace) ({ skills, warnings } = await stageCaseWorkspace(testCase, workspace, options.skillRoots));
  const listed = skills.map((skill) => ({
    name: skill.name,
    description: readSkillFrontmatter(skill.dir).description ?? '',
    dir: skill.dir,
  }));
  return {
    system: buildSystemPrompt(workspace ?? YOUR_WORKING_DIRECTORY, listed, testCase.system),
    turns: [...testCase.turns],
    skills: listed.map(({ name, description, dir }) => ({ name, description, file: join(dir, 'SKILL.md') })),
    ...(workspace ? { workspace } : {}),
    warnings,
  };
}

/** The input as text for a person's agent to read: the system prompt, where each skill's SKILL.md is, the turns. */
export function renderAgentInput(input: AgentInput): string {
  const parts = [`## System\n\n${input.system}`];
  if (input.skills.length > 0) {
    const where = input.skills.map((s) => `- ${s.name}: ${s.file}`).join('\n');
    parts.push(`## Skills (read a skill's SKILL.md only when you decide to use it)\n\n${where}`);
  }
  input.turns.forEach((turn, i) => {
    parts.push(`## User${input.turns.length > 1 ? ` (turn ${i + 1} of ${input.turns.length})` : ''}\n\n${turn}`);
  });
  return `${parts.join('\n\n')}\n`;
}
