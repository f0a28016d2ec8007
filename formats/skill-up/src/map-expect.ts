import type { Check } from '@skill-eval/core';
import type { CaseContext } from './case-context.js';
import { catalogued } from './map-rules.js';
import { resolveSkillPath } from './resolve-path.js';
import type { Expect } from './rule-schema.js';
import { nodeAt } from './yaml-path.js';

const LIST_FIELDS = ['must_contain', 'must_not_contain', 'files_exist', 'files_not_exist', 'file_contains'] as const;

/**
 * A case's gates with `cases.defaults.expect`, merged as skill-up 0.8.0 merges them: list fields append the case's
 * entries to the defaults' and drop repeats; `exit_code` and `golden_file` of the case replace the defaults'. A case
 * without `expect` takes the defaults as they are.
 */
export function caseExpectGates(own: Expect | undefined, ctx: Pick<CaseContext, 'sink' | 'yaml' | 'suite'>): Check[] {
  const defaults = ctx.suite.expect;
  if (!own) return ctx.suite.expectGates;
  if (!defaults) return expectGates(own, ['expect'], ctx);
  const merged: Expect = { ...defaults, ...own };
  for (const key of LIST_FIELDS) {
    const all = [...(defaults[key] ?? []), ...(own[key] ?? [])] as unknown[];
    const unique = all.filter((v, i) => all.findIndex((w) => JSON.stringify(w) === JSON.stringify(v)) === i);
    if (unique.length > 0) (merged as Record<string, unknown>)[key] = unique;
  }
  // A golden_file of the defaults was resolved (and any problem reported) where eval.yaml writes it.
  const { golden_file: _golden, ...rest } = merged;
  const gates = expectGates(own.golden_file ? { ...rest, golden_file: own.golden_file } : rest, ['expect'], ctx);
  const defaultGolden = own.golden_file ? undefined : ctx.suite.expectGates.find((g) => g.type === 'golden-file');
  return defaultGolden ? [...gates, defaultGolden] : gates;
}

/**
 * `expect` → gates (a failing gate skips the judge and fails the case, as in skill-up). `path` is
 * where the block sits, in the case file or, for `cases.defaults.expect`, in eval.yaml.
 */
export function expectGates(
  expect: Expect,
  path: PropertyKey[],
  ctx: Pick<CaseContext, 'sink' | 'yaml' | 'suite'>,
): Check[] {
  const gates: Check[] = [];
  if (expect.must_contain?.length) gates.push({ type: 'contains-all', value: expect.must_contain });
  if (expect.must_not_contain?.length)
    gates.push({ type: 'contains-any', value: expect.must_not_contain, negate: true });
  if (expect.exit_code !== undefined) gates.push({ type: 'exit-code', value: expect.exit_code });
  if (expect.files_exist?.length) gates.push({ type: 'file-exists', value: expect.files_exist });
  if (expect.files_not_exist?.length) gates.push({ type: 'file-not-exists', value: expect.files_not_exist });
  if (expect.golden_file) {
    const at = nodeAt(ctx.yaml, [...path, 'golden_file']);
    const golden = resolveSkillPath(expect.golden_file, ctx.suite.skillRoot, 'expect.golden_file', ctx.sink, at);
    // No `path`: skill-up compares the trimmed final answer with the golden file.
    if (golden) gates.push({ type: 'golden-file', golden, trim: true });
  }
  for (const { path: file, content } of expect.file_contains ?? [])
    gates.push({ type: 'file-contains', path: file, value: content });
  return catalogued(gates, path, ctx);
}
