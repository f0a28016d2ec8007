// Where parseYaml keeps and finds documents parsed in earlier processes: the holder of the one store a process uses,
// and the name of the snapshots' format. Apart from parse-yaml.ts, so that a caller that only sets the store (a load
// whose every file's load is kept) does not import the yaml library.

/** Bumped whenever what a snapshot holds, or how it is read back, changes. */
export const YAML_SNAPSHOT_FORMAT = 'yaml-snapshot-1';

/**
 * Where documents parsed in earlier processes are kept, by text (see {@link useYamlStore}): `get` gives the snapshot
 * kept for a text, `put` keeps one. Both are best effort: a store that cannot read or write says nothing.
 */
export interface YamlStore {
  get(text: string): string | undefined;
  put(text: string, snapshot: string): void;
}

let store: YamlStore | undefined;

/**
 * Makes `parseYaml` rebuild a text's document from the snapshot `store` keeps for it, when there is one, and keep a
 * snapshot of each document it parses; `undefined` stops that. Returns the store it replaces, for the caller to put
 * back. A snapshot rebuilds the same document a parse gives (yaml-snapshot.ts), so what any caller reads does not
 * depend on where the document came from. One store at a time serves the process: loads that overlap share it.
 */
export function useYamlStore(next: YamlStore | undefined): YamlStore | undefined {
  const before = store;
  store = next;
  return before;
}

/** The store `parseYaml` uses now. */
export function currentYamlStore(): YamlStore | undefined {
  return store;
}
