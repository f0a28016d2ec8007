import type { QueryOutcome, SetScore } from '@skill-eval/report-html';
import { DESCRIPTION_LIMIT } from './skill-description.js';

export type { QueryOutcome, SetScore };

/** An earlier attempt as the proposing model may see it: its description and its score on the training queries. */
export interface SeenAttempt {
  description: string;
  train: SetScore;
}

const quote = (text: string, max = 200) => JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);
const fired = (q: QueryOutcome) => `fired in ${q.triggers} of ${q.runs} runs`;

/**
 * What the proposing model is asked, after skill-creator's improve_description.py: the current description and its
 * score on the training queries, the queries it failed (missed, and fired when it should not have), every earlier
 * attempt with its training results only — the held-out queries are never shown, so a proposal cannot be fitted to
 * them — and the skill itself; it answers with a new description in `<new_description>` tags.
 */
export function improvePrompt(input: {
  skillName: string;
  skillMd: string;
  description: string;
  train: SetScore;
  history: readonly SeenAttempt[];
}): string {
  const { train } = input;
  const missed = train.queries.filter((q) => q.shouldTrigger && !q.pass);
  const wrong = train.queries.filter((q) => !q.shouldTrigger && !q.pass);
  const parts = [
    `You are improving the description of an agent skill named "${input.skillName}". An agent sees only each skill's name and description when it decides whether to use the skill for a request; if it does, it reads the skill's full instructions (SKILL.md) and the files beside them. The description therefore decides when the skill is used: it should make the agent use the skill for the requests it serves, and not for others.`,
    `The current description:\n<current_description>\n${input.description}\n</current_description>`,
    `How it did on the training queries: ${train.passed} of ${train.total} passed.`,
  ];
  const listing: string[] = [];
  if (missed.length) {
    listing.push(
      `Should have used the skill, but did not often enough:\n${missed.map((q) => `- ${quote(q.query)} (${fired(q)})`).join('\n')}`,
    );
  }
  if (wrong.length) {
    listing.push(
      `Should not have used the skill, but did:\n${wrong.map((q) => `- ${quote(q.query)} (${fired(q)})`).join('\n')}`,
    );
  }
  if (input.history.length) {
    const attempts = input.history.map((attempt) => {
      const results = attempt.train.queries
        .map((q) => `  [${q.pass ? 'PASS' : 'FAIL'}] ${quote(q.query, 80)} (${fired(q)})`)
        .join('\n');
      return `<attempt train="${attempt.train.passed}/${attempt.train.total}">\nDescription: ${quote(attempt.description, 2000)}\nTraining results:\n${results}\n</attempt>`;
    });
    listing.push(
      `Earlier attempts — do not repeat them; try something different in structure:\n${attempts.join('\n')}`,
    );
  }
  if (listing.length) parts.push(`<results>\n${listing.join('\n\n')}\n</results>`);
  parts.push(
    `The skill itself, for what it does:\n<skill_md>\n${input.skillMd}\n</skill_md>`,
    [
      'Write a better description from these failures — but generalise: describe the kinds of requests and intents the skill serves and those it does not, rather than listing these queries, which would not carry over to the requests real users send. Every description is shown to the agent beside many other skills, so keep it short and distinctive.',
      `Keep it to about 100 to 200 words. It must stay under ${DESCRIPTION_LIMIT} characters: longer descriptions are cut off.`,
      'What tends to work: the imperative ("Use this skill when…", not "This skill does…"); the user\'s intent rather than how the skill works inside; words that set it apart from neighbouring skills. If earlier attempts kept failing, change the approach, not just the words.',
      'Answer with the new description between <new_description> and </new_description> tags, and nothing else.',
    ].join('\n\n'),
  );
  return parts.join('\n\n');
}

/** The follow-up when a proposal is over the limit: the same request, the proposal, and the ask to shorten it. */
export function shortenPrompt(prompt: string, tooLong: string): string {
  return `${prompt}\n\n---\n\nAn earlier answer was ${tooLong.length} characters long, over the ${DESCRIPTION_LIMIT}-character limit:\n\n${quote(tooLong, 4000)}\n\nRewrite it in under ${DESCRIPTION_LIMIT} characters, keeping the intents it covers and the words that trigger it. Answer with the new description between <new_description> and </new_description> tags, and nothing else.`;
}

/** The description in a model's answer: inside `<new_description>` tags when there are some, else the whole answer. */
export function proposedDescription(answer: string): string {
  const tagged = /<new_description>([\s\S]*?)<\/new_description>/.exec(answer);
  return (tagged ? tagged[1]! : answer)
    .trim()
    .replace(/^"+|"+$/g, '')
    .trim();
}
