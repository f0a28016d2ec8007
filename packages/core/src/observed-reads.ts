import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';

/**
 * Every question a format's loader asks of the file system, asked through here and noted with its answer, so that a
 * kept load can be reused only while every answer is still the same (`@skill-eval/runner`'s suite store).
 *
 * A question is a key (`["text","/abs/SKILL.md"]` as JSON) and its answer a string. {@link answerAgain} asks a key's
 * question again, from the key alone: a load that noted each of its questions is known to be unchanged when every
 * answer is the same. Formats import these functions instead of `node:fs` (a test in the runner holds them to it).
 */

/** The answers a stretch of work got, by question key. */
export type ObservedReads = Map<string, string>;

const questions = new Map<string, (args: readonly string[]) => string>();
const watchers = new Set<ObservedReads>();

const thrown = (error: unknown) => `!${(error as { code?: unknown } | undefined)?.code ?? 'error'}`;

/**
 * Defines a kind of question and returns the function that asks it, noting each answer for the work watching.
 * `ask` computes the value from the arguments alone (the file system is all it may look at); `answerOf` is what of
 * the value the caller can see, as a string. A question that throws is answered by its error code, and throws.
 */
export function defineQuestion<T>(
  name: string,
  ask: (...args: string[]) => T,
  answerOf: (value: T) => string,
): (...args: string[]) => T {
  if (questions.has(name)) throw new Error(`The question ${name} is defined twice.`);
  questions.set(name, (args) => {
    try {
      return answerOf(ask(...args));
    } catch (error) {
      return thrown(error);
    }
  });
  return (...args) => {
    if (watchers.size === 0) return ask(...args);
    try {
      const value = ask(...args);
      noteRead(name, args, answerOf(value));
      return value;
    } catch (error) {
      noteRead(name, args, thrown(error));
      throw error;
    }
  };
}

function noteRead(name: string, args: readonly string[], answer: string): void {
  const key = JSON.stringify([name, ...args]);
  for (const reads of watchers) reads.set(key, answer);
}

/** Notes again answers noted earlier (a remembered value reused: what it was computed from still counts). */
export function replayReads(reads: ObservedReads): void {
  if (watchers.size === 0) return;
  for (const watcher of watchers) for (const [key, answer] of reads) watcher.set(key, answer);
}

/**
 * Runs `work` (its promise included) and returns the questions it asked with their answers. Questions asked by other
 * work that runs meanwhile are noted too: more answers to check, never fewer.
 */
export async function watchReads<T>(work: () => T | Promise<T>): Promise<{ value: T; reads: ObservedReads }> {
  const reads: ObservedReads = new Map();
  watchers.add(reads);
  try {
    return { value: await work(), reads };
  } finally {
    watchers.delete(reads);
  }
}

/** {@link watchReads} for synchronous work. */
export function watchReadsSync<T>(work: () => T): { value: T; reads: ObservedReads } {
  const reads: ObservedReads = new Map();
  watchers.add(reads);
  try {
    return { value: work(), reads };
  } finally {
    watchers.delete(reads);
  }
}

/** The answer the question noted under `key` gets now; undefined for a key that is no defined question. */
export function answerAgain(key: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(key);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) return undefined;
  const [name, ...args] = parsed as string[];
  return questions.get(name!)?.(args);
}

/** What a loader may know of a file's status: its kind and size, nothing that changes when nothing changed. */
export interface ObservedStats {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  readonly size: number;
}

/** A folder entry as a loader sees it. */
export interface ObservedEntry {
  readonly name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

const kindOf = (s: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }) =>
  s.isFile() ? 'f' : s.isDirectory() ? 'd' : s.isSymbolicLink() ? 'l' : 'o';
const statAnswer = (s: Stats | undefined) => (s ? `${kindOf(s)}${s.size}` : '-');
const same = (value: string) => value;

/** `fs.existsSync`, noted. */
export const observedExists: (path: string) => boolean = defineQuestion('exists', (path) => existsSync(path), String);

/**
 * The text of a regular file: opened without waiting (a FIFO opens at once, where `readFileSync` would wait for a
 * writer for ever) and read from the descriptor checked; a FIFO, socket or device is refused (EFTYPE), a folder as
 * `readFileSync` refuses it (EISDIR). What loaders read was placed by someone else.
 */
function regularText(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (stat.isFile()) return readFileSync(fd, 'utf8');
    const [code, what] = stat.isDirectory()
      ? ['EISDIR', 'is a folder']
      : ['EFTYPE', 'is not a regular file (a FIFO, socket or device): make it a regular file'];
    throw Object.assign(new Error(`${code}: ${path} ${what}, not read`), { code, syscall: 'read', path });
  } finally {
    closeSync(fd);
  }
}

/** `fs.readFileSync(path, 'utf8')` of a regular file, noted (the answer is the text): see {@link regularText}. */
export const observedText: (path: string) => string = defineQuestion('text', regularText, same);

const statOrNone = defineQuestion('stat', (path) => statSync(path, { throwIfNoEntry: false }), statAnswer);
const lstatOrNone = defineQuestion('lstat', (path) => lstatSync(path, { throwIfNoEntry: false }), statAnswer);

/** `fs.statSync`, noted: throws when the path is missing, unless `throwIfNoEntry` is false (then undefined). */
export function observedStat(path: string): ObservedStats;
export function observedStat(path: string, options: { throwIfNoEntry: false }): ObservedStats | undefined;
export function observedStat(path: string, options?: { throwIfNoEntry: false }): ObservedStats | undefined {
  return statOrNone(path) ?? (options ? undefined : statSync(path));
}

/** `fs.lstatSync`, noted, as {@link observedStat}. */
export function observedLstat(path: string): ObservedStats;
export function observedLstat(path: string, options: { throwIfNoEntry: false }): ObservedStats | undefined;
export function observedLstat(path: string, options?: { throwIfNoEntry: false }): ObservedStats | undefined {
  return lstatOrNone(path) ?? (options ? undefined : lstatSync(path));
}

/** `fs.readdirSync(path)`, noted: the names, in the order the file system gives them. */
export const observedList: (path: string) => string[] = defineQuestion(
  'list',
  (path) => readdirSync(path),
  (names) => names.join('\0'),
);

/** `fs.readdirSync(path, { withFileTypes: true })`, noted: each entry's name and kind. */
export const observedEntries: (path: string) => ObservedEntry[] = defineQuestion(
  'entries',
  (path) => readdirSync(path, { withFileTypes: true }),
  (entries) => entries.map((e) => `${kindOf(e)}${e.name}`).join('\0'),
);

/** `fs.realpathSync`, noted. */
export const observedRealPath: (path: string) => string = defineQuestion('real', (path) => realpathSync(path), same);
