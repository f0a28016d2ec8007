import type { Usage } from '@skill-eval/core';
import type { SeenAttempt, SetScore } from './improve-prompt.js';

/** What measuring or proposing spent. */
export interface Spend {
  usage: Usage;
  costUsd: number;
}

/** A description's measure: its score on the training and the held-out queries, what the runs cost, where they are. */
export interface Measured extends Spend {
  train: SetScore;
  /** Absent without held-out queries. */
  test?: SetScore;
  /** The run directory of its trigger runs. */
  runDir: string;
}

/** A proposal of the model: the description, what asking cost, and the exchanges (prompt and answer) it took. */
export interface Proposal extends Spend {
  description: string;
  exchanges: { prompt: string; answer: string }[];
}

/** One description the loop measured. */
export interface Candidate {
  /** 1 for the skill's own description, then one per proposal. */
  iteration: number;
  description: string;
  measured: Measured;
  /** The proposal it came from (none for the original). */
  proposal?: Proposal;
}

export interface LoopResult {
  candidates: Candidate[];
  /** The candidate with the most held-out passes (the earliest of equals); by training passes without a held-out set. */
  best: Candidate;
  /** `all-train-passed`: a description passed every training query; `max-iterations`: the budget ran out. */
  exitReason: 'all-train-passed' | 'max-iterations';
}

/**
 * skill-creator's run_loop.py on any engine: measure the description (training and held-out queries together), stop
 * when every training query passes or the iterations run out, else ask for a better description from the training
 * results and the earlier attempts with their held-out scores removed. The best description is chosen by its
 * held-out score — the queries no proposal saw — so the loop cannot overfit to the ones it was tuned on.
 */
export async function optimizeLoop(options: {
  original: string;
  maxIterations: number;
  measure(description: string, iteration: number): Promise<Measured>;
  propose(current: string, train: SetScore, history: readonly SeenAttempt[], iteration: number): Promise<Proposal>;
  onCandidate?(candidate: Candidate): void;
}): Promise<LoopResult> {
  const candidates: Candidate[] = [];
  let description = options.original;
  let proposal: Proposal | undefined;
  let exitReason: LoopResult['exitReason'] = 'max-iterations';
  for (let iteration = 1; iteration <= options.maxIterations; iteration++) {
    const measured = await options.measure(description, iteration);
    const candidate: Candidate = { iteration, description, measured, ...(proposal ? { proposal } : {}) };
    candidates.push(candidate);
    options.onCandidate?.(candidate);
    if (measured.train.passed === measured.train.total) {
      exitReason = 'all-train-passed';
      break;
    }
    if (iteration === options.maxIterations) break;
    // Blind: the proposing model sees training results only.
    const history = candidates.map((c) => ({ description: c.description, train: c.measured.train }));
    proposal = await options.propose(description, measured.train, history, iteration);
    description = proposal.description;
  }
  return { candidates, best: bestOf(candidates), exitReason };
}

/** The first candidate with the most held-out passes, or with the most training passes when nothing was held out. */
export function bestOf(candidates: readonly Candidate[]): Candidate {
  const score = (c: Candidate) => (c.measured.test ? c.measured.test.passed : c.measured.train.passed);
  return candidates.reduce((best, c) => (score(c) > score(best) ? c : best));
}
