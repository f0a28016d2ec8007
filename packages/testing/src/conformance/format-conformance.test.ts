import { describe, expect, it } from 'vitest';
import { type FormatDefects, referenceFormat } from '../test-support/reference-format.js';
import { describeFormatConformance } from './describe-format-conformance.js';
import { FORMAT_CHECKS } from './format-checks.js';
import type { FormatCheckName, FormatConformanceOptions } from './format-options.js';

const options = (defects: FormatDefects = {}): FormatConformanceOptions => ({
  plugin: referenceFormat(defects),
  valid: [
    { file: 'evals/capitals.qa.txt', text: 'Capital of France? => Paris\n\nCapital of Peru? => Lima\n', cases: 2 },
  ],
  invalid: [{ file: 'evals/broken.qa.txt', text: 'Capital of France? => Paris\nno answer\n', line: 2 }],
  tokens: [' => ', '\n'],
  damagedRuns: 100,
});

// A conforming format passes every check.
describeFormatConformance('reference', options());

describe('the format conformance suite fails a format that', () => {
  const cases: [string, FormatCheckName, FormatDefects][] = [
    ['throws on a bad line', 'invalid', { throwsOnBadLine: true }],
    ['throws on a damaged file', 'damaged', { throwsOnBadLine: true }],
    ['reports a mistake without its line', 'invalid', { noLine: true }],
    ['names a rule without its format id', 'invalid', { bareRuleIds: true }],
    ['claims a README', 'detect', { detectsAnything: true }],
    ['gives two cases one id', 'valid', { sameIds: true }],
  ];
  it.each(cases)('%s (check %s)', async (_, check, defects) => {
    await expect(FORMAT_CHECKS[check].run(options(defects))).rejects.toThrow();
  });
});
