import { mapStrings } from './map-strings.js';

/**
 * Control characters a terminal acts on: C0 (ESC starts ANSI/OSC sequences; CR, BS and the rest rewrite what is
 * shown), DEL and C1 (U+009B is a one-character CSI on some terminals). Tab and newline are left as they are.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it exists to find
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/**
 * `text` safe to print to a terminal: every control character becomes its visible escape (`\x1b`, `\r`), so text
 * from eval files, agents and models can neither colour, move the cursor, set the window title, hide what precedes
 * it nor write a link, and still shows what it held.
 */
export function terminalText(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, escapeControl) : text;
}

/**
 * Whether a value's JSON may hold a control character: JSON writes those below U+0020 as escapes (`\u001b`, `\r`,
 * `\b`, `\f`; tab and newline, which stay, as `\t` and `\n`) and DEL and C1 as they are. A backslash in the text
 * itself can look like such an escape: then the walk decides. Serialising is native and one test covers it all, where
 * the walk visits every string and key of a run's results or summary.
 */
const MAYBE_CONTROL = /\\u00[01][0-9a-f]|\\[bfr]|[\u007f-\u009f]/;

function mayHoldControls(value: unknown): boolean {
  try {
    return MAYBE_CONTROL.test(JSON.stringify(value) ?? '');
  } catch {
    return true; // not JSON (a BigInt, a cycle): the walk alone can tell
  }
}

/**
 * A copy of a JSON-like value with {@link terminalText} applied to each of its strings (keys included); the value
 * itself when none holds a control character.
 */
export const terminalSafe = <T>(value: T): T =>
  typeof value === 'string'
    ? (terminalText(value) as T)
    : mayHoldControls(value)
      ? mapStrings(value, terminalText)
      : value;

const NAMED: Record<string, string> = { '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\u001b': '\\x1b' };

function escapeControl(char: string): string {
  return NAMED[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}
