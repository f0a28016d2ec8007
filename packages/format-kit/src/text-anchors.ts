/**
 * `\A` and `\z` (Python's `\Z`) — the very start and end of the text — as JavaScript lookarounds, which
 * hold whatever the `m` flag says. JavaScript has no escape for either: without the `u` flag it reads
 * `\A` as the letter A.
 */
export const START_OF_TEXT = '(?<![\\s\\S])';
export const END_OF_TEXT = '(?![\\s\\S])';
