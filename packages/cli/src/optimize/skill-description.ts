import { SkillEvalError } from '@skill-eval/core';
import { yamlScalar } from '@skill-eval/format-kit';

/** The description's hard limit: longer ones are cut by the agents that list them (skill-creator, agentskills.io). */
export const DESCRIPTION_LIMIT = 1024;

const FRONTMATTER = /^(\uFEFF?---\r?\n)([\s\S]*?)(\r?\n---[^\n]*(?:\r?\n|$))/;

/**
 * `description: …` as YAML every reader takes the same way, on one line: plain when it can be, else double-quoted
 * with escapes — a model-proposed description holding a line break of YAML 1.1 (U+2028, U+0085) or a newline stays
 * one value, never a new front-matter key such as `allowed-tools`.
 */
export function descriptionLine(description: string): string {
  return `description: ${yamlScalar(description.trim())}`;
}

/**
 * SKILL.md with its frontmatter `description` replaced by `description` — the rest of the file byte for byte. The old
 * value may be a plain, quoted or block scalar over several lines; a file with no description gets one after `name`.
 */
export function withDescription(skillMd: string, description: string, file = 'SKILL.md'): string {
  const match = FRONTMATTER.exec(skillMd);
  if (!match) {
    throw new SkillEvalError(
      'BAD_INPUT',
      `${file} has no frontmatter (--- name / description ---) to hold a description.`,
    );
  }
  const [whole, open, body, close] = match as unknown as [string, string, string, string];
  const eol = open.endsWith('\r\n') ? '\r\n' : '\n';
  const lines = body.split(/\r?\n/);
  const at = lines.findIndex((line) => /^description\s*:/.test(line));
  const line = descriptionLine(description);
  if (at < 0) {
    const name = lines.findIndex((l) => /^name\s*:/.test(l));
    lines.splice(name + 1, 0, line);
  } else {
    // The value goes on over the lines indented below the key, and blank lines followed by more of them.
    const indented = (l: string | undefined) => l !== undefined && /^\s+\S/.test(l);
    const continues = (i: number) =>
      indented(lines[i]) || (lines[i]!.trim() === '' && indented(lines.slice(i + 1).find((l) => l.trim() !== '')));
    let end = at + 1;
    while (end < lines.length && continues(end)) end++;
    lines.splice(at, end - at, line);
  }
  return open + lines.join(eol) + close + skillMd.slice(whole.length);
}
