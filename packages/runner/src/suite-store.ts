import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerAgain, type Diagnostic, type ObservedReads, type Suite, untilNextTurn } from '@skill-eval/core';
import { quickHash } from './quick-hash.js';
import { writeCacheEntries } from './write-cache-entries.js';

/** What loading one eval file gave: its suites (checked), what it said, and the files it read as its own. */
export interface KeptLoad {
  suites: Suite[];
  diagnostics: Diagnostic[];
  parts: string[];
  alternates: string[];
}

/**
 * Loads of eval files kept from earlier runs, each with every question its loader asked of the file system and the
 * answer it got (observed-reads.ts in core): a kept load is given back only while every answer is still the same.
 */
export interface SuiteStore {
  /** The kept load of `file` with this `text` under `context` (what else the load depended on), if still true. */
  get(context: string, file: string, text: string): KeptLoad | undefined;
  /** Keeps a load and the questions it asked, to be written by `flush`. */
  put(context: string, file: string, text: string, load: KeptLoad, reads: ObservedReads): void;
  /** Writes the loads kept since the last flush; one that cannot be written is left out, silently. */
  flush(): void;
}

/** What an entry starts with: the layout it has. */
const HEADER = 'suite-load-2\n';

/**
 * Kept loads at `<dir>/<2 hex>/<hash of context and file><hash of text>`, one JSON document each: what it is the load
 * of (the context, file and text, compared in full: the key is a quick hash, not a cryptographic one, so that loading
 * takes no `node:crypto`; the build by a quick hash of its name, which is long and nobody's input), the questions with
 * their answers, then the load. A later build's load of a file takes the place of an earlier one's. `dir` must be a
 * folder only its user writes (the CLI keeps it in the user's cache folder, never in a project, whose files are not
 * trusted). `build` names the code that loads, and the `context` of each load everything else it depends on: the
 * formats and their settings, the working folder. An entry that cannot be read, or that does not hold what an entry
 * holds, is not used. Writes wait for `flush`, each whole (a temporary file, then a rename), so that a reader never
 * sees half of one.
 */
export function createFolderSuiteStore(dir: string, build: string): SuiteStore {
  const pending = new Map<string, string>();
  const buildHash = quickHash(build);
  // Each question is asked once until the event loop turns: a folder of many files (Skillet's, a case a file) asks
  // the same about their SKILL.md, as their loaders do, which remember it for as long (`untilNextTurn` in core).
  const answerNow = untilNextTurn(answerAgain);
  // A first load finds no folder: it then asks the file system nothing per file.
  const empty = !existsSync(dir);
  const fileOf = (context: string, file: string, text: string) => {
    const key = `${quickHash(`${context}\0${file}`)}${quickHash(text)}`;
    return join(dir, key.slice(0, 2), key);
  };
  return {
    get(context, file, text) {
      if (empty) return undefined;
      let entry: string;
      try {
        entry = readFileSync(fileOf(context, file, text), 'utf8');
      } catch {
        return undefined;
      }
      if (!entry.startsWith(HEADER)) return undefined;
      const kept = readEntry(entry.slice(HEADER.length));
      if (!kept || !isEntryOf(kept.of, { build: buildHash, context, file, text })) return undefined;
      for (const [question, answer] of kept.reads) if (answerNow(question) !== answer) return undefined;
      return kept.load;
    },
    put(context, file, text, load, reads) {
      const of = { build: buildHash, context, file, text };
      pending.set(fileOf(context, file, text), `${HEADER}${JSON.stringify({ of, reads: [...reads], load })}`);
    },
    flush() {
      writeCacheEntries(dir, pending);
    },
  };
}

/** Whether an entry's `of` is exactly `expected`: the same four strings, and nothing else. */
function isEntryOf(of: unknown, expected: Record<'build' | 'context' | 'file' | 'text', string>): boolean {
  if (typeof of !== 'object' || of === null || Array.isArray(of)) return false;
  const keys = Object.keys(of);
  const same = (key: string) =>
    Object.hasOwn(expected, key) && (of as Record<string, unknown>)[key] === expected[key as keyof typeof expected];
  return keys.length === 4 && keys.every(same);
}

/** The questions and the load an entry holds; undefined when it holds anything else. */
function readEntry(json: string): { of: unknown; reads: [string, string][]; load: KeptLoad } | undefined {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const { of, reads, load } = (data ?? {}) as { of?: unknown; reads?: unknown; load?: unknown };
  const isPair = (pair: unknown) =>
    Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string';
  if (!Array.isArray(reads) || !reads.every(isPair)) return undefined;
  const { suites, diagnostics, parts, alternates } = (load ?? {}) as Partial<Record<keyof KeptLoad, unknown>>;
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (!Array.isArray(suites) || !Array.isArray(diagnostics) || !strings(parts) || !strings(alternates))
    return undefined;
  return { of, reads: reads as [string, string][], load: load as KeptLoad };
}
