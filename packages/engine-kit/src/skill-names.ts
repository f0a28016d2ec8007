// Skill signals in Claude-Code-style tool calls, which other agents' transcripts (skill-up's contract) reuse.

/** Skill name from a `Skill` tool input (`skill`, `command` or `name`), without a leading `/` or a `plugin:` prefix. */
export function skillNameFromInput(input: unknown): string | undefined {
  const fields =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const raw = [fields.skill, fields.command, fields.name].find((value): value is string => typeof value === 'string');
  if (!raw) return undefined;
  const name = raw.trim().replace(/^\//, '');
  const colon = name.lastIndexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

/** Skill name when a read tool opened `<dir>/<name>/SKILL.md`. */
export function skillNameFromPath(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const match = /([^/\\]+)[/\\]SKILL\.md$/.exec(path);
  return match?.[1];
}

/**
 * The skills whose SKILL.md a shell command reads (`cat .agents/skills/<name>/SKILL.md`): the directory holding the
 * file names the skill, as the runner stages each skill under its name.
 */
export function skillsReadBy(command: string): string[] {
  const names = new Set<string>();
  for (const match of command.matchAll(/([^/\s'"`\\]+)\/SKILL\.md(?![\w.-])/g)) {
    const name = match[1]!;
    if (name !== '.' && name !== '..') names.add(name);
  }
  return [...names];
}
