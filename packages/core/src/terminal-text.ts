import { mapStrings } from './map-strings.js';

/**
 * Control characters a terminal acts on: C0 (ESC starts ANSI/OSC sequences; CR, BS and the rest rewrite what is
 * shown), DEL and C1 (U+009B is a one-character CSI on some terminals). Tab and newline are left as they are.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it exists to find
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/**
 * `text` safe to print to a terminal: every control character becomes its visible escape (`\x1b`, `\r`, `\u009b`), so text
 * from eval files, agents and models can neither colour, move the cursor, set the window title, hide what precedes
 * it nor write a link, and still shows what it held.
 */
export function terminalText(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, escapeControl) : text;
}

/**
 * Whether a value's JSON may hold a control character or a line break: JSON writes those below U+0020 as escapes
 * (`\u001b`, `\r`, `\b`, `\f`, `\n`; tab, which stays, as `\t`) and DEL, C1 and U+2028/U+2029 as they are. A backslash in the text
 * itself can look like such an escape: then the walk decides. Serialising is native and one test covers it all, where
 * the walk visits every string and key of a run's results or summary.
 */
const MAYBE_CONTROL = /\\u00[01][0-9a-f]|\\[bfnr]|[\u007f-\u009f\u2028\u2029]/;

function mayHoldControls(value: unknown): boolean {
  try {
    return MAYBE_CONTROL.test(JSON.stringify(value) ?? '');
  } catch {
    return true; // not JSON (a BigInt, a cycle): the walk alone can tell
  }
}

/** The line breaks {@link terminalText} leaves: LF, and Unicode's line and paragraph separators. */
const LINE_BREAKS = /[\n\u2028\u2029]/g;
const LINE_BREAK_ESCAPES: Record<string, string> = { '\n': '\\n', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * `text` as {@link terminalText} makes it, and on one line: its line breaks become visible escapes too (`\n`), so a
 * value printed inside a line can start no line of its own — no forged `✓ PASS` line, and no line a CI runner reads as
 * a command (GitHub Actions' `::error::`, `::add-mask::`, `::stop-commands::` act only at the start of a line).
 */
export function terminalLine(text: string): string {
  return terminalText(text).replace(LINE_BREAKS, (char) => LINE_BREAK_ESCAPES[char] ?? char);
}

/**
 * A copy of a JSON-like value with {@link terminalLine} applied to each of its strings (keys included); the value
 * itself when none holds a control character or a line break. What the console reporters are given: each value they
 * print stays within the line they print it in.
 */
export const terminalSafe = <T>(value: T): T =>
  typeof value === 'string'
    ? (terminalLine(value) as T)
    : mayHoldControls(value)
      ? mapStrings(value, terminalLine)
      : value;

const NAMED: Record<string, string> = { '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\u001b': '\\x1b' };

/**
 * A C0 control as a C-style escape (`\x1b`, `\r`); DEL and C1 as JSON's `\u007f`, `\u009b`: they are the only ones
 * JSON writes as they are, so printed `--json` output stays JSON, with the same strings in it.
 */
function escapeControl(char: string): string {
  const code = char.charCodeAt(0);
  if (code >= 0x7f) return `\\u${code.toString(16).padStart(4, '0')}`;
  return NAMED[char] ?? `\\x${code.toString(16).padStart(2, '0')}`;
}
