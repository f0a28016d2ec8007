import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { YAML_SNAPSHOT_FORMAT, type YamlStore } from '@skill-eval/format-kit';
import { makeDirectorySync } from './make-directory.js';

/** A store of parsed YAML in a folder, whose new snapshots are written when `flush` is called. */
export interface FolderYamlStore extends YamlStore {
  /** Writes the snapshots kept since the last flush; one that cannot be written is left out, silently. */
  flush(): void;
}

/**
 * Snapshots of parsed YAML documents at `<dir>/<2 hex>/<key>`, each with the text it was made from: an entry is used
 * only for that very text, so an edited file finds none (or another text's, which is not used) and is parsed. The key
 * is a quick hash of the text, not a cryptographic one, so that loading takes no `node:crypto`: two texts that share
 * a key only take turns in it. A snapshot found there is taken as what a parse of its text gives: `dir` must be a
 * folder only its user writes (the CLI keeps it in the user's cache folder, never in a project, whose files are not
 * trusted). One that is damaged is found out by the decoder, and the text is parsed. Writes wait for `flush`, each
 * whole (a temporary file, then a rename), so that a reader never sees half of one.
 */
export function createFolderYamlStore(dir: string): FolderYamlStore {
  const pending = new Map<string, string>();
  // A first load finds no folder: it then asks the file system nothing per text (a miss costs an exception each).
  const empty = !existsSync(dir);
  const fileOf = (text: string) => {
    const key = quickHash(text);
    return join(dir, key.slice(0, 2), key);
  };
  return {
    get(text) {
      if (empty) return undefined;
      const file = fileOf(text);
      let entry: string;
      try {
        if (!existsSync(file)) return undefined;
        entry = readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
      const start = HEADER.length + String(text.length).length + 1;
      if (!entry.startsWith(`${HEADER}${text.length}\n`) || entry.slice(start, start + text.length) !== text)
        return undefined;
      return entry.slice(start + text.length);
    },
    put(text, snapshot) {
      pending.set(fileOf(text), `${HEADER}${text.length}\n${text}${snapshot}`);
    },
    flush() {
      const made = new Set<string>();
      for (const [file, entry] of pending) {
        const folder = dirname(file);
        const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        try {
          if (!made.has(folder)) makeDirectorySync(folder);
          made.add(folder);
          writeFileSync(temp, entry, { flag: 'wx' });
          renameSync(temp, file);
        } catch {
          // A cache that cannot be written (a read-only checkout, a full disk) only costs the next load a parse.
          removeQuietly(temp);
        }
      }
      pending.clear();
    },
  };
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Nothing was made there.
  }
}

/** What an entry starts with, before its text's length: the snapshot format it holds. */
const HEADER = `${YAML_SNAPSHOT_FORMAT}\n`;

/** A 53-bit hash of a text, in hex (cyrb53: two 32-bit lanes, mixed at the end). */
function quickHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
