// A format's loader reads the file system only through core's observed reads (observed-reads.ts): a kept load
// (runner/suite-store.ts) is reused only while every question its loader asked gets the same answer, so a read that
// bypasses them would let a run use a load whose file has changed. Writers (`write-*.ts`, for `convert`) do not load.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));

/** The sources of a folder that a load can run: not tests, and not writers. */
const sourcesIn = (src: string) =>
  readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'))
    .filter((file) => !/(^|\/)write-[^/]*\.ts$/.test(file))
    .map((file) => join(src, file));

/** Every source file a loader can run: each format's, format-kit's, and core's skill-root (which formats call). */
function loaderSources(): string[] {
  const formats = readdirSync(join(repo, 'formats')).flatMap((format) => sourcesIn(join(repo, 'formats', format, 'src')));
  const kit = sourcesIn(join(repo, 'packages', 'format-kit', 'src'));
  return [...formats, ...kit, join(repo, 'packages', 'core', 'src', 'skill-root.ts')];
}

/** Sources that name the file system without reading it while loading, and why. */
const NOT_READS: Record<string, string> = {
  'formats/skillet/src/sentry/run-check-script.ts': "a program's text (a check run at grading time), not a read",
  'packages/format-kit/src/resolve-fixture.ts': 'reads only inside the questions it defines (defineQuestion)',
  'packages/format-kit/src/observed-glob.ts': 'globs only inside the question it defines (defineQuestion)',
  'packages/format-kit/src/real-or-resolved.ts': "the answer to resolve-fixture.ts's real-or-resolved question, asked only through it",
  'packages/format-kit/src/side-file-read.ts': 'reads only inside the question it defines (defineQuestion: side-file)',
};

/** What in a source reads the file system around the observed reads. */
function bypasses(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/from '(node:)?fs(\/promises)?'/g)) found.push(match[0]);
  if (/\bimport\b[^;]*\bglob(Sync)?\b[^;]*from 'tinyglobby'/.test(source)) found.push("tinyglobby's glob");
  if (/\brequire\((['"])(node:)?fs\1\)/.test(source)) found.push('require(fs)');
  return found;
}

describe('loaders read through observed reads', () => {
  it('no format source reads the file system any other way', () => {
    const sources = loaderSources();
    expect(sources.length).toBeGreaterThan(100);
    const offenders = sources
      .map((file) => ({ file: relative(repo, file), found: bypasses(readFileSync(file, 'utf8')) }))
      .filter(({ file, found }) => found.length > 0 && !(file in NOT_READS));
    expect(offenders).toEqual([]);
  });

  it('finds each way around them', () => {
    expect(bypasses("import { readFileSync } from 'node:fs';")).toEqual(["from 'node:fs'"]);
    expect(bypasses("import { readFile } from 'fs/promises';")).toEqual(["from 'fs/promises'"]);
    expect(bypasses("import { globSync, isDynamicPattern } from 'tinyglobby';")).toEqual(["tinyglobby's glob"]);
    expect(bypasses("import { isDynamicPattern } from 'tinyglobby';")).toEqual([]);
    expect(bypasses("const fs = require('fs');")).toEqual(['require(fs)']);
  });
});
