import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative as relativePath } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The conformance corpus of a skill-eval clone: `corpus/` at the repository's root holds the files whose licence
 * allows copying; `../shared/corpus` beside the clone, where a maintainer has it, holds every file, the
 * reference-only ones too. This module is for the repository's own tests: installed from npm it finds neither.
 */

// src/corpus.ts and dist/corpus.js both sit three folders below the repository's root.
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
/** The repository's corpus folder (absolute, with a trailing slash). */
export const CORPUS_DIR = join(REPOSITORY, 'corpus/');
/** The full corpus beside the repository (absolute, with a trailing slash); it may not exist. */
export const SHARED_CORPUS_DIR = join(REPOSITORY, '../shared/corpus/');

/** The file beside a corpus/wild folder's files that says what their own tool does with them. */
export const EXPECTATIONS_FILE = 'expected.json';

/** Folders of the repository's corpus that hold no eval files. */
const NOT_EVAL_FILES = new Set(['licenses']);

interface CorpusIndex {
  /** Reference-only files (relative path → licence), which the repository does not hold. */
  referenceOnly: Map<string, string>;
  /** Every file here, relative path → absolute path: the repository's copy first, else the shared corpus's. */
  files: Map<string, string>;
}

let index: CorpusIndex | undefined;

/** `corpus/SOURCES.md`'s reference-only table: relative path → licence. */
function readReferenceOnly(): Map<string, string> {
  const sources = readFileSync(`${CORPUS_DIR}SOURCES.md`, 'utf8');
  const section = sources.slice(sources.indexOf('## Reference-only'));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return new Map(
    rows.map((row) => {
      const cells = row.split('|').map((cell) => cell.trim());
      return [cells[1]!.replaceAll('`', ''), cells[5]!];
    }),
  );
}

/** Files under `root` (relative paths), its top-level files and non-eval folders left out. */
function evalFilesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relativePath(root, join(entry.parentPath, entry.name)))
    .filter((file) => file.includes('/') && !NOT_EVAL_FILES.has(file.split('/')[0]!))
    .filter((file) => !file.endsWith(`/${EXPECTATIONS_FILE}`));
}

function corpusIndex(): CorpusIndex {
  if (index) return index;
  const files = new Map<string, string>();
  for (const file of evalFilesUnder(SHARED_CORPUS_DIR)) files.set(file, SHARED_CORPUS_DIR + file);
  for (const file of evalFilesUnder(CORPUS_DIR)) files.set(file, CORPUS_DIR + file);
  index = { referenceOnly: readReferenceOnly(), files };
  return index;
}

/** Whether `../shared/corpus` sits beside the repository. */
export const hasSharedCorpus = (): boolean => existsSync(SHARED_CORPUS_DIR);

/**
 * Relative paths (e.g. `skillet-yaml/thekevinscott-skillet/evals/add-command/004-multiturn.yaml`) of every corpus file
 * here, sorted, optionally only those under a folder (`skillet-yaml/`); `wild/` only when asked for (see WILD). Without
 * `../shared/corpus` these are the repository's copies alone.
 */
export function corpusFiles(under = ''): string[] {
  const asked = (file: string) => file.startsWith(under) && (under.startsWith(WILD) || !file.startsWith(WILD));
  return [...corpusIndex().files.keys()].filter(asked).sort();
}

/**
 * `wild/`: whole folders of real repositories (a scan meeting other tools' files, suites with their fixtures) and
 * minimal reproductions, each tested as a folder by its own tests; listed only when asked for (`corpusFiles('wild/')`),
 * so that the per-format tests see the conformance files alone.
 */
export const WILD = 'wild/';

/** Whether a corpus file is here (the repository's copy, or the shared corpus has it). */
export const hasCorpusFile = (relative: string): boolean => corpusIndex().files.has(relative);

/** Whether a file is reference-only: listed in corpus/SOURCES.md but, for its licence, not copied into the repository. */
export const isReferenceOnly = (relative: string): boolean => corpusIndex().referenceOnly.has(relative);

/** Why a reference-only file cannot be tested here, for the test's skip note. */
export const referenceOnlyReason = (relative: string): string =>
  `${relative} is a reference-only corpus file (licence: ${corpusIndex().referenceOnly.get(relative) ?? 'none'}), ` +
  'not copied into the repository: it is tested where ../shared/corpus sits beside the clone';

/** The absolute path of a corpus file; throws, naming the file, when it is not here. */
export function corpusPath(relative: string): string {
  const file = corpusIndex().files.get(relative);
  if (file) return file;
  if (isReferenceOnly(relative)) throw new Error(referenceOnlyReason(relative));
  throw new Error(`${relative} is not a corpus file: corpus/SOURCES.md lists every one`);
}

/** The text of a corpus file (see `corpusPath`). */
export const readCorpus = (relative: string): string => readFileSync(corpusPath(relative), 'utf8');

/** What `corpusFileOrSkip` needs of vitest's test context. */
export interface SkippableTest {
  skip(note: string): never;
}

/**
 * Returns `relative` when that corpus file is here; for a reference-only file without `../shared/corpus`, skips the
 * running test with the reason: `it('…', (ctx) => { const text = readCorpus(corpusFileOrSkip(ctx, '…')); … })`.
 */
export function corpusFileOrSkip(test: SkippableTest, relative: string): string {
  if (!hasCorpusFile(relative) && isReferenceOnly(relative)) test.skip(referenceOnlyReason(relative));
  return relative;
}
