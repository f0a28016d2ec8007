import { addUsage, deadlineSignal, emptyUsage, SkillEvalError } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { improvePrompt, proposedDescription, shortenPrompt } from './improve-prompt.js';
import type { Proposal } from './optimize-loop.js';
import { DESCRIPTION_LIMIT } from './skill-description.js';

/** How long one proposal may take (skill-creator's improve_description.py waits 300 s for `claude -p`). */
const PROPOSAL_TIMEOUT_MS = 300_000;

/**
 * Asks a model for a better description (skill-creator's improve_description.py): one completion of the judge engine
 * — any engine, whose `complete()` answers or which runs the prompt as a task — and, when the answer is over the
 * 1024-character limit, one more asking to shorten it.
 */
export function descriptionProposer(model: Judge, signal?: AbortSignal) {
  return async (input: Parameters<typeof improvePrompt>[0]): Promise<Proposal> => {
    const proposal: Proposal = { description: '', usage: emptyUsage(), costUsd: 0, exchanges: [] };
    const ask = async (prompt: string) => {
      const deadline = deadlineSignal(PROPOSAL_TIMEOUT_MS, signal);
      try {
        const reply = await model.complete({
          messages: [{ role: 'user', content: prompt }],
          ...(model.model ? { model: model.model } : {}),
          maxTokens: 4_096,
          timeoutMs: PROPOSAL_TIMEOUT_MS,
          signal: deadline.signal,
        });
        proposal.usage = addUsage(proposal.usage, reply.usage);
        proposal.costUsd += reply.costUsd ?? 0;
        proposal.exchanges.push({ prompt, answer: reply.text });
        return proposedDescription(reply.text);
      } finally {
        deadline.dispose();
      }
    };
    const prompt = improvePrompt(input);
    let description = await ask(prompt);
    if (description.length > DESCRIPTION_LIMIT) description = await ask(shortenPrompt(prompt, description));
    if (description === '') {
      throw new SkillEvalError('ENGINE_FAILED', `The ${model.engine} model proposed an empty description.`, {
        hint: 'Its answers are in the report; try another --judge model.',
      });
    }
    proposal.description = description;
    return proposal;
  };
}
