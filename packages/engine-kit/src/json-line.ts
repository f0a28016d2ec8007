/** A JSON object of an agent's event stream. */
export type JsonEvent = Record<string, unknown>;

/**
 * One line of an agent's JSON-lines output, as its stream parsers read it: a blank line is nothing, a line that is
 * not JSON or not an object is a warning (its line number and, for text, its start), and an object is the event.
 */
export function readJsonLine(
  line: string,
  lineNo: number,
  warn: (message: string) => void,
  what = 'stream line',
): JsonEvent | undefined {
  const trimmed = line.trim();
  if (!trimmed) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    warn(`${what} ${lineNo} is not JSON: ${trimmed.slice(0, 200)}`);
    return undefined;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as JsonEvent;
  warn(`${what} ${lineNo} is not a JSON object`);
  return undefined;
}

/** Whether a value of an event is a JSON object (not null, not a list). */
export const isJsonObject = (value: unknown): value is JsonEvent =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value of an event as text, when it is text. */
export const jsonString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A value of an event as a number, when it is a finite one. */
export const jsonNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
