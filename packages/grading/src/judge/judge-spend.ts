import { addUsage, type CompletionResponse, emptyUsage, type Usage } from '@skill-eval/core';

/** What a case's judge calls (the first and any repair) used, and the model that answered them. */
export interface JudgeSpend {
  usage: Usage;
  /** Absent when no answer had a price. */
  costUsd?: number;
  /** The model the judge engine reports having used. */
  model?: string;
}

/** A running tally of the judge's answers for one execution. */
export function judgeSpendTally(): { add(response: CompletionResponse): void; spend(): JudgeSpend } {
  const total: JudgeSpend = { usage: emptyUsage() };
  return {
    add(response) {
      total.usage = addUsage(total.usage, response.usage);
      if (response.costUsd !== undefined) total.costUsd = (total.costUsd ?? 0) + response.costUsd;
      if (response.model) total.model = response.model;
    },
    spend: () => ({ ...total }),
  };
}
