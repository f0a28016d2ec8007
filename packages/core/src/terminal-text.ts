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

/** A copy of a JSON-like value with {@link terminalText} applied to each of its strings (keys included). */
export const terminalSafe = <T>(value: T): T => mapStrings(value, terminalText);

const NAMED: Record<string, string> = { '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\u001b': '\\x1b' };

function escapeControl(char: string): string {
  return NAMED[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}
