import { basename } from 'node:path';
import type { Diagnostic } from '@skill-eval/core';
import type { SkillDocument } from './skill-document.js';
import { finding } from './skill-rule.js';

/** Similarity from which two descriptions are reported: a note from here, a warning from {@link WARN_FROM}. */
export const NOTE_FROM = 0.4;
export const WARN_FROM = 0.55;

/** Words that say nothing of what a skill is for: English function words, and the words every description uses. */
const STOP_WORDS = new Set(
  `a about above after again all also an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further had has have having he her here hers him his how i if
  in into is it its itself just me more most my no nor not now of off on once only or other our out over own same she
  should so some such than that the their them then there these they this those through to too under until up very was
  we were what when whenever where which while who whom why will with would you your yours use used uses using skill
  skills user users asks ask asked wants want need needs help helps task tasks work working etc e g eg ie like`
    .split(/\s+/)
    .filter(Boolean),
);

/** The content words of a text, lowercased, a plural `s` dropped so that "PDFs" and "PDF" are one word. */
export function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(
    words
      .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
      .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word)),
  );
}

/** The cosine of two word sets: shared words over the geometric mean of their sizes, 0 to 1. */
export function wordSetCosine(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / Math.sqrt(a.size * b.size);
}

/**
 * Pairs of skills whose descriptions share much of their words: an agent choosing between them by description may
 * pick either, so one steals the other's requests. Lexical (cosine over content-word sets), so it is advice: a note
 * from {@link NOTE_FROM}, a warning from {@link WARN_FROM}, each at the later skill's description naming the earlier.
 */
export function descriptionOverlaps(skills: readonly SkillDocument[]): Diagnostic[] {
  const described = skills.flatMap((skill) => {
    const description = skill.frontmatter?.data.description;
    return typeof description === 'string' && description.trim() !== ''
      ? [{ skill, words: contentWords(description), name: nameOf(skill) }]
      : [];
  });
  const findings: Diagnostic[] = [];
  described.forEach((later, j) => {
    for (const earlier of described.slice(0, j)) {
      const score = wordSetCosine(earlier.words, later.words);
      if (score < NOTE_FROM) continue;
      const shared = [...later.words].filter((word) => earlier.words.has(word));
      findings.push(
        finding(
          later.skill,
          score >= WARN_FROM ? 'warning' : 'info',
          'skill/description-overlap',
          `This description and that of "${earlier.name}"${earlier.name === basename(earlier.skill.dir) ? '' : ` (in ${basename(earlier.skill.dir)}/)`} overlap (word similarity ${score.toFixed(2)}; shared: ${shared.slice(0, 8).join(', ')}${shared.length > 8 ? ', …' : ''}): an agent that has both may pick either for the same request. Say what sets each apart, and when to use one rather than the other.`,
          later.skill.frontmatter?.valueAt('description'),
        ),
      );
    }
  });
  return findings;
}

const nameOf = (skill: SkillDocument): string => {
  const name = skill.frontmatter?.data.name;
  return typeof name === 'string' && name !== '' ? name : (skill.dir.split(/[\\/]/).pop() ?? skill.dir);
};
