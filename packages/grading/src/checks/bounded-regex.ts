import v8 from 'node:v8';
import vm from 'node:vm';
import { SkillEvalError } from '@skill-eval/core';

/** How long one regex check may search an answer before it is stopped as runaway backtracking. */
export const REGEX_TIME_LIMIT_MS = 2000;

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

function linearTwin(re: RegExp): RegExp | null {
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

const SEARCH = new vm.Script('re.exec(text)', { filename: 'regex check' });
let searchContext: vm.Context | undefined;

/** `re` on the linear engine when it can run there (for a search whose backtracking could explode), else `re`. */
export function linearWhereItRuns(re: RegExp): RegExp {
  return linearTwin(re) ?? re;
}

/**
 * `re.exec(text)`, which cannot hang the run: a pattern the linear engine can run is searched there, in time
 * linear in the text; any other is searched under a time limit, past which the check is a BAD_INPUT error naming
 * the pattern (the run goes on).
 */
export function boundedExec(re: RegExp, text: string, limitMs = REGEX_TIME_LIMIT_MS): RegExpExecArray | null {
  const twin = linearTwin(re);
  if (twin) {
    twin.lastIndex = re.lastIndex;
    const match = twin.exec(text);
    re.lastIndex = twin.lastIndex;
    return match;
  }
  searchContext ??= vm.createContext({});
  searchContext.re = re;
  searchContext.text = text;
  try {
    return SEARCH.runInContext(searchContext, { timeout: limitMs }) as RegExpExecArray | null;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    throw new SkillEvalError(
      'BAD_INPUT',
      `regex /${re.source}/${re.flags} was stopped after searching the answer for ${limitMs / 1000} s: it backtracks without end on this text`,
      {
        hint: 'rewrite it without nested or overlapping repeats such as (a+)+ or (\\w+\\s?)+ next to a lookaround or backreference',
      },
    );
  } finally {
    searchContext.re = undefined;
    searchContext.text = undefined;
  }
}
