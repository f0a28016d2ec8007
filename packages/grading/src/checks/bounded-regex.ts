import v8 from 'node:v8';
import { countMatches } from './count-matches.js';
import { type PatternDeadline, searchOffThread } from './pattern-worker.js';

let linearEngine = false;

/**
 * Lets patterns carry V8's `l` flag: they then run on its linear-time engine, with the same matches and groups.
 * This flag changes nothing else. (V8's other flag, which sends any search that backtracks too much to that engine,
 * applies to every regex in the process, and made some of them — promptfoo's HTML patterns over a long answer —
 * take minutes instead of milliseconds.)
 */
function allowLinearEngine(): void {
  if (linearEngine) return;
  linearEngine = true;
  v8.setFlagsFromString('--enable-experimental-regexp-engine');
}

/** Each pattern (source and flags) on the linear engine, or null when that engine cannot run it (backreferences). */
const linearTwins = new Map<string, RegExp | null>();

/**
 * `re` on V8's linear-time engine, or null when that engine cannot run it: a backreference, a lookaround, a
 * counted repeat, and on Node 20 the `i`, `u` and `v` flags. A search with the twin takes time linear in the text.
 */
export function linearTwin(re: RegExp): RegExp | null {
  allowLinearEngine();
  const key = `${re.flags}/${re.source}`;
  let twin = linearTwins.get(key);
  if (twin === undefined) {
    try {
      twin = new RegExp(re.source, `${re.flags}l`);
    } catch {
      twin = null;
    }
    linearTwins.set(key, twin);
  }
  return twin;
}

/** `re` on the linear engine when it can run there (for a search whose backtracking could explode), else `re`. */
export function linearWhereItRuns(re: RegExp): RegExp {
  return linearTwin(re) ?? re;
}

/**
 * What `re.exec(text)` finds (its place and length), without a search that could hang the run: a pattern the linear
 * engine runs is searched here, in time linear in the text; any other on a worker thread, stopped at the deadline
 * (the check is then an error naming it) or when the run is interrupted.
 */
export async function boundedSearch(
  re: RegExp,
  text: string,
  deadline: PatternDeadline,
): Promise<{ index: number; length: number } | null> {
  const twin = linearTwin(re);
  if (twin) {
    twin.lastIndex = 0;
    const match = twin.exec(text);
    return match && { index: match.index, length: match[0].length };
  }
  const [match] = await searchOffThread([{ source: re.source, flags: re.flags, text }], deadline);
  return match ?? null;
}

/**
 * How many matches `re` has in `text`, as `text.match(re)` with the `g` flag counts them (count-matches.ts) — Claude
 * Code's `match: count:N` (binary `async function $m(e,r)`) — bounded as {@link boundedSearch} bounds a search.
 */
export async function boundedCount(re: RegExp, text: string, deadline: PatternDeadline): Promise<number> {
  const twin = linearTwin(re);
  if (twin) return countMatches(twin, text);
  const [counted] = await searchOffThread([{ source: re.source, flags: re.flags, text, count: true }], deadline);
  return counted?.length ?? 0;
}
