import type { Worker } from 'node:worker_threads';
import { SkillEvalError } from '@skill-eval/core';
import { countMatches } from './count-matches.js';
import { stopped } from './until-stopped.js';

/** One search of `text` for `new RegExp(source, flags)`: its first match, or with `count`, how many matches it has. */
export interface PatternSearch {
  source: string;
  flags: string;
  text: string;
  count?: boolean;
}

/** Where a search matched; of a `count` search, `length` is the number of matches and `index` -1. */
export interface PatternMatch {
  index: number;
  length: number;
}

/** How long the searches may take, what stops them early, and what to name in the error. */
export interface PatternDeadline {
  limitMs: number;
  /** Aborts when the run is interrupted or grading passes the execution's time limit. */
  signal?: AbortSignal;
  /** The check, case and file a stopped search is reported against. */
  label: string;
}

// The worker runs JavaScript's own RegExp, so its matches are the ones promptfoo and AgentV find. It is a script
// (not a file beside this one) so that the bundled CLI carries it.
const SEARCHER = `
const { parentPort } = require('node:worker_threads');
const countMatches = ${countMatches.toString()};
parentPort.on('message', (searches) => {
  parentPort.postMessage('searching');
  parentPort.postMessage(searches.map(({ source, flags, text, count }) => {
    if (count) return { index: -1, length: countMatches(new RegExp(source, flags), text) };
    const match = new RegExp(source, flags).exec(text);
    return match && { index: match.index, length: match[0].length };
  }));
});`;

/**
 * A new worker running {@link SEARCHER}. worker_threads is taken when a pattern is searched, not when the checks are
 * imported: `list` and `validate` import them and search nothing.
 */
function startSearcher(): Worker {
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  return new Worker(SEARCHER, { eval: true });
}

/** Warm workers waiting for the next search; one that overran its deadline is terminated, never reused. */
const idle: Worker[] = [];
const MAX_IDLE = 2;

/**
 * Runs the searches on a worker thread, in order, and gives their matches; past `limitMs`, or when the signal
 * aborts, the worker is terminated (a backtracking search stops at once) and the searches fail with an error
 * naming the check. The main thread never runs a pattern that could backtrack without end.
 */
export function searchOffThread(
  searches: readonly PatternSearch[],
  deadline: PatternDeadline,
): Promise<(PatternMatch | null)[]> {
  const { signal } = deadline;
  if (signal?.aborted) return Promise.reject(stopped(signal, deadline.label));
  const worker = idle.pop() ?? startSearcher();
  worker.ref();
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const done = (keep: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (keep && idle.length < MAX_IDLE) {
        worker.unref();
        idle.push(worker);
      } else void worker.terminate();
    };
    const onMessage = (matches: 'searching' | (PatternMatch | null)[]) => {
      // The limit counts from the search's start: a worker's start-up (seconds on a loaded machine) is not backtracking.
      if (matches === 'searching') {
        timer = setTimeout(() => {
          done(false);
          reject(overran(searches, deadline));
        }, deadline.limitMs);
        return;
      }
      done(true);
      resolve(matches);
    };
    const onError = (error: Error) => {
      done(false);
      reject(error);
    };
    const onExit = () => onError(new Error('the pattern worker stopped'));
    const onAbort = () => {
      done(false);
      reject(stopped(signal!, deadline.label));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(searches);
  });
}

/**
 * A pattern from an eval file that skill-eval stopped because it backtracked past its deadline: a bound of skill-eval's
 * own, which the source tools do not have (their regexes run on the main thread until they end). The check is an
 * error, whatever the format's rule for a check that fails to grade: a hostile answer must not turn it into a score.
 */
export class RunawayPatternError extends SkillEvalError {}

function overran(searches: readonly PatternSearch[], { label, limitMs }: PatternDeadline): SkillEvalError {
  const patterns = [...new Set(searches.map((s) => `/${s.source}/${s.flags}`))].join(', ');
  return new RunawayPatternError(
    'TIMEOUT',
    `${label}: ${patterns} was stopped after searching for ${limitMs / 1000} s: it backtracks without end on this text`,
    {
      hint: 'rewrite it without nested or overlapping repeats such as (a+)+ or (\\w+\\s?)+ next to a lookaround or backreference',
    },
  );
}
