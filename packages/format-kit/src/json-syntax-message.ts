import { MAX_NESTING } from './parse-json.js';

/** What each jsonc-parser error code means to someone editing the file, and what to do. */
const MESSAGES: Record<string, string> = {
  InvalidSymbol: 'an unexpected character; JSON strings use double quotes and keys must be quoted',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name in double quotes is expected here (JSON allows no trailing comma)',
  ValueExpected: 'a value is expected here (JSON allows no trailing comma)',
  ColonExpected: 'a colon is expected after the property name',
  CommaExpected: 'a comma is expected between entries',
  CloseBraceExpected: 'a closing "}" is expected',
  CloseBracketExpected: 'a closing "]" is expected',
  EndOfFileExpected: 'the document should end here; only one top-level value is allowed',
  InvalidCommentToken: 'comments are not allowed in JSON; remove it',
  UnexpectedEndOfComment: 'a comment is not closed (and JSON allows no comments)',
  UnexpectedEndOfString: 'a string is not closed; add the closing double quote',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'an invalid escape in a string; write a backslash as \\\\',
  InvalidCharacter: 'a control character inside a string; write a newline as \\n and a tab as \\t',
  NumberOutOfRange: 'a number too large to read (it becomes Infinity); write a smaller one, or quote it as a string',
  NestingTooDeep: `lists and objects nest more than ${MAX_NESTING} levels deep here; no eval file needs that depth, so flatten the structure`,
};

/** A diagnostic message for one JSON syntax error code. */
export function syntaxMessage(code: string): string {
  return `Invalid JSON: ${MESSAGES[code] ?? code}.`;
}
