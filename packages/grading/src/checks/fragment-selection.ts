import { type Check, SkillEvalError } from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { quote } from './quote.js';

// BMAD TEA's fragment-selection eval, bmad-code-org/bmad-method-test-architecture-enterprise
// test/eval-fragment-selection.js at c2fdbbb0fbaebee765bf2659751187e14c557fcf ("TEA's runner" below). The runner never
// watches which files the agent opens: it asks for `{"fragments": [...]}` (buildPrompt, lines 303-306) and scores the
// list its reply holds (parseSelection, lines 317-343; scoreCase, lines 345-359).

/**
 * The fragment names in a reply, as TEA's `parseSelection` (lines 317-343) reads them: the first of every fenced block
 * (```json or ```), the greedy `{ … "fragments" … }` span, and the whole text that parses as JSON with a `fragments`
 * list gives the list, each entry as a string with a leading `knowledge/` and surrounding blanks taken off, empty ones
 * dropped. Null when none does: TEA counts that run as unmeasured, never as a selection of nothing.
 */
export function parseSelection(reply: string): string[] | null {
  const candidates: string[] = [];
  for (const match of reply.matchAll(/```(?:json)?\s*([\s\S]*?)```/g)) candidates.push(match[1]!);
  const braced = /\{[\s\S]*"fragments"[\s\S]*\}/.exec(reply);
  if (braced) candidates.push(braced[0]);
  candidates.push(reply);
  for (const candidate of candidates) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(candidate.trim());
    } catch {
      continue;
    }
    const fragments = (parsed as { fragments?: unknown } | null)?.fragments;
    if (Array.isArray(fragments)) {
      return fragments
        .map((name) =>
          String(name)
            .replace(/^knowledge\//, '')
            .trim(),
        )
        .filter(Boolean);
    }
  }
  return null;
}

/**
 * BMAD TEA `fragment-selection`: the reply's fragment list holds every `mustLoad` name and none of `mustNotLoad`, names
 * compared exactly (TEA's `scoreCase`, lines 345-359: a Set of the selected names). Passes as TEA's per-case line
 * marks a case ✓ (lines 478-481: nothing missed, nothing forbidden). A reply with no parseable list is an engine
 * failure, not a fail: TEA reports it as "no parseable fragment list in the reply" and leaves the run unmeasured
 * (lines 452-456).
 */
export const fragmentSelection: CheckEvaluator = (check, { session }) => {
  const mustLoad = names(check, 'mustLoad');
  const mustNotLoad = names(check, 'mustNotLoad');
  const selected = parseSelection(session.finalMessage);
  if (selected === null) {
    throw new SkillEvalError(
      'ENGINE_FAILED',
      `no parseable fragment list in the reply (BMAD TEA's runner leaves such a run unmeasured): ${quote(session.finalMessage)}`,
    );
  }
  const chosen = new Set(selected);
  const missing = mustLoad.filter((fragment) => !chosen.has(fragment));
  const forbidden = mustNotLoad.filter((fragment) => chosen.has(fragment));
  const parts = [`${mustLoad.length - missing.length}/${mustLoad.length} required, ${forbidden.length} forbidden`];
  if (missing.length > 0) parts.push(`missed: ${missing.join(', ')}`);
  if (forbidden.length > 0) parts.push(`loaded anyway: ${forbidden.join(', ')}`);
  parts.push(`selected [${selected.join(', ')}]`);
  return { passed: missing.length === 0 && forbidden.length === 0, evidence: parts.join('; ') };
};

function names(check: Check, key: 'mustLoad' | 'mustNotLoad'): string[] {
  const value = check[key];
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((name) => typeof name === 'string')) return value;
  throw new SkillEvalError('BAD_INPUT', `check "fragment-selection" needs ${key} as a list of fragment file names`, {
    hint: `write it as { type: fragment-selection, ${key}: [test-quality.md] }`,
  });
}
