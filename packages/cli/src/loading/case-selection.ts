import type { Case, Suite } from '@skill-eval/core';

/** `--mode`: `task` (or BMAD's `artifact`) runs the task cases, `trigger` the trigger cases. */
export type CaseMode = 'task' | 'artifact' | 'trigger';

/** Which cases a command keeps of those it loaded: `--mode`, `--case`, `--tag`. */
export interface CaseSelection {
  mode?: CaseMode;
  /** `--case <glob>`, repeatable: a case is kept when its id or its name matches one. */
  case?: readonly string[];
  /** `--tag <tag>`, repeatable: a case is kept when it has one of them. */
  tag?: readonly string[];
}

/**
 * A case glob as `claude plugin eval --case` reads it (Claude Code 2.1.330, `function bd` beside the case filter
 * `function vd`): `*` is any run of characters, `?` one character, the rest literal; the whole name must match, letter
 * case counting.
 */
export function caseGlob(glob: string): RegExp {
  const literal = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal.replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's');
}

/** Whether a case is one the selection keeps (every filter given holds; `--tag` as Claude Code's: any of them). */
function kept(testCase: Case, selection: CaseSelection, globs: readonly RegExp[]): boolean {
  if (selection.mode && testCase.kind !== (selection.mode === 'trigger' ? 'trigger' : 'task')) return false;
  if (globs.length > 0 && !globs.some((glob) => glob.test(testCase.id) || glob.test(testCase.name))) return false;
  const tags = selection.tag ?? [];
  return tags.length === 0 || tags.some((tag) => testCase.tags.includes(tag));
}

/** The selection a command's parsed options make (run's and list's `--mode`, `--case`, `--tag`). */
export function selectionOf(options: CaseSelection): CaseSelection {
  return {
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.case?.length ? { case: options.case } : {}),
    ...(options.tag?.length ? { tag: options.tag } : {}),
  };
}

/** Whether the selection narrows anything. */
export function selects(selection: CaseSelection): boolean {
  return Boolean(selection.mode || selection.case?.length || selection.tag?.length);
}

/** The suites with only the cases the selection keeps, and without those left with none. */
export function selectCases(suites: readonly Suite[], selection: CaseSelection): Suite[] {
  if (!selects(selection)) return [...suites];
  const globs = (selection.case ?? []).map(caseGlob);
  return suites.flatMap((suite) => {
    const cases = suite.cases.filter((c) => kept(c, selection, globs));
    return cases.length > 0 ? [{ ...suite, cases }] : [];
  });
}

/** The selection as the flags that made it, for a message: `--case 'lint-*' --tag smoke`. */
export function selectionFlags(selection: CaseSelection): string {
  return [
    ...(selection.mode ? [`--mode ${selection.mode}`] : []),
    ...(selection.case ?? []).map((glob) => `--case '${glob}'`),
    ...(selection.tag ?? []).map((tag) => `--tag '${tag}'`),
  ].join(' ');
}
