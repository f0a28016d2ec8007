/** Most characters of one tool result the model is shown, so that one call cannot flood its context. */
export const MAX_TOOL_OUTPUT_CHARS = 200_000;

/** Where to cut `text` to keep at most `max` characters, never between the two halves of a character beyond U+FFFF. */
export function cutIndex(text: string, max: number): number {
  return /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
}

/** `output` whole, or its first characters and a note saying how much of what was cut. */
export function limitToolOutput(output: string, what: string, max = MAX_TOOL_OUTPUT_CHARS): string {
  if (output.length <= max) return output;
  const cut = cutIndex(output, max);
  return `${output.slice(0, cut)}\n[truncated: ${what} gave ${output.length.toLocaleString('en-US')} characters; the first ${cut.toLocaleString('en-US')} are shown]`;
}
