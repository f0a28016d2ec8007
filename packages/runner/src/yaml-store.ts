import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { YAML_SNAPSHOT_FORMAT, type YamlStore } from '@skill-eval/format-kit/yaml-store';
import { quickHash } from './quick-hash.js';
import { writeCacheEntries } from './write-cache-entries.js';

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
      writeCacheEntries(dir, pending);
    },
  };
}

/** What an entry starts with, before its text's length: the snapshot format it holds. */
const HEADER = `${YAML_SNAPSHOT_FORMAT}\n`;
