import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { type CaseResult, readRegularTextSync } from '@skill-eval/core';
import { writeHarnessFileAtomically } from '@skill-eval/engine-kit/agent-files';
import { CACHE_FORMAT } from './cache-key.js';
import { makeDirectory } from './make-directory.js';

/** One cached execution: its result and full transcript, as the run that produced it wrote them. */
export interface CacheEntry {
  format: typeof CACHE_FORMAT;
  key: string;
  /** Directory of the run that produced the result. */
  runDir?: string;
  result: CaseResult;
  /** The full transcript as that run wrote it (Session JSON): copied into a run that reuses the result. */
  transcriptText?: string;
}

/** Finished executions by key, one file each at `<dir>/<2 hex>/<key>.json`. */
export interface ResultCache {
  readonly dir: string;
  /** The entry for `key`; undefined when there is none or it cannot be read (a damaged entry is a miss). */
  get(key: string): Promise<CacheEntry | undefined>;
  /**
   * Stores an entry atomically (temp file, then rename), so a reader never sees half of one; readable by the user
   * alone, and written through no link (a shard folder that is one is refused).
   */
  put(entry: Omit<CacheEntry, 'format'>): Promise<void>;
}

/** The file of the entry under `key`. */
export const entryFile = (dir: string, key: string): string => join(dir, key.slice(0, 2), `${key}.json`);

/**
 * What an entry starts with: its seal, an HMAC-SHA256 of the JSON that follows under the seal key of the user who ran
 * the execution, then a line break. A project's files are not that user's: a repository that commits entries to its
 * `.skill-eval/cache` (valid JSON under the right names, as any checkout of skill-eval can compute) would otherwise
 * make `run` report verdicts no execution gave. Without the key no entry can be sealed, so none is reused.
 */
const SEAL_PREFIX = 'sealed-1 ';
const SEAL_HEX_LENGTH = 64;

const sealOf = (sealKey: Uint8Array, json: string): Buffer => createHmac('sha256', sealKey).update(json).digest();

/** An entry's text: the entry's JSON under its seal. */
export const sealedEntry = (sealKey: Uint8Array, json: string): string =>
  `${SEAL_PREFIX}${sealOf(sealKey, json).toString('hex')}\n${json}`;

/** The JSON of a sealed entry, or undefined when its seal is missing or was not made with `sealKey`. */
export function unsealed(sealKey: Uint8Array, text: string): string | undefined {
  const start = SEAL_PREFIX.length + SEAL_HEX_LENGTH;
  if (!text.startsWith(SEAL_PREFIX) || text[start] !== '\n') return undefined;
  const seal = Buffer.from(text.slice(SEAL_PREFIX.length, start), 'hex');
  const json = text.slice(start + 1);
  const expected = sealOf(sealKey, json);
  return seal.length === expected.length && timingSafeEqual(seal, expected) ? json : undefined;
}

/*
 * An entry is written whole (temp file, then rename) from a result and transcript that passed their schemas, and its
 * key covers CACHE_FORMAT and the harness version, so an entry found under the key holds what this version wrote.
 * Reading one back checks only what damage or a hand edit would break — a full schema parse of the result and
 * transcript cost more than the rest of a cached execution. The transcript stays text: it is only copied.
 */
const STATUSES: ReadonlySet<unknown> = new Set(['passed', 'failed', 'error', 'skipped']);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isResult(value: unknown): value is CaseResult {
  return (
    isObject(value) &&
    typeof value.executionId === 'string' &&
    typeof value.caseId === 'string' &&
    STATUSES.has(value.status) &&
    typeof value.score === 'number' &&
    Array.isArray(value.checks) &&
    value.checks.every(isObject) &&
    (value.session === undefined || isObject(value.session))
  );
}

/** An entry read back (from its file or a pack): the entry under `key` when it has the shape this version wrote. */
export function checkedEntry(raw: unknown, key: string): CacheEntry | undefined {
  const entry = raw as Partial<CacheEntry> | null;
  if (entry?.format !== CACHE_FORMAT || entry.key !== key) return undefined;
  const text = entry.transcriptText;
  if (!isResult(entry.result) || (text !== undefined && (typeof text !== 'string' || !text.startsWith('{'))))
    return undefined;
  return {
    format: CACHE_FORMAT,
    key,
    ...(typeof entry.runDir === 'string' ? { runDir: entry.runDir } : {}),
    result: entry.result,
    ...(text !== undefined ? { transcriptText: text } : {}),
  };
}

/**
 * The result cache at `dir`. Entries are sealed with `sealKey` (a secret of the user's, see SEAL_PREFIX): only those
 * sealed with it are read back.
 */
export function createResultCache(dir: string, sealKey: Uint8Array): ResultCache {
  return {
    dir,
    async get(key) {
      try {
        // Read synchronously: entries are small, and a cached run reads one per execution. A regular file only: a link
        // a repository commits there (to /dev/zero, a FIFO) is a miss, not a hang.
        const json = unsealed(sealKey, readRegularTextSync(entryFile(dir, key)));
        return json === undefined ? undefined : checkedEntry(JSON.parse(json), key);
      } catch {
        return undefined;
      }
    },
    async put(entry) {
      // The cache folder itself is the user's choice (--cache-dir), made as an output folder is; below it, a folder
      // others can write, a shard folder that is a link is refused rather than followed, and an entry — a transcript
      // with the agent's answers — is made 0600, new (O_EXCL|O_NOFOLLOW), then renamed into place.
      await makeDirectory(dir);
      const json = JSON.stringify({ format: CACHE_FORMAT, ...entry });
      await writeHarnessFileAtomically(dir, entryFile(dir, entry.key), sealedEntry(sealKey, json), { mode: 0o600 });
    },
  };
}
