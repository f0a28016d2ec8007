/** The skill directories whose SKILL.md a shell command reads (`cat …/.agents/skills/<name>/SKILL.md`). */
export function skillsReadBy(command: string): string[] {
  const names = new Set<string>();
  // The directory holding SKILL.md names the skill (the runner stages each skill under its name).
  for (const match of command.matchAll(/([^/\s'"`\\]+)\/SKILL\.md(?![\w.-])/g)) {
    const name = match[1]!;
    if (name !== '.' && name !== '..') names.add(name);
  }
  return [...names];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The skills a prompt names as `$skill-name` (codex then injects the skill body). Only known names count. */
export function skillsMentionedIn(prompt: string, skillNames: readonly string[]): string[] {
  return skillNames.filter((name) => new RegExp(`\\$${escapeRegExp(name)}(?![\\w-])`).test(prompt));
}
