/**
 * Cuts `text` to `max` characters and says how much was cut, so the judge knows it is not seeing
 * everything. `marker` replaces the default note (for text that was itself only partly read).
 */
export function truncate(text: string, max: number, marker?: string): string {
  if (text.length <= max && marker === undefined) return text;
  return `${text.slice(0, max)}${marker ?? `[… truncated ${text.length - max} chars]`}`;
}

/** A character budget shared by many items (tool results, files): each takes at most `perItem`. */
export class TextBudget {
  #left: number;

  constructor(total: number) {
    this.#left = total;
  }

  get exhausted(): boolean {
    return this.#left <= 0;
  }

  /** `text` cut to what the item and the budget allow. */
  take(text: string, perItem: number, marker?: string): string {
    const max = Math.max(0, Math.min(perItem, this.#left));
    this.#left -= Math.min(text.length, max);
    return truncate(text, max, marker);
  }
}
