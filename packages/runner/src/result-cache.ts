import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaseResult } from '@skill-eval/core';
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
  /** Stores an entry atomically (temp file, then rename), so a reader never sees half of one. */
  put(entry: Omit<CacheEntry, 'format'>): Promise<void>;
}

const entryFile = (dir: string, key: string) => join(dir, key.slice(0, 2), `${key}.json`);

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

export function createResultCache(dir: string): ResultCache {
  return {
    dir,
    async get(key) {
      let raw: unknown;
      try {
        // Read synchronously: entries are small, and a cached run reads one per execution.
        raw = JSON.parse(readFileSync(entryFile(dir, key), 'utf8'));
      } catch {
        return undefined;
      }
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
    },
    async put(entry) {
      const file = entryFile(dir, entry.key);
      await makeDirectory(join(dir, entry.key.slice(0, 2)));
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temp, JSON.stringify({ format: CACHE_FORMAT, ...entry }));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
  };
}
