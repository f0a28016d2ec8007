/** The skill directories whose SKILL.md a shell command reads (`cat .opencode/skills/<name>/SKILL.md`). */
export function skillsReadBy(command: string): string[] {
  const names = new Set<string>();
  // The directory holding SKILL.md names the skill (the runner stages each skill under its name).
  for (const match of command.matchAll(/([^/\s'"`\\]+)\/SKILL\.md(?![\w.-])/g)) {
    const name = match[1]!;
    if (name !== '.' && name !== '..') names.add(name);
  }
  return [...names];
}
