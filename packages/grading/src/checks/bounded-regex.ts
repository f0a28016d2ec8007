import v8 from 'node:v8';
import vm from 'node:vm';
import { SkillEvalError } from '@skill-eval/core';

/** How long one regex check may search an answer before it is stopped as runaway backtracking. */
export const REGEX_TIME_LIMIT_MS = 2000;

let linearFallback = false;

/**
 * Lets V8 finish a search that backtracks too much on its linear-time engine (same match, same groups): `^(a+)+$`
 * over forty `a`s and a `b` then takes milliseconds instead of days. The flags change nothing else: the second one
 * only lets the `l` flag be written, which is how a pattern the linear engine can run is told from one it cannot.
 */
function enableLinearFallback(): void {
  if (linearFallback) return;
  linearFallback = true;
  v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
  v8.setFlagsFromString('--enable-experimental-regexp-engine');
}

/** Patterns (source and flags) by whether the linear engine runs them: lookarounds and backreferences it may not. */
const linearRuns = new Map<string, boolean>();

function runsLinear(re: RegExp): boolean {
  const key = `${re.flags}/${re.source}`;
  let runs = linearRuns.get(key);
  if (runs === undefined) {
    try {
      new RegExp(re.source, `${re.flags}l`);
      runs = true;
    } catch {
      runs = false;
    }
    linearRuns.set(key, runs);
  }
  return runs;
}

const SEARCH = new vm.Script('re.exec(text)', { filename: 'regex check' });
let searchContext: vm.Context | undefined;

/**
 * `re.exec(text)`, which cannot hang the run: a search that backtracks past V8's budget goes on on the linear
 * engine; a pattern that engine cannot run is searched under a time limit, past which the check is a BAD_INPUT error
 * naming the pattern (the run goes on).
 */
export function boundedExec(re: RegExp, text: string, limitMs = REGEX_TIME_LIMIT_MS): RegExpExecArray | null {
  enableLinearFallback();
  if (runsLinear(re)) return re.exec(text);
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
