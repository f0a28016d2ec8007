const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The skills a prompt names as `$skill-name` (codex then injects the skill body). Only known names count. */
export function skillsMentionedIn(prompt: string, skillNames: readonly string[]): string[] {
  return skillNames.filter((name) => new RegExp(`\\$${escapeRegExp(name)}(?![\\w-])`).test(prompt));
}
