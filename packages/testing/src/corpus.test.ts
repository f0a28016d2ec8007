import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_DIR,
  corpusFileOrSkip,
  corpusFiles,
  corpusPath,
  EXPECTATIONS_FILE,
  hasCorpusFile,
  hasSharedCorpus,
  isReferenceOnly,
  SHARED_CORPUS_DIR,
} from './corpus.js';

const SOURCES = readFileSync(`${CORPUS_DIR}SOURCES.md`, 'utf8');
/** The rows of a table of SOURCES.md: file, repo, path in repo, commit, licence, sha256[:16]. */
const rowsOf = (section: string) =>
  SOURCES.slice(SOURCES.indexOf(section))
    .split('\n## ')[0]!
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('`', '')),
    );
const copied = rowsOf('## Copied files');
const referenceOnly = rowsOf('## Reference-only');
const minimal = rowsOf('## Minimal reproductions');

const filesOnDisk = () =>
  (readdirSync(CORPUS_DIR, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(CORPUS_DIR, join(entry.parentPath, entry.name)))
    .filter((file) => file.includes('/') && !file.startsWith('licenses/') && !file.endsWith(`/${EXPECTATIONS_FILE}`))
    .sort();

describe('corpus/SOURCES.md', () => {
  it('lists every copied file, verbatim (same SHA-256), and nothing that is not there', () => {
    expect([...copied, ...minimal].map(([file]) => file).sort()).toEqual(filesOnDisk());
    // Files written for skill-eval sit apart, each citing a public file with the same construct.
    expect(minimal.length).toBeGreaterThan(0);
    for (const [file, , seenIn] of minimal) {
      expect(file, file).toMatch(/^wild\/minimal\//);
      expect(seenIn, file).not.toBe('');
    }
    for (const [file, , , , , sha] of copied) {
      const digest = createHash('sha256')
        .update(readFileSync(CORPUS_DIR + file!))
        .digest('hex');
      expect(digest.slice(0, 16), file).toBe(sha);
    }
  });

  it('copies only MIT and Apache-2.0 files, each with its repository licence text; Apache-2.0 ones in NOTICE', () => {
    const notice = readFileSync(`${CORPUS_DIR}NOTICE`, 'utf8');
    for (const [file, repo, , commit, licence] of copied) {
      expect(commit, file).toMatch(/^[0-9a-f]{40}$/);
      const [, name, text] = /^\[(MIT|Apache-2\.0)\]\((licenses\/[^)]+)\)$/.exec(licence!) ?? [];
      expect(name, `${file}: ${licence}`).toBeDefined();
      expect(existsSync(CORPUS_DIR + text!), text).toBe(true);
      const licenceText = readFileSync(CORPUS_DIR + text!, 'utf8');
      expect(licenceText, text).toMatch(name === 'MIT' ? /^MIT License/ : /Apache License\s+Version 2\.0/);
      if (name === 'Apache-2.0') expect(notice, repo).toContain(`${repo} — https://github.com/${repo}`);
    }
  });

  it('keeps the reference-only files out of the repository', () => {
    expect(referenceOnly.length).toBeGreaterThan(0);
    for (const [file, , , , licence] of referenceOnly) {
      expect(existsSync(CORPUS_DIR + file!), file).toBe(false);
      expect(licence, file).not.toMatch(/^(MIT|Apache)/);
      expect(isReferenceOnly(file!)).toBe(true);
    }
  });
});

describe('finding corpus files', () => {
  const copy = copied[0]![0]!;
  const missing = referenceOnly[0]![0]!;
  const skipper = () => {
    const skipped: string[] = [];
    return {
      skipped,
      skip(note: string): never {
        skipped.push(note);
        throw new Error('skipped');
      },
    };
  };

  it("prefers the repository's copy", () => {
    expect(corpusPath(copy)).toBe(CORPUS_DIR + copy);
    expect(corpusFiles()).toContain(copy);
    expect(corpusFiles('skillet-yaml/').every((file) => file.startsWith('skillet-yaml/'))).toBe(true);
    expect(corpusFiles()).not.toContainEqual(expect.stringMatching(/^licenses\/|SOURCES\.md|NOTICE/));
  });

  it('names a path that is no corpus file', () => {
    expect(() => corpusPath('skillet-yaml/nobody/nothing.yaml')).toThrow(
      'skillet-yaml/nobody/nothing.yaml is not a corpus file: corpus/SOURCES.md lists every one',
    );
  });

  it('takes a reference-only file from ../shared/corpus, or skips the test saying why', () => {
    const test = skipper();
    if (hasSharedCorpus()) {
      expect(hasCorpusFile(missing)).toBe(true);
      expect(corpusPath(corpusFileOrSkip(test, missing))).toBe(SHARED_CORPUS_DIR + missing);
      expect(test.skipped).toEqual([]);
    } else {
      expect(hasCorpusFile(missing)).toBe(false);
      expect(() => corpusFileOrSkip(test, missing)).toThrow('skipped');
      expect(test.skipped[0]).toMatch(
        new RegExp(`^${missing} is a reference-only corpus file \\(licence: .+\\), not copied into the repository`),
      );
      expect(() => corpusPath(missing)).toThrow(test.skipped[0]);
    }
    expect(corpusFileOrSkip(test, copy)).toBe(copy);
  });
});
