import { createHash } from 'node:crypto';
import type { Case, PlannedExecution, Suite } from '@skill-eval/core';

/**
 * `with_skill` stages the case's skills; `without_skill` stages none; `baseline` stages an older version of the
 * skill under test in its place (`--baseline <skill-dir>`).
 */
export type Variant = 'with_skill' | 'without_skill' | 'baseline';

/** The variants every suite runs in, or a choice per suite. */
export type VariantChoice = readonly Variant[] | ((suite: Suite) => readonly Variant[]);

/** One planned execution with what it needs to run. */
export interface PlanItem<E = string> {
  planned: PlannedExecution;
  suite: Suite;
  testCase: Case;
  target: E;
  variant: Variant;
}

const MAX_SLUG = 40;

/**
 * Lower-case, `[a-z0-9-]` only, bounded length: safe as a file name on every OS. `keepEnd` keeps the tail,
 * which is the telling part of a path.
 */
export function slugify(text: string, keepEnd = false): string {
  const full = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (full.length <= MAX_SLUG) return full || 'x';
  // Cut at a word boundary when there is one, so no half word is left at the edge.
  const cut = keepEnd ? full.slice(-MAX_SLUG) : full.slice(0, MAX_SLUG);
  const clean = keepEnd ? full.at(-MAX_SLUG - 1) === '-' : full[MAX_SLUG] === '-';
  const trimmed = clean || !cut.includes('-') ? cut : keepEnd ? cut.replace(/^[^-]*-/, '') : cut.replace(/-[^-]*$/, '');
  return trimmed.replace(/^-+|-+$/g, '') || 'x';
}

const shortHash = (parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 8);

/** Default number of runs: trigger cases are noisy, so they run three times. */
export const defaultRuns = (testCase: Case): number => testCase.runs ?? (testCase.kind === 'trigger' ? 3 : 1);

/** Whether `target` runs `suite`: a target with a `suites` list runs only those suite ids. */
function covers(target: unknown, suite: Suite): boolean {
  const only = (target as { suites?: unknown } | null)?.suites;
  return !Array.isArray(only) || only.includes(suite.id);
}

/**
 * Every case × engine × variant × run (skipping suites a target does not cover), in a stable order (suite, case, engine, variant, run), with readable,
 * filesystem-safe, unique execution ids. Slugs that collide get a hash of the full identity appended. `redact` takes
 * the secrets out of the ids and paths the slugs are made from: execution ids name files and are written everywhere.
 */
export function planItems<E>(
  suites: readonly Suite[],
  targets: readonly E[],
  targetId: (target: E) => string,
  variantChoice: VariantChoice = ['with_skill'],
  redact: (text: string) => string = (text) => text,
): PlanItem<E>[] {
  const items: PlanItem<E>[] = [];
  const identities: unknown[][] = [];
  const engineSlugs = new Map(targets.map((target) => [target, slugify(redact(targetId(target)))]));
  for (const suite of suites) {
    const variants = typeof variantChoice === 'function' ? variantChoice(suite) : variantChoice;
    const suiteSlug = slugify(redact(suite.id), true);
    suite.cases.forEach((testCase, caseIndex) => {
      const caseSlug = slugify(redact(testCase.id));
      for (const target of targets) {
        if (!covers(target, suite)) continue;
        for (const variant of variants) {
          for (let run = 1; run <= defaultRuns(testCase); run++) {
            const engine = targetId(target);
            const executionId = [suiteSlug, caseSlug, engineSlugs.get(target), variant, `r${run}`].join('--');
            identities.push([suite.id, testCase.id, caseIndex, engine, variant, run]);
            const planned = {
              executionId,
              suiteId: suite.id,
              caseId: testCase.id,
              caseName: testCase.name,
              engine,
              variant,
              run,
            };
            items.push({ planned, suite, testCase, target, variant });
          }
        }
      }
    });
  }
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.planned.executionId, (counts.get(item.planned.executionId) ?? 0) + 1);
  const seen = new Set<string>();
  items.forEach((item, i) => {
    let id = item.planned.executionId;
    if (counts.get(id)! > 1) id = `${id}-${shortHash(identities[i]!)}`;
    // Only identical identities (a format that repeats a case id at the same index) can still clash.
    for (let n = 2; seen.has(id); n++) id = `${item.planned.executionId}-${n}`;
    seen.add(id);
    item.planned.executionId = id;
  });
  return items;
}

/** The executions a run of `suites` on `engines` would make, in run order. */
export function planExecutions(
  suites: Suite[],
  engines: string[],
  variants: VariantChoice = ['with_skill'],
): PlannedExecution[] {
  return planItems(suites, engines, (id) => id, variants).map((item) => item.planned);
}
