import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { CaseSchema, DiagnosticSchema, type Format, type LoadResult, SuiteSchema } from '@skill-eval/core';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { expect, onTestFinished } from 'vitest';
import { mutatedText } from '../mutated-text.js';
import type { FormatCheckName, FormatConformanceOptions } from './format-options.js';

type Check = (options: FormatConformanceOptions) => Promise<void>;

const createFormat = (options: FormatConformanceOptions): Format =>
  options.plugin.create(options.plugin.parseSettings(options.settings));

/** A temp project folder with `text` at `file` below it; the absolute path, as discovery hands formats. */
function written(file: string, text: string): string {
  const root = mkdtempSync(join(tmpdir(), 'skill-eval-format-conformance-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** Whether discovery would offer the file to this format: a pattern matches its name, or (with a `/`) its path. */
function claims(format: Format, file: string): boolean {
  return format.filePatterns.some((glob) =>
    picomatch.isMatch(glob.includes('/') ? file : basename(file), glob, { dot: true }),
  );
}

/** Every diagnostic is well formed and points into the file it is about, at a 1-based line. */
function expectWellFormed(result: LoadResult, file: string, formatId: string): void {
  for (const diagnostic of result.diagnostics) {
    expect(() => DiagnosticSchema.parse(diagnostic), JSON.stringify(diagnostic)).not.toThrow();
    expect(diagnostic.ruleId, 'a rule id is `<format id>/<rule>`').toMatch(new RegExp(`^${formatId}/\\S+$`));
    expect(diagnostic.message.trim()).not.toBe('');
    if (diagnostic.file === file) expect(diagnostic.line, `${diagnostic.ruleId} names no line`).toBeGreaterThan(0);
  }
  for (const suite of result.suites) {
    expect(() => SuiteSchema.parse(suite), `suite ${suite.id}`).not.toThrow();
    expect(suite.format).toBe(formatId);
  }
}

const plugin: Check = async (options) => {
  const { plugin } = options;
  expect(plugin.contract).toBe('format-v1');
  expect(plugin.id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  expect(plugin.description.trim()).not.toBe('');
  const format = createFormat(options);
  expect(format.id).toBe(plugin.id);
  expect(format.filePatterns.length, 'the format claims some files in a folder scan').toBeGreaterThan(0);
};

const detect: Check = async (options) => {
  const format = createFormat(options);
  for (const sample of options.valid) {
    expect(claims(format, sample.file), `filePatterns ${format.filePatterns.join(', ')} claim ${sample.file}`).toBe(
      true,
    );
    const extension = /\.[^./]+$/.exec(sample.file)?.[0]?.toLowerCase();
    if (format.extensions && extension) expect(format.extensions).toContain(extension);
    const confidence = format.detect(written(sample.file, sample.text), sample.text);
    expect(confidence, `detect(${sample.file})`).toBeGreaterThan(0);
    expect(confidence).toBeLessThanOrEqual(1);
  }
  const other = format.detect(written('notes/README.md', '# Notes\n\nNothing to evaluate here.\n'), '# Notes\n');
  expect(other, 'detect() of a README that is no eval file').toBe(0);
};

const valid: Check = async (options) => {
  const format = createFormat(options);
  for (const sample of options.valid) {
    const file = written(sample.file, sample.text);
    const result = await format.load(file, sample.text);
    expectWellFormed(result, file, format.id);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors, `${sample.file} loads without an error`).toEqual([]);
    const cases = result.suites.flatMap((suite) => suite.cases);
    expect(cases, `${sample.file} holds ${sample.cases} case(s)`).toHaveLength(sample.cases);
    for (const loaded of cases) {
      expect(() => CaseSchema.parse(loaded), `case ${loaded.id}`).not.toThrow();
      expect(loaded.source?.file, `case ${loaded.id} names its file`).toBe(file);
      expect(loaded.source?.line ?? 1, `case ${loaded.id} names its line`).toBeGreaterThan(0);
    }
    expect(new Set(cases.map((c) => c.id)).size, 'case ids are unique').toBe(cases.length);
  }
};

const invalid: Check = async (options) => {
  const format = createFormat(options);
  for (const sample of options.invalid) {
    const file = written(sample.file, sample.text);
    const result = await format.load(file, sample.text);
    expectWellFormed(result, file, format.id);
    const at = result.diagnostics.filter((d) => d.severity === 'error' && d.file === file && d.line === sample.line);
    expect(at.length, `${sample.file}: an error at line ${sample.line}`).toBeGreaterThan(0);
  }
};

const damaged: Check = async (options) => {
  const format = createFormat(options);
  const sample = options.valid[0]!;
  const file = written(sample.file, sample.text);
  const texts = options.valid.map((s) => s.text);
  await fc.assert(
    fc.asyncProperty(mutatedText(texts, options.tokens ?? []), async (text) => {
      const result = await format.load(file, text);
      expectWellFormed(result, file, format.id);
    }),
    { numRuns: options.damagedRuns ?? 200 },
  );
};

/** Each check: its test title and what it runs. */
export const FORMAT_CHECKS: Record<FormatCheckName, { title: string; run: Check }> = {
  plugin: { title: 'declares format-v1, its id, a description and file patterns', run: plugin },
  detect: { title: 'claims and detects its own files, and not a README', run: detect },
  valid: { title: 'loads the cases of a good file, each naming its file and line', run: valid },
  invalid: { title: 'reports a mistake as an error diagnostic at its file and line', run: invalid },
  damaged: { title: 'answers damaged files with diagnostics, never an exception', run: damaged },
};
